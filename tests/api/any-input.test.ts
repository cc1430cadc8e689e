// Every input answered with a clear 4xx: unknown /api paths, malformed URLs, the control
// characters that made 500s, and a property-based fuzz run over the whole route table (collected with onRoute, so a
// route added later is fuzzed too) as a visitor, as an administrator and with no credentials.
//
// FUZZ_RUNS sets the runs per route and method (default 100, each route stopped after FUZZ_SECONDS, default 3).
import fc from 'fast-check';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';

import type { BankStatementUpload } from '#domains/bank/schema.ts';
import { addDays, istDate } from '#lib/india-time.ts';
import { BROKEN_CHARACTER_MESSAGE } from '#lib/schemas/text.ts';
import { buildApp } from '#server/app.ts';
import { statementFile } from '#tests/fixtures/bank-statements.ts';
import { Client, createAccount, expectBody, signedIn } from '#tests/support/accounts.ts';
import { makeP12 } from '#tests/support/certificate.ts';
import { csrfFor } from '#tests/support/csrf.ts';
import { databaseKinds, suiteApp } from '#tests/support/databases.ts';
import { browserLine, catalogueIds, enquiryPayload } from '#tests/support/enquiry.ts';
import { productShowing } from '#tests/support/factories.ts';
import { multipart } from '#tests/support/multipart.ts';
import type { Sent } from '#tests/support/staff-app.ts';

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
  return fc.tuple(fc.constantFrom(...paths), replacements).map(([path, replacement]) => withField(base, path, replacement));
}

