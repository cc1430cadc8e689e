// Every input answered with a clear 4xx: unknown /api paths, malformed URLs, the control
// characters that made 500s, and a property-based fuzz run over the whole route table (collected with onRoute, so a
// route added later is fuzzed too) as a visitor, as an administrator and with no credentials.
//
// FUZZ_RUNS sets the runs per route and method (default 100, each route stopped after FUZZ_SECONDS, default 3).
import fc from 'fast-check';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../server/app.ts';
import type { Client } from '../support/accounts.ts';
import { signedIn } from '../support/accounts.ts';
import { csrfFor } from '../support/csrf.ts';
import { databaseKinds, suiteApp } from '../support/databases.ts';
import { browserLine, catalogueIds, enquiryPayload } from '../support/enquiry.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const SECONDS = Number(process.env.FUZZ_SECONDS ?? (process.env.FUZZ_RUNS ? 3600 : 3));
const RAISED = { max: 1_000_000, timeWindow: 60_000 };
const CONFIG = {
  publicUrl: 'https://shop.example.in',
  rateLimits: { orders: RAISED, contact: RAISED, cart: RAISED, register: RAISED, sessions: RAISED },
  lockout: { accountMaxFailures: 1_000_000, ipMaxFailures: 1_000_000, lockMs: 60_000 },
};

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
interface Route {
  method: Method;
  url: string;
}

const STACK_OR_FRAMEWORK = /\n\s+at |\.(?:ts|js|mjs):\d+|node_modules|FST_ERR/;

/**
 * What every answer must be, whatever was asked: no 5xx, no stack trace; under /api a 4xx is JSON with a message,
 * quoting nothing as markup (other paths, images and the sitemap, answer in their own type).
 */