/** A copy of `base` with the field at `path` replaced. */
function withField(base: unknown, path: (string | number)[], replacement: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = replacement;
  return copy;
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

/** An answer of the e-invoice portal in its shape (its signed parts are not the portal's: refused, never a 500). */
const IRP_ANSWER = {
  Irn: 'a'.repeat(64),
  AckNo: '112610000012345',
  AckDt: '2026-12-05 11:05:00',
  SignedInvoice: 'a.b.c',
  SignedQRCode: 'a.b.c',
  Status: 'ACT',
};

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
        receivedOn: istDate(new Date()),
        method: 'upi',
        reference: '432109876543',
      },
      'POST /api/admin/orders/:id/credit-notes': { reason: 'Damaged', lines: [{ line: 1, quantity: 1 }], delivery: false },
      'POST /api/admin/bank-statements/credits/:id/confirm': { allocations: [{ invoice: 'GL/2026-27/0001', amount: '100.00' }] },
      'POST /api/admin/orders/:id/refunds': {
        amount: '10.00',
        paidOn: istDate(new Date()),
        method: 'bank-transfer',
        reference: 'HDFCR52026120500',
        note: 'To the account the customer gave',
      },
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
    ['POST /api/orders', 'customerBusinessName'],
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

  it('a lone surrogate in every text of every route (body, query, path) answers 4xx or its answer, never 5xx', async () => {
    const f = await surrogateFixtures();
    const inputs = routeInputs(f, examples);
    const keyOf = (route: Route) => `${route.method === 'HEAD' ? 'GET' : route.method} ${route.url}`;
    // A route added later fails here until it has its valid input below, so that its text fields are covered.
    expect(routes.filter((route) => !(keyOf(route) in inputs)).map(keyOf), 'routes without an input').toEqual([]);
    expect(
      Object.keys(inputs).filter((key) => !routes.some((route) => keyOf(route) === key)),
      'inputs of no route',
    ).toEqual([]);

    const statuses = new Map<number, number>();
    const answers = new Map<string, LightMyRequestResponse>();
    let requests = 0;
    for (const route of routes) {
      const { params = [], query = {}, body, as = personaOf(route.url) } = inputs[keyOf(route)]!;
      const variants: Array<{ params: string[]; query: string; body?: unknown; field?: string }> = [];
      const queryOf = (entries: Record<string, string>) => {
        const text = Object.entries(entries)
          .map(([key, value]) => `${key}=${value}`)
          .join('&');
        return text ? `?${text}` : '';
      };
      const valid = { params: params.map(String), query: queryOf(query), body };
      // Text in a JSON body: each string field in turn, a high half alone and a low half alone.
      for (const path of fieldPaths(body).filter((p) => typeof fieldAt(body, p) === 'string'))
        for (const lone of LONE) variants.push({ ...valid, body: withField(body, path, lone), field: path.join('.') });
      // An unknown field named and valued with them, where a body is read.
      if (!['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(route.method) && (body === undefined || isRecord(body)))
        variants.push({ ...valid, body: { ...(body as object), [LONE[0]]: LONE[1] } });
      // A query or a path can carry a lone surrogate only as its UTF-8-like bytes, which are not UTF-8.
      for (const key of Object.keys(query))
        for (const bytes of LONE_BYTES) variants.push({ ...valid, query: queryOf({ ...query, [key]: bytes }) });
      params.forEach((_, i) => variants.push({ ...valid, params: valid.params.map((v, j) => (i === j ? LONE_BYTES[0] : v)) }));
      // An unknown query parameter: on reads, and on a write with nothing else to change (on the others it would only
      // carry out the valid write, which may delete what later routes need).
      if (route.method === 'GET' || route.method === 'HEAD' || variants.length === 0)
        variants.push({ ...valid, query: queryOf({ ...query, [LONE_BYTES[0]]: LONE_BYTES[1] }) });

      for (const variant of variants) {
        const headers: Record<string, string> = {};
        if (as === 'visitor') Object.assign(headers, (await csrfFor(ctx.app)).headers);
        else {
          const client = as === 'admin' ? admin : f.customer;
          headers.cookie = `shop_session=${client.token}`;
          headers['x-csrf-token'] = await client.csrfToken();
        }
        const payload = variant.body === undefined ? undefined : JSON.stringify(variant.body);
        if (payload !== undefined) headers['content-type'] = 'application/json';
        const url = urlOf(route.url, variant.params, variant.query);
        const response = await ctx.app.inject({ method: route.method, url, headers, ...(payload !== undefined && { payload }) });
        if (variant.field) answers.set(`${keyOf(route)} ${variant.field}`, response);
        requests++;
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        expectClearAnswer(response, url.startsWith('/api'), [], `${as} ${route.method} ${url} ${payload?.slice(0, 200) ?? ''}`);
      }
    }
    const figures = Object.fromEntries([...statuses].sort(([a], [b]) => a - b));
    const errors = [...statuses].filter(([status]) => status >= 500).reduce((n, [, c]) => n + c, 0);
    console.log(
      `lone surrogates on ${kind}: ${routes.length} routes, ${requests} requests, ${errors} 5xx, statuses ${JSON.stringify(figures)}`,
    );
    expect(errors).toBe(0);
    // The five routes of the adversarial run that answered 500: now the shared text rule's 400 at the field.
    for (const [route, field] of [
      ['POST /api/enquiries/status/:token/quote/decline', 'reason'],
      ['POST /api/admin/orders/:id/credit-notes', 'reason'],
      ['PATCH /api/admin/orders/:id/status', 'dispatch.transporter'],
      ['POST /api/admin/staff', 'firstName'],
      ['PUT /api/admin/customers/:id/note', 'note'],
    ]) {
      const answer = answers.get(`${route} ${field}`);
      expect(answer?.statusCode, `${route} ${field}`).toBe(400);
      expect(answer?.json().errors, `${route} ${field}`).toEqual({ [field!]: BROKEN_CHARACTER_MESSAGE });
    }
    // The sessions used are still signed in (nothing above signed them out).
    expect((await admin.status()).user?.username).toBe('fuzz_admin');
    expect((await f.customer.status()).user?.username).toBe('lone_customer');
  }, 120_000);

  /** Real rows for the routes' path parameters, so that a request reaches its handler's checks. */
  async function surrogateFixtures(): Promise<Fixtures> {
    const ids = await catalogueIds(ctx.database.db);
    const cup = browserLine(ids, 'Bagasse Cup 200 ml', null, 2);
    const visitor = new Client(ctx.app);
    const enquiry = async (client: Client) => expectBody(client.post<Sent>('/api/orders', enquiryPayload([cup])), 201);
    const bankCredit = async () => {
      const file = await statementFile('hdfc', [
        { day: istDate(new Date()), narration: 'UPI-LONE-lone@okaxis-412345678000-GL/2026-27/0001', credit: 100_00 },
      ]);
      const upload = admin.request<BankStatementUpload>(
        'POST',
        '/api/admin/bank-statements',
        multipart([{ ...file, field: 'file' }]),
      );
      return (await expectBody(upload, 200)).credits[0]!;
    };
    const quoted = async (sent: Sent) => {
      await expectBody(admin.post(`/api/admin/orders/${sent.id}/quotes`, QUOTE), 201);
      return sent;
    };
    const customer = await signedIn(ctx, { username: 'lone_customer' });
    const order = await enquiry(visitor);
    await expectBody(
      admin.post(`/api/admin/orders/${order.id}/invoice`, examples['POST /api/admin/orders/:id/invoice'] as object),
      201,
    );
    await expectBody(admin.post(`/api/admin/orders/${order.id}/credit-notes`, CREDIT_NOTE), 201);
    await expectBody(
      admin.post(`/api/admin/orders/${order.id}/payments`, examples['POST /api/admin/orders/:id/payments'] as object),
      201,
    );
    await expectBody(visitor.post('/api/contact', examples['POST /api/contact'] as object), 201);
    const contacts = await expectBody(admin.get<{ items: { id: number }[] }>('/api/admin/contacts?page=1'), 200);
    const customers = await expectBody(admin.get<{ items: { id: number }[] }>('/api/admin/customers?page=1'), 200);
    const invitation = await expectBody(
      admin.post<{ id: number }>('/api/admin/staff', { email: 'lone.invitee@example.in', firstName: 'Lone', role: 'staff' }),
      201,
    );
    return {
      customer,
      order,
      quoted: await quoted(await enquiry(visitor)),
      own: (await quoted(await enquiry(customer))).displayId,
      spare: await enquiry(visitor),
      contact: contacts.items[0]!.id,
      customerId: customers.items[0]!.id,
      product: cup.productId,
      variation: { product: ids.product('Areca Leaf Round Plate'), id: ids.variation('Areca Leaf Round Plate', '8 inch') },
      member: (await createAccount(ctx.services, { username: 'lone_staff', role: 'staff' })).id,
      invitation: invitation.id,
      credit: (await bankCredit()).id,
      priceGroup: (
        await expectBody(
          admin.post<{ id: number }>('/api/admin/price-groups', {
            name: 'Lone distributors',
            kind: 'prices',
            prices: [{ productId: cup.productId, price: '900.00', priceBreaks: [{ minCartons: 10, price: '850.00' }] }],
          }),
          201,
        )
      ).id,
    };
  }

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
            // What this request sent: a GET's generated body is not sent, so stored data equal to it is no echo.
            const sent = [...values.map((v) => decodeURIComponentSafe(v)), query, ...(withBody ? [body.payload ?? ''] : [])];
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

// ---- lone surrogates on every route ----

/** Half of a surrogate pair alone: a high one, and a low one inside text. */
const LONE = ['\uD800', 'Asha \uDC00 Rao'] as const;
/** The same halves as a URL carries them (CESU-8 bytes, which are not UTF-8). */
const LONE_BYTES = ['%ED%A0%80', 'x%ED%B0%80'] as const;
/** Today in India, as the shop dates its documents. */
const TODAY = istDate(new Date());
const QUOTE = {
  lines: [{ price: '260.00', hsnCode: '48236900', gstRate: 18 }],
  delivery: '50.00',
  placeOfSupply: '32',
  customerGstin: null,
  billingName: 'Menon Caterers LLP',
  billingAddress: '14/220 Temple Road, Kochi, Kerala 682024',
  validUntil: addDays(TODAY, 7),
  note: 'Prices include delivery to Aluva.',
};
const CREDIT_NOTE = { reason: 'One carton damaged', lines: [{ line: 1, quantity: 1 }] };
const LINK_TOKEN = 'A'.repeat(43);
const PAGE = { q: 'asha', page: '1', pageSize: '10' };
const LIST = { ...PAGE, seen: 'false', from: '2026-01-01', to: TODAY };

type Persona = 'visitor' | 'customer' | 'admin';
interface Fixtures {
  customer: Client;
  /** Invoiced, with a credit note and a payment. */
  order: Sent;
  /** With a quote sent and open. */
  quoted: Sent;
  /** The customer's own quoted enquiry, by its number. */
  own: number;
  /** For what would spoil the others (a new status link, deleting). */
  spare: Sent;
  contact: number;
  customerId: number;
  product: number;
  variation: { product: number; id: number };
  member: number;
  invitation: number;
  /** A bank credit waiting for its match. */
  credit: number;
  /** A price group of its own prices. */
  priceGroup: number;
}
interface RouteInput {
  params?: (string | number)[];
  query?: Record<string, string>;
  /** A valid JSON body: each of its strings is replaced in turn. */
  body?: unknown;
  as?: Persona;
}

const personaOf = (url: string): Persona =>
  url.startsWith('/api/admin/') ? 'admin' : url.startsWith('/api/account/') ? 'customer' : 'visitor';
const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const fieldAt = (base: unknown, path: (string | number)[]): unknown =>
  path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], base);