function expectClearAnswer(response: LightMyRequestResponse, api: boolean, sent: string[], label: string): void {
  const where = `${label} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  expect(response.body, where).not.toMatch(STACK_OR_FRAMEWORK);
  const json = /^application\/json/.test(String(response.headers['content-type'] ?? ''));
  if (response.statusCode >= 400 && api) {
    expect(json, where).toBe(true);
    if (response.body !== '') {
      const body = response.json() as { message?: unknown };
      expect(typeof body.message === 'string' && body.message.length > 0, where).toBe(true);
      expect(response.body, where).not.toMatch(/[<>]/);
    }
  } else if (!json) {
    // XML or SVG: nothing sent that could open or close markup may come back as it was sent.
    // (Six characters or more: a lone '>' is in every XML answer.)
    for (const text of sent)
      if (text.length >= 6 && /[<>"'&]/.test(text)) expect(response.body.includes(text), where).toBe(false);
  }
}

// ---- generators ----

const NASTY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'two\nlines',
  '\r\n',
  '\u2028',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'; drop table users; --",
  '%zz',
  '%00',
  '../../etc/passwd',
  '\ud800',
  '𝒜𝒷',
  '__proto__',
  'constructor',
  '9'.repeat(400),
  'x'.repeat(70_000),
];
const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 1, arbitrary: fc.string({ maxLength: 300 }) },
);
const scalar = fc.oneof(
  text,
  fc.integer({ min: -3, max: 3_000_000_000 }),
  fc.constantFrom(0, -0, 1, 2_147_483_647, 2_147_483_648, Number.MAX_SAFE_INTEGER, 1e308, 0.5),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(text, scalar, { maxKeys: 3 }) },
);

/** A valid input, changed: fields kept, dropped or replaced, arrays resized, an unknown field now and then. */
function mutated(base: unknown): fc.Arbitrary<unknown> {
  if (Array.isArray(base)) {
    const item = base.length > 0 ? mutated(base[0]) : value;
    return fc.oneof(fc.constant(base), fc.array(item, { maxLength: 3 }), value);
  }
  if (base !== null && typeof base === 'object') {
    const entries = Object.entries(base);
    const fields = entries.map(([, field]) =>
      fc.oneof({ weight: 4, arbitrary: mutated(field) }, { weight: 1, arbitrary: fc.constant(DROP) }),
    );
    return fc.tuple(fc.tuple(...fields), fc.option(fc.tuple(text, value), { freq: 6 })).map(([changed, extra]) => {
      const out: Record<string, unknown> = {};
      entries.forEach(([key], i) => {
        if (changed[i] !== DROP) out[key] = changed[i];
      });
      if (extra) out[extra[0]] = extra[1];
      return out;
    });
  }
  return fc.oneof({ weight: 3, arbitrary: fc.constant(base) }, { weight: 2, arbitrary: value });
}
const DROP = Symbol('drop');

/** Every field's path in a valid input (into objects and arrays), to change one at a time. */
function fieldPaths(input: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (input === null || typeof input !== 'object') return prefix.length > 0 ? [prefix] : [];
  const entries: [string | number, unknown][] = Array.isArray(input) ? input.map((v, i) => [i, v]) : Object.entries(input);
  return entries.flatMap(([key, v]) => [
    [...prefix, key],
    ...fieldPaths(v, [...prefix, key]).filter((p) => p.length > prefix.length + 1),
  ]);
}

/** A valid input with one field (at any depth) replaced: what reaches past the other fields' checks. */
function oneChanged(base: unknown): fc.Arbitrary<unknown> {
  const paths = fieldPaths(base);
  if (paths.length === 0) return value;
  const replacements = fc.oneof(text, value);
  return fc.tuple(fc.constantFrom(...paths), replacements).map(([path, replacement]) => {
    const copy = structuredClone(base) as Record<string | number, unknown>;
    let node = copy;
    for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
    node[path.at(-1)!] = replacement;
    return copy;
  });
}

interface Body {
  payload?: string;
  contentType?: string;
}
function bodies(base: unknown): fc.Arbitrary<Body> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant({ payload: JSON.stringify(base), contentType: 'application/json' }) },
    { weight: 6, arbitrary: oneChanged(base).map((v) => ({ payload: JSON.stringify(v), contentType: 'application/json' })) },
    { weight: 4, arbitrary: mutated(base).map((v) => ({ payload: JSON.stringify(v), contentType: 'application/json' })) },
    { weight: 1, arbitrary: value.map((v) => ({ payload: JSON.stringify(v) ?? 'null', contentType: 'application/json' })) },
    { weight: 1, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc.record({
        payload: fc.oneof(text, fc.constantFrom('{', '{"a":', '[1,', '\u0000', 'a=1&b=2')),
        contentType: fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          'application/json; charset=latin1',
          '',
        ),
      }),
    },
  );
}

const QUERY_NAMES = ['category', 'search', 'featured', 'options', 'limit'];
const queries = fc.oneof(
  fc.constant(''),
  fc
    .dictionary(fc.oneof(fc.constantFrom(...QUERY_NAMES), text), fc.oneof(text, fc.array(text, { maxLength: 2 })), { maxKeys: 3 })
    .map((query) => {
      const params = new URLSearchParams();
      for (const [key, v] of Object.entries(query)) for (const item of [v].flat()) params.append(key, item);
      return params.size > 0 ? `?${params}` : '';
    }),
  fc.constantFrom('?%zz', '?search=%', '?options=1,,2', '?limit=1e3', '?category=plates&category=cups', '?a[b]=1'),
);
const pathParam = fc.oneof(
  fc.constantFrom(
    '1',
    '0',
    '-1',
    '2147483648',
    '99999999999999999999',
    '1.5',
    '1e3',
    'abc',
    '%zz',
    '%00',
    '%2F',
    'a'.repeat(150),
  ),
  fc.integer({ min: 1, max: 300 }).map(String),
  text.filter((t) => t.length > 0).map(encodeSafe),
);
const headerText = fc.stringMatching(/^[\x20-\x7e]{0,120}$/);
const extraHeaders = fc
  .tuple(
    fc.record({ 'idempotency-key': headerText, 'x-forwarded-for': headerText, accept: headerText }, { requiredKeys: [] }),
    // A foreign Origin is refused before anything else: now and then only, so that the rest is reached.
    fc.oneof({ weight: 9, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: headerText }),
  )
  .map(([headers, origin]) => (origin === null ? headers : { ...headers, origin }));

/** A URL for a route: each :param and the wildcard filled in from the generated values. */
function urlOf(route: string, params: string[], query: string): string {
  let i = 0;
  return route.replace(/:[A-Za-z]+|\*/g, () => params[i++] ?? '1') + query;
}

// ---- the tests ----

describe.each(databaseKinds())('every input on %s', (kind) => {
  const routes: Route[] = [];
  const ctx = suiteApp(kind, {
    config: CONFIG,
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) routes.push({ method: method as Method, url: route.url });
    },
  });
  let admin: Client;
  let examples: Record<string, unknown>;

  beforeAll(async () => {
    await ctx.services.mail.stop();
    admin = await signedIn(ctx, { username: 'fuzz_admin', role: 'admin' });
    const ids = await catalogueIds(ctx.database.db);
    const line = browserLine(ids, 'Bagasse Cup 200 ml', null, 2);
    // A valid input for each write, for the fuzzer to change.
    examples = {
      'POST /api/cart': { productId: line.productId, quantity: 2 },
      'PUT /api/cart/:productId': { quantity: 3 },
      'PUT /api/cart/:productId/:variationId': { quantity: 3 },
      'POST /api/orders': enquiryPayload([line]),
      'POST /api/contact': {
        name: 'Suresh',
        email: 's@example.in',
        phone: '9447012345',
        inquiryType: 'general',
        message: 'Please call me back.',
      },
      'POST /api/auth/register': {
        firstName: 'Fuzz',
        lastName: 'Visitor',
        username: 'fuzzy',
        email: 'fuzzy@example.in',
        password: 'long enough 1',
      },
      'POST /api/auth/login': { username: 'fuzz_admin', password: 'wrong password' },
      'POST /api/auth/verify-2fa': { token: '123456' },
      'POST /api/auth/enable-2fa': { token: '123456' },
      'POST /api/auth/change-password': { currentPassword: 'wrong password', newPassword: 'New passw0rd!!' },
      'POST /api/admin/orders/:id/invoice': {
        confirmed: {
          lines: [{ price: '260.00', hsnCode: '48236900', gstRate: 18 }],
          delivery: '50.00',
          placeOfSupply: '32',
          customerGstin: null,
        },
      },
      'POST /api/admin/orders/:id/payments': {
        amount: '100.00',
        receivedOn: new Date().toISOString().slice(0, 10),
        method: 'upi',
        reference: '432109876543',
      },
      'POST /api/admin/orders/:id/credit-notes': { reason: 'Damaged', lines: [{ line: 1, quantity: 1 }], delivery: false },
      'PATCH /api/admin/orders/:id/status': {
        status: 'shipped',
        dispatch: {
          transporter: 'Kerala Roadways',
          docketNumber: 'KRW/1',
          vehicleNumber: 'KL07AB1234',
          expectedOn: '2099-01-01',
          ewayBillNumber: '331002345678',
        },
      },
    };
  });

  /** As a visitor with a session and its CSRF token, so that a write reaches the router, not the CSRF refusal. */
  const send = async (method: Method, url: string) => ctx.app.inject({ method, url, headers: (await csrfFor(ctx.app)).headers });

  it.each(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const)(
    'an unknown /api path answers %s with JSON 404',
    async (method) => {
      for (const url of ['/api/nonexistent', '/api/orders/1', '/api', '/api/', '/api/products/1/reviews']) {
        const response = await send(method, url);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.headers['content-type'], `${method} ${url}`).toMatch(/^application\/json/);
        if (method !== 'HEAD') expect(response.json()).toEqual({ message: `No API endpoint ${method} ${url}` });
      }
    },
  );

  it('with the pages registered, an unknown /api path is still the API 404 (the pages answer every other GET)', async () => {
    let rendered = 0;
    const withPages = await buildApp({
      config: ctx.config,
      database: ctx.database,
      services: ctx.services,
      pages: {
        mode: 'production',
        build: async () => {
          rendered++;
          throw new Error('no page in this test');
        },
      },
    });
    try {
      for (const url of ['/api/nonexistent', '/api/orders', '/api']) {
        const response = await withPages.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json(), url).toEqual({ message: `No API endpoint GET ${url}` });
      }
      expect(rendered).toBe(0);
      await withPages.inject({ method: 'GET', url: '/nonexistent' });
      expect(rendered, 'the page renderer was asked for /nonexistent').toBeGreaterThan(0);
    } finally {
      await withPages.close();
    }
  });

  it('a malformed %-escape in the path answers JSON 400 without naming the framework or echoing the path', async () => {
    for (const url of ['/api/products/%zz', '/api/cart/%E0%A4%A', '/images/products/%zz.svg']) {
      const response = await send('GET', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ message: 'The address is not valid: it has a malformed %-escape.' });
    }
  });

  it('a path part over the length limit answers JSON 414', async () => {
    const response = await send('GET', `/images/products/${'a'.repeat(200)}.svg`);
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ message: 'A part of the address is too long.' });
  });

  it('an error message that quotes the request is inert JSON (no raw < or >)', async () => {
    const visitor = await csrfFor(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: visitor.headers,
      payload: { '<img src=x onerror=alert(1)>': 1 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toMatch(/[<>]/);
    expect(response.body).toContain('\\u003cimg src=x onerror=alert(1)\\u003e');
    expect(response.json().errors).toHaveProperty(
      ['<img src=x onerror=alert(1)>'],
      "Unknown field '<img src=x onerror=alert(1)>'",
    );
  });

  // The 8 requests of the adversarial run that answered 500: a NUL in a text field.
  it.each([
    ['POST /api/orders', 'customerName'],
    ['POST /api/orders', 'specialRequests'],
    ['POST /api/orders', 'sessionId'],
    ['POST /api/contact', 'name'],
    ['POST /api/contact', 'company'],
    ['POST /api/auth/login', 'username'],
    ['POST /api/auth/register', 'firstName'],
    ['POST /api/auth/register', 'lastName'],
  ])('%s with a NUL in %s answers 400 naming the field', async (route, field) => {
    const message =
      field === 'specialRequests' ? 'Must not contain control characters' : 'Must be one line without control characters';
    const visitor = await csrfFor(ctx.app);
    const base = examples[route] as Record<string, unknown>;
    const response = await ctx.app.inject({
      method: 'POST',
      url: route.split(' ')[1]!,
      headers: visitor.headers,
      payload: { ...base, [field]: 'Asha\u0000Rao' },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toEqual({ [field]: message });
  });

  it('a line break in a name is refused; in special requests it is kept', async () => {
    const visitor = await csrfFor(ctx.app);
    const order = examples['POST /api/orders'] as Record<string, unknown>;
    const name = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: visitor.headers,
      payload: { ...order, customerName: 'Asha\nBcc: all@example.in' },
    });
    expect(name.statusCode).toBe(400);
    expect(name.json().errors).toEqual({ customerName: 'Must be one line without control characters' });
    const requests = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: visitor.headers,
      payload: { ...order, specialRequests: 'Gate 2.\nRing first.' },
    });
    expect(requests.statusCode, requests.body).toBe(201);
  });

  it('any Idempotency-Key: a malformed one is 400; a key answers only its own session, and only for the enquiry it came with', async () => {
    const ids = await catalogueIds(ctx.database.db);
    const payloadOf = (quantity: number) => enquiryPayload([browserLine(ids, 'Bagasse Cup 200 ml', null, quantity)]);
    const post = (headers: Record<string, string>, key: string, quantity: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { ...headers, 'idempotency-key': key },
        payload: payloadOf(quantity),
      });
    const wellFormed = /^[A-Za-z0-9_-]{16,100}$/;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{16,100}$/), fc.stringMatching(/^[A-Za-z0-9_-]{1,15}$/), headerText),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 3 }),
        async (key, first, second) => {
          const a = (await csrfFor(ctx.app)).headers;
          const b = (await csrfFor(ctx.app)).headers;
          const sent = await post(a, key, first);
          expectClearAnswer(sent, true, [key], `key ${JSON.stringify(key)}`);
          if (!wellFormed.test(key)) {
            expect(sent.statusCode).toBe(400);
            return;
          }
          expect(sent.statusCode, sent.body).toBe(201);
          const again = await post(a, key, second);
          if (first === second) expect(again.json()).toEqual(sent.json());
          else expect(again.statusCode).toBe(422);
          const other = await post(b, key, first);
          expect(other.statusCode).toBe(201);
          expect(other.json().id).not.toBe(sent.json().id);
          expect(other.json().statusToken).not.toBe(sent.json().statusToken);
        },
      ),
      { numRuns: Math.min(RUNS, 30), interruptAfterTimeLimit: SECONDS * 1000, markInterruptAsFailure: false },
    );
  });

  it('the fuzz run: no 5xx, no stack trace, JSON with a message for every 4xx, nothing echoed as markup', async () => {
    const statuses = new Map<number, number>();
    let requests = 0;
    expect(routes.length).toBeGreaterThan(15);
    const fuzzed = routes.filter((route) => !(route.url === '/healthz'));
    for (const route of fuzzed) {
      const params = (route.url.match(/:[A-Za-z]+|\*/g) ?? []).length;
      const base = examples[`${route.method} ${route.url}`] ?? {};
      const persona = fc.constantFrom('visitor', 'admin', 'nobody');
      await fc.assert(
        fc.asyncProperty(
          persona,
          fc.array(pathParam, { minLength: params, maxLength: params }),
          queries,
          bodies(base),
          extraHeaders,
          async (who, values, query, body, extra) => {
            const headers: Record<string, string> = { ...extra };
            // The administrator's session must survive the run: its sign-in routes are a visitor's to fuzz.
            const as = who === 'admin' && route.url.startsWith('/api/auth/') && route.method !== 'GET' ? 'visitor' : who;
            if (as === 'visitor') Object.assign(headers, (await csrfFor(ctx.app)).headers);
            if (as === 'admin') {
              headers.cookie = `shop_session=${admin.token}`;
              headers['x-csrf-token'] = await admin.csrfToken();
            }
            if (body.contentType) headers['content-type'] = body.contentType;
            const url = urlOf(route.url, values, query);
            const withBody = route.method !== 'GET' && route.method !== 'HEAD';
            const response = await ctx.app.inject({
              method: route.method,
              url,
              headers,
              ...(withBody && body.payload !== undefined && { payload: body.payload }),
            });
            requests++;
            statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
            const sent = [...values.map((v) => decodeURIComponentSafe(v)), query, body.payload ?? ''];
            expectClearAnswer(
              response,
              url.startsWith('/api'),
              sent,
              `${as} ${route.method} ${url} ${body.payload?.slice(0, 200) ?? ''}`,
            );
          },
        ),
        { numRuns: RUNS, interruptAfterTimeLimit: SECONDS * 1000, markInterruptAsFailure: false },
      );
    }
    const figures = Object.fromEntries([...statuses].sort(([a], [b]) => a - b));
    console.log(`fuzz on ${kind}: ${fuzzed.length} routes, ${requests} requests, statuses ${JSON.stringify(figures)}`);
    const ok = [...statuses].filter(([status]) => status < 300).reduce((n, [, c]) => n + c, 0);
    expect(ok, 'the fuzzer reached the handlers now and then').toBeGreaterThan(0);
    expect([...statuses.keys()].every((status) => status < 500)).toBe(true);
    // Whatever the fuzz did, the administrator is still signed in (the runs above used its session).
    expect((await admin.status()).user?.username).toBe('fuzz_admin');
  }, 600_000);
});

/** encodeURIComponent, with a lone surrogate (which it refuses) sent as its replacement character. */
function encodeSafe(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%EF%BF%BD';
  }
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