/** A valid input for every route the server registers (HEAD goes with its GET), by 'METHOD url'. */
function routeInputs(f: Fixtures, examples: Record<string, unknown>): Record<string, RouteInput> {
  const signedIn: RouteInput = { as: 'customer' };
  const byLink = (token: string) => ({
    [`POST /api/enquiries/status/:token/quote/accept`]: { params: [token], body: { version: 1 } },
    [`POST /api/enquiries/status/:token/quote/decline`]: { params: [token], body: { version: 1, reason: 'Too dear for us' } },
  });
  const fallback = Object.fromEntries(
    (['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'QUERY'] as const).flatMap((method) => [
      [`${method} /api`, {}],
      [`${method} /api/*`, { params: ['nothing/here'] }],
    ]),
  );
  return {
    ...fallback,
    'GET /healthz': {},
    'GET /sitemap.xml': {},
    'GET /images/products/:file': { params: ['areca-round-plate.svg'] },
    'GET /media/:name': { params: ['photo.avif'] },

    'GET /api/auth/status': {},
    'GET /api/auth/csrf-token': {},
    'POST /api/auth/register': { body: examples['POST /api/auth/register'] },
    'POST /api/auth/login': { body: examples['POST /api/auth/login'] },
    'POST /api/auth/verify-2fa': { body: { token: '123456' } },
    'POST /api/auth/logout': {},
    'POST /api/auth/setup-2fa': signedIn,
    'POST /api/auth/enable-2fa': { ...signedIn, body: { token: '123456' } },
    'GET /api/auth/session': signedIn,
    'GET /api/auth/backup-codes': signedIn,
    'POST /api/auth/backup-codes': { ...signedIn, body: { token: '123456' } },
    'POST /api/auth/change-password': {
      ...signedIn,
      body: { currentPassword: 'not the password', newPassword: 'New-Passw0rd!!', confirmPassword: 'New-Passw0rd!!' },
    },
    'POST /api/auth/invitation': { body: { token: LINK_TOKEN } },
    'POST /api/auth/accept-invite': { body: { token: LINK_TOKEN, username: 'lone.join', password: 'Banana-Leaf#Aluva2026' } },
    'POST /api/auth/forgot-password': { body: { email: 'nobody@example.in' } },
    'POST /api/auth/password-reset': { body: { token: LINK_TOKEN } },
    'POST /api/auth/reset-password': { body: { token: LINK_TOKEN, password: 'Banana-Leaf#Aluva2026' } },

    'GET /api/admin/security-logs': { query: { limit: '10' } },
    'GET /api/admin/security-logs/summary': {},
    'GET /api/admin/staff': { query: PAGE },
    'POST /api/admin/staff': { body: { email: 'lone.colleague@example.in', firstName: 'Lone', role: 'staff' } },
    'GET /api/admin/staff/invitations': { query: PAGE },
    'POST /api/admin/staff/invitations/:id/resend': { params: [f.invitation] },
    'DELETE /api/admin/staff/invitations/:id': { params: [f.invitation] },
    'GET /api/admin/staff/:id': { params: [f.member] },
    'PATCH /api/admin/staff/:id': { params: [f.member], body: { role: 'admin' } },
    'POST /api/admin/staff/:id/sign-out': { params: [f.member] },
    'POST /api/admin/staff/:id/reset-2fa': { params: [f.member] },
    'POST /api/admin/staff/:id/reset-password': { params: [f.member] },
    'DELETE /api/admin/staff/:id': { params: [f.member] },

    'GET /api/products': { query: { category: 'cups', search: 'cup 200 ml', featured: 'true', sort: 'featured', page: '1' } },
    'GET /api/products/suggestions': { query: { search: 'areca' } },
    'GET /api/products/:id': { params: [f.product] },
    'GET /api/products/:id/variations': { params: [f.variation.product] },
    'GET /api/cart': {},
    'POST /api/cart': { body: examples['POST /api/cart'] },
    'PUT /api/cart/:productId': { params: [f.product], body: { quantity: 3 } },
    'PUT /api/cart/:productId/:variationId': { params: [f.variation.product, f.variation.id], body: { quantity: 3 } },
    'DELETE /api/cart/:productId': { params: [f.product] },
    'DELETE /api/cart/:productId/:variationId': { params: [f.variation.product, f.variation.id] },
    'DELETE /api/cart': {},
    'POST /api/orders': { body: examples['POST /api/orders'] },
    'POST /api/contact': { body: examples['POST /api/contact'] },

    'GET /api/enquiries/status/:token': { params: [f.quoted.statusToken] },
    ...byLink(f.quoted.statusToken),
    'GET /api/enquiries/status/:token/quotes/:version/pdf': { params: [f.quoted.statusToken, 1] },
    'GET /api/enquiries/status/:token/invoice/pdf': { params: [f.order.statusToken] },
    'GET /api/enquiries/status/:token/credit-notes/:n/pdf': { params: [f.order.statusToken, 1] },
    'GET /api/account/enquiries': { query: { page: '1' } },
    'GET /api/account/checkout-details': {},
    'GET /api/account/statement': { query: { format: 'json' } },
    'GET /api/account/enquiries/:number': { params: [f.own] },
    'POST /api/account/enquiries/:number/enquire-again': { params: [f.own] },
    'POST /api/account/enquiries/:number/quote/accept': { params: [f.own], body: { version: 1 } },
    'POST /api/account/enquiries/:number/quote/decline': { params: [f.own], body: { version: 1, reason: 'Too dear for us' } },
    'GET /api/account/enquiries/:number/quotes/:version/pdf': { params: [f.own, 1] },
    'GET /api/account/enquiries/:number/invoice/pdf': { params: [f.own] },
    'GET /api/account/enquiries/:number/credit-notes/:n/pdf': { params: [f.own, 1] },

    'GET /api/admin/orders': { query: { ...LIST, status: 'new' } },
    'GET /api/admin/orders/export.csv': { query: { ...LIST, status: 'new' } },
    'GET /api/admin/orders/:id': { params: [f.order.id] },
    'PATCH /api/admin/orders/:id/seen': { params: [f.order.id], body: { seen: true } },
    'DELETE /api/admin/orders/:id': { params: [f.spare.id] },
    'GET /api/admin/today': {},
    'PATCH /api/admin/orders/:id/status': { params: [f.order.id], body: examples['PATCH /api/admin/orders/:id/status'] },
    'POST /api/admin/orders/:id/status-link': { params: [f.spare.id] },
    'GET /api/admin/orders/:id/status-link': { params: [f.spare.id] },
    'DELETE /api/admin/orders/:id/status-link': { params: [f.spare.id] },
    'GET /api/admin/orders/:id/quotes': { params: [f.quoted.id] },
    'POST /api/admin/orders/:id/quotes/preview': { params: [f.quoted.id], body: QUOTE },
    'POST /api/admin/orders/:id/quotes': { params: [f.quoted.id], body: QUOTE },
    'GET /api/admin/orders/:id/quotes/:version/pdf': { params: [f.quoted.id, 1] },
    'GET /api/admin/orders/:id/invoice': { params: [f.order.id] },
    'GET /api/admin/orders/:id/eway-bill': { params: [f.order.id] },
    'GET /api/admin/orders/:id/e-invoice': { params: [f.order.id], query: { creditNote: '1' } },
    'POST /api/admin/orders/:id/e-invoice/answer': { params: [f.order.id], body: { answer: IRP_ANSWER } },
    'POST /api/admin/orders/:id/e-invoice/cancel': {
      params: [f.order.id],
      body: { Irn: IRP_ANSWER.Irn, CancelDate: '2026-12-05 12:00:00', reason: '2', remark: 'Wrong quantity' },
    },
    'GET /api/admin/orders/:id/invoice-status': { params: [f.order.id] },
    'GET /api/admin/orders/:id/invoice/pdf': { params: [f.order.id] },
    'GET /api/admin/orders/:id/credit-notes/:n/pdf': { params: [f.order.id, 1] },
    'POST /api/admin/orders/:id/invoice': { params: [f.spare.id], body: examples['POST /api/admin/orders/:id/invoice'] },
    'POST /api/admin/orders/:id/credit-notes': { params: [f.order.id], body: CREDIT_NOTE },
    'POST /api/admin/orders/:id/credit-notes/preview': { params: [f.order.id], body: { lines: CREDIT_NOTE.lines } },
    'POST /api/admin/orders/:id/payments': { params: [f.order.id], body: examples['POST /api/admin/orders/:id/payments'] },
    'POST /api/admin/orders/:id/refunds': { params: [f.order.id], body: examples['POST /api/admin/orders/:id/refunds'] },
    'GET /api/admin/reports/gstr1': { query: { month: TODAY.slice(0, 7), format: 'csv', table: 'b2cs' } },
    'GET /api/admin/reports/eway-bills': { query: { from: TODAY, to: TODAY } },
    'GET /api/admin/reports/tally': { query: { month: TODAY.slice(0, 7) } },

    'GET /api/admin/contacts': { query: LIST },
    'GET /api/admin/contacts/export.csv': { query: LIST },
    'GET /api/admin/contacts/:id': { params: [f.contact] },
    'PATCH /api/admin/contacts/:id/seen': { params: [f.contact], body: { seen: true } },
    'DELETE /api/admin/contacts/:id': { params: [f.contact] },
    'POST /api/admin/contacts/:id/enquiry': {
      params: [f.contact],
      body: { deliveryLocation: 'Market Road, Aluva', items: [{ productId: f.product, quantity: 2 }] },
    },
    'GET /api/admin/dashboard': {},
    'GET /api/admin/settings': {},
    'GET /api/admin/settings/history': { query: { page: '1', pageSize: '10', section: 'tax' } },
    'POST /api/admin/settings/images': {},
    'GET /api/admin/settings/signing': {},
    'PUT /api/admin/settings/signing': {
      body: { file: makeP12('Green Leaf Eco Tableware', 'Areca-DSC#1'), password: 'Areca-DSC#1' },
    },
    'DELETE /api/admin/settings/signing': {},
    'PUT /api/admin/settings/:section': {
      params: ['hours'],
      body: {
        week: [null, ...Array.from({ length: 6 }, () => ({ opens: 9, closes: 18 }))],
        holidays: [{ date: '2027-08-25', name: 'Thiruvonam' }],
      },
    },
    'GET /api/admin/customers': { query: PAGE },
    'GET /api/admin/customers/:id': { params: [f.customerId] },
    'PUT /api/admin/customers/:id/note': { params: [f.customerId], body: { note: 'Pays by UPI on delivery.' } },
    'PUT /api/admin/customers/:id/reminders': { params: [f.customerId], body: { stopped: true } },
    'GET /api/admin/customers/:id/statement': { params: [f.customerId], query: { from: '2026-04-01', to: TODAY } },
    'POST /api/admin/customers/:id/statement/email': { params: [f.customerId], body: { from: '2026-04-01', to: TODAY } },
    'PUT /api/admin/customers/:id/price-group': { params: [f.customerId], body: { groupId: f.priceGroup } },
    'GET /api/admin/price-groups': {},
    'GET /api/admin/price-groups/:id': { params: [f.priceGroup] },
    'POST /api/admin/price-groups': {
      body: { name: 'Caterers', kind: 'prices', prices: [{ productId: f.product, price: '880.00', priceBreaks: [] }] },
    },
    'PUT /api/admin/price-groups/:id': {
      params: [f.priceGroup],
      body: { name: 'Lone distributors', kind: 'percent', percentOff: '5.00' },
    },
    'DELETE /api/admin/price-groups/:id': { params: [f.priceGroup] },
    'GET /api/account/price-group': {},
    'GET /api/admin/reports/ageing': { query: { format: 'csv' } },

    'GET /api/admin/products': { query: { ...PAGE, category: 'plates' } },
    'GET /api/admin/products/:id': { params: [f.product] },
    'DELETE /api/admin/products/:id': { params: [f.product] },
    'POST /api/admin/products': { body: productShowing([]) },
    'PATCH /api/admin/products/:id': { params: [f.product], body: productShowing([]) },
    'POST /api/admin/upload-images': {},
    'POST /api/admin/bank-statements': {},
    'GET /api/admin/bank-statements/credits': { query: { state: 'open', page: '1' } },
    'POST /api/admin/bank-statements/credits/:id/confirm': {
      params: [f.credit],
      body: examples['POST /api/admin/bank-statements/credits/:id/confirm'],
    },
    'POST /api/admin/fetch-image': { body: { url: 'https://photos.example.com/plate.jpg' } },
    'DELETE /api/admin/delete-image': { body: { imageUrl: '/images/products/plate.webp' } },
  };
}
