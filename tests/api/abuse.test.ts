// Abuse and bad input on the enquiry endpoints.
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import type { CartItem } from '#domains/cart/model.ts';
import { cartItems } from '#domains/cart/tables.ts';
import { products } from '#domains/catalogue/tables.ts';
import { orderItems, orders } from '#domains/enquiry/tables.ts';
import { contactMessages } from '#domains/message/tables.ts';
import { outbox } from '#platform/mail/tables.ts';
import { sessions } from '#platform/session/tables.ts';
import type { Refusal } from '#tests/support/accounts.ts';
import { csrfFor } from '#tests/support/csrf.ts';
import { databaseKinds, suiteApp } from '#tests/support/databases.ts';
import {
  browserLine,
  call,
  type CatalogueIds,
  catalogueIds,
  CONTACT_MESSAGE,
  cookieHeader,
  enquiryPayload,
  sessionCookieOf,
  validationError,
} from '#tests/support/enquiry.ts';

const CUP = 'Bagasse Cup 200 ml';
const ROUND = 'Areca Leaf Round Plate';
const RAISED = {
  orders: { max: 100_000, timeWindow: 900_000 },
  contact: { max: 100_000, timeWindow: 900_000 },
  cart: { max: 100_000, timeWindow: 60_000 },
};
const BODY_LIMIT = 64 * 1024;
const NOT_AN_OBJECT = {
  message: 'The request body must be a JSON object',
  errors: { _: 'The request body must be a JSON object' },
};

type Method = 'POST' | 'PUT' | 'DELETE';

describe.each(databaseKinds())('abuse and bad input on %s', (kind) => {
  let ids: CatalogueIds;
  let token: string;
  /** What the visitor's writes carry: its session cookie and CSRF token. */
  let visitor: Record<string, string>;

  const ctx = suiteApp(kind, { config: { rateLimits: RAISED } });
  beforeAll(async () => {
    await ctx.services.mail.stop();
    ids = await catalogueIds(ctx.database.db);
    ({ cookie: token, headers: visitor } = await csrfFor(ctx.app));
    for (const payload of [
      { productId: ids.product(CUP), quantity: 1 },
      { productId: ids.product(ROUND), quantity: 1, variationId: ids.variation(ROUND, '8 inch') },
    ]) {
      const added = await ctx.app.inject({ method: 'POST', url: '/api/cart', payload, headers: visitor });
      expect(added.statusCode, added.body).toBe(201);
    }
  });

  const stored = async () => {
    const db = ctx.database.db;
    const n = async (table: typeof orders | typeof orderItems | typeof contactMessages | typeof outbox | typeof cartItems) =>
      (await db.select({ n: count() }).from(table))[0]!.n;
    return {
      orders: await n(orders),
      items: await n(orderItems),
      messages: await n(contactMessages),
      mails: await n(outbox),
      cart: await n(cartItems),
    };
  };
  const writeRoutes = (): Array<[Method, string]> => [
    ['POST', '/api/cart'],
    ['PUT', `/api/cart/${ids.product(CUP)}`],
    ['PUT', `/api/cart/${ids.product(ROUND)}/${ids.variation(ROUND, '8 inch')}`],
    ['POST', '/api/orders'],
    ['POST', '/api/contact'],
  ];
  const raw = (method: Method, url: string, body: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method,
      url,
      payload: body,
      headers: { 'content-type': 'application/json', ...visitor, ...headers },
    });

  describe('body size', () => {
    it.each(['/api/cart', '/api/orders', '/api/contact'])(
      'refuses a body over 64 KB on POST %s with 413 and a JSON message',
      async (url) => {
        const before = await stored();
        const body = JSON.stringify({ ...CONTACT_MESSAGE, message: 'x'.repeat(BODY_LIMIT) });
        const response = await raw('POST', url, body);
        expect(response.statusCode).toBe(413);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.json()).toEqual({ message: 'The request body is too large.' });
        expect(await stored()).toEqual(before);
      },
    );

    it('accepts a body of exactly the limit as far as validation, and refuses one byte more', async () => {
      const envelope = JSON.stringify({ ...CONTACT_MESSAGE, message: '' });
      const exact = JSON.stringify({ ...CONTACT_MESSAGE, message: 'x'.repeat(BODY_LIMIT - envelope.length) });
      expect(exact.length).toBe(BODY_LIMIT);
      const atLimit = await raw('POST', '/api/contact', exact);
      expect(atLimit.statusCode).toBe(400);
      expect(atLimit.json()).toEqual(validationError('message', { message: 'Message must be at most 5000 characters' }));
      const over = await raw(
        'POST',
        '/api/contact',
        JSON.stringify({ ...CONTACT_MESSAGE, message: 'x'.repeat(BODY_LIMIT - envelope.length + 1) }),
      );
      expect(over.statusCode).toBe(413);
    });
  });

  describe('malformed bodies', () => {
    const NOT_JSON = { message: 'The request body is not valid JSON.' };
    it.each([
      ...['{"productId": 1,', '{productId: 1}', "{'productId': 1}", 'x', '{"a":1}}', ''].map((body) => [body, NOT_JSON] as const),
      ...['null', '[]', '[{}]', '"x"', '42', 'true'].map((body) => [body, NOT_AN_OBJECT] as const),
    ])('answers 400 for %j on every write: %o', async (body, refusal) => {
      for (const [method, url] of writeRoutes()) {
        const response = await raw(method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(400);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.json(), `${method} ${url}`).toEqual(refusal);
      }
    });

    it('answers 415 for a form body, and 400 for a text body (it is a string, not an object)', async () => {
      for (const [method, url] of writeRoutes()) {
        for (const contentType of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml']) {
          const response = await raw(method, url, 'productId=1&quantity=1', { 'content-type': contentType });
          expect(response.statusCode, `${method} ${url} ${contentType}`).toBe(415);
          expect(response.json()).toEqual({ message: 'Unsupported content type: send JSON.' });
        }
        const text = await raw(method, url, '{"productId": 1, "quantity": 1}', { 'content-type': 'text/plain' });
        expect(text.statusCode, `${method} ${url} text/plain`).toBe(400);
        expect(text.headers['content-type']).toMatch(/^application\/json/);
        expect(text.json()).toEqual(NOT_AN_OBJECT);
      }
    });

    const oddBodies: Array<[string, string]> = [
      ['null', 'null'],
      ['[]', '[]'],
      ['[{}]', '[{}]'],
      ['a JSON string', '"x"'],
      ['a number', '42'],
      ['true', 'true'],
      ['{}', '{}'],
      [
        'nested objects',
        JSON.stringify({ productId: { id: 1 }, quantity: { n: { m: [1, 2, { x: null }] } }, items: { a: { b: {} } } }),
      ],
      [
        'operator-like objects',
        JSON.stringify({ productId: { $gt: 0 }, quantity: { $ne: null }, customerName: { $regex: '.*' } }),
      ],
      ['arrays for scalars', JSON.stringify({ productId: [1], quantity: [1, 2], name: ['a', 'b'], items: [[1]] })],
      [
        'nulls everywhere',
        JSON.stringify({ productId: null, quantity: null, variationId: null, items: null, name: null, email: null }),
      ],
      ['items of nulls', JSON.stringify({ ...enquiryPayload([]), items: [null, 1, 'x', []] })],
      ['huge numbers', JSON.stringify({ productId: 1e308, quantity: 2 ** 53 + 1, variationId: -0 })],
      ['a __proto__ key', '{"__proto__": {"admin": true}, "quantity": 1}'],
      ['a constructor key', '{"constructor": {"prototype": {"admin": true}}, "quantity": 1}'],
      ['deep nesting', `${'['.repeat(5_000)}${']'.repeat(5_000)}`],
      ['deep object nesting', `${'{"a":'.repeat(3_000)}1${'}'.repeat(3_000)}`],
      ['a NUL byte in a string', JSON.stringify({ ...CONTACT_MESSAGE, name: 'Sur\u0000esh', productId: 1, quantity: 1 })],
      ['lone surrogates', '{"name": "\\ud800\\udc00\\ud800", "message": "\\udfff 0123456789", "quantity": 1}'],
    ];

    it.each(oddBodies)('never answers 500 to %s: a 4xx JSON message on every write', async (_label, body) => {
      const before = await stored();
      for (const [method, url] of writeRoutes()) {
        const response = await raw(method, url, body);
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(500);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect((response.json() as Refusal).message).toEqual(expect.any(String));
      }
      expect(await stored()).toEqual(before);
    });
  });

  describe('wrong types', () => {
    const cartCases: Array<[string, Record<string, unknown>, Record<string, string>]> = [
      ["quantity '2'", { quantity: '2' }, { quantity: 'Quantity must be a whole number' }],
      ['quantity 1.5', { quantity: 1.5 }, { quantity: 'Quantity must be a whole number' }],
      ['quantity 0', { quantity: 0 }, { quantity: 'Quantity must be at least 1' }],
      ['quantity -1', { quantity: -1 }, { quantity: 'Quantity must be at least 1' }],
      ['quantity 1000', { quantity: 1000 }, { quantity: 'Quantity must be at most 999' }],
      ['no quantity', { quantity: undefined }, { quantity: 'Quantity must be a whole number' }],
      ['productId -1', { productId: -1 }, { productId: 'Must be a positive number' }],
      ['productId 0', { productId: 0 }, { productId: 'Must be a positive number' }],
      ["productId '5'", { productId: '5' }, { productId: 'Must be a whole number' }],
      ['productId 2.5', { productId: 2.5 }, { productId: 'Must be a whole number' }],
      ['variationId -2', { variationId: -2 }, { variationId: 'Must be a positive number' }],
      ["variationId 'abc'", { variationId: 'abc' }, { variationId: 'Must be a whole number' }],
      ['an unknown field', { price: '0.01' }, { price: "Unknown field 'price'" }],
    ];

    it.each(cartCases)('POST /api/cart refuses %s with 400 and the field message', async (_label, change, errors) => {
      const before = await stored();
      const response = await call<Refusal>(ctx.app, 'POST', '/api/cart', {
        payload: { productId: ids.product(CUP), quantity: 1, ...change },
        headers: visitor,
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(validationError('cart item', errors));
      expect(await stored()).toEqual(before);
    });

    it('POST /api/cart names every wrong field at once', async () => {
      const response = await call<Refusal>(ctx.app, 'POST', '/api/cart', {
        payload: { productId: -1, quantity: 1.5, variationId: '2' },
        headers: visitor,
      });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({
        productId: 'Must be a positive number',
        quantity: 'Quantity must be a whole number',
        variationId: 'Must be a whole number',
      });
    });

    it.each([
      [{ quantity: -1 }, { quantity: 'Quantity cannot be negative' }],
      [{ quantity: 1.5 }, { quantity: 'Quantity must be a whole number' }],
      [{ quantity: '3' }, { quantity: 'Quantity must be a whole number' }],
      [{ quantity: 1000 }, { quantity: 'Quantity must be at most 999' }],
      [{}, { quantity: 'Quantity must be a whole number' }],
      [{ quantity: 2, productId: 9 }, { productId: "Unknown field 'productId'" }],
    ])('PUT /api/cart/:productId refuses %j with 400', async (payload, errors) => {
      const response = await call<Refusal>(ctx.app, 'PUT', `/api/cart/${ids.product(CUP)}`, {
        payload,
        headers: visitor,
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(validationError('quantity', errors));
    });

    it('POST /api/orders refuses wrong types in lines, naming their paths', async () => {
      const line = browserLine(ids, CUP, null, 1);
      const response = await call<Refusal>(ctx.app, 'POST', '/api/orders', {
        payload: enquiryPayload([
          { ...line, quantity: '2' },
          { ...line, productId: -1 },
          { ...line, quantity: 1.5 },
          { ...line, price: 12 },
        ]),
        headers: visitor,
      });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({
        'items.0.quantity': 'Quantity must be a whole number',
        'items.1.productId': 'Must be a positive number',
        'items.2.quantity': 'Quantity must be a whole number',
        'items.3.price': "'items.3.price' must be a string",
      });
    });
  });

  describe('huge strings', () => {
    const huge = 'A'.repeat(10_000);
    it.each([
      ['/api/orders', 'customerName', 'Name must be at most 100 characters'],
      ['/api/orders', 'customerEmail', 'Please enter a valid email address'],
      ['/api/orders', 'customerPhone', 'Phone number must be exactly 10 digits'],
      ['/api/orders', 'deliveryLocation', 'Delivery address must be at most 500 characters'],
      ['/api/orders', 'specialRequests', 'Must be at most 1000 characters'],
      ['/api/orders', 'sessionId', 'Too big: expected string to have <=100 characters'],
      ['/api/contact', 'name', 'Name must be at most 100 characters'],
      ['/api/contact', 'email', 'Please enter a valid email address'],
      ['/api/contact', 'company', 'Must be at most 150 characters'],
      ['/api/contact', 'message', 'Message must be at most 5000 characters'],
      ['/api/contact', 'inquiryType', 'Please select an inquiry type'],
    ])('%s refuses a 10,000-character %s with 400', async (url, field, message) => {
      const before = await stored();
      const base = url === '/api/orders' ? enquiryPayload([browserLine(ids, CUP, null, 1)]) : CONTACT_MESSAGE;
      const response = await call<Refusal>(ctx.app, 'POST', url, { payload: { ...base, [field]: huge }, headers: visitor });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({ [field]: message });
      expect(await stored()).toEqual(before);
    });

    it('refuses a 10,000-character product name or variation name in a line', async () => {
      const line = browserLine(ids, ROUND, '8 inch', 1);
      const response = await call<Refusal>(ctx.app, 'POST', '/api/orders', {
        payload: enquiryPayload([{ ...line, productName: huge, variationValue: huge }]),
        headers: visitor,
      });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({
        'items.0.productName': 'Must be at most 200 characters',
        'items.0.variationValue': 'Must be at most 100 characters',
      });
    });

    it('refuses a 10,000-character Idempotency-Key', async () => {
      const response = await call<Refusal>(ctx.app, 'POST', '/api/orders', {
        payload: enquiryPayload([browserLine(ids, CUP, null, 1)]),
        headers: { ...visitor, 'idempotency-key': huge },
      });
      expect(response.status).toBe(400);
    });

    it('refuses a 10,000-digit id in a cart path', async () => {
      const response = await call<Refusal>(ctx.app, 'PUT', `/api/cart/${'9'.repeat(10_000)}`, {
        payload: { quantity: 1 },
        headers: visitor,
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    });
  });

  describe('cross-site requests', () => {
    const crossSite: Array<[string, Record<string, string>]> = [
      ['Origin https://evil.example', { origin: 'https://evil.example' }],
      ['Origin of another port', { origin: 'http://localhost:8080' }],
      ['Origin null', { origin: 'null' }],
      ['a malformed Origin', { origin: 'not a url' }],
      ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
      ['Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
      ['Sec-Fetch-Site cross-site with a matching Origin', { 'sec-fetch-site': 'cross-site', origin: 'http://localhost:80' }],
    ];

    // Each write carries the session's valid CSRF token: the cross-site check refuses it on its own.
    it.each(crossSite)('refuses %s with 403 on every write, storing nothing', async (_label, headers) => {
      const before = await stored();
      const writes: Array<[Method, string, unknown]> = [
        ['POST', '/api/cart', { productId: ids.product(CUP), quantity: 1 }],
        ['PUT', `/api/cart/${ids.product(CUP)}`, { quantity: 5 }],
        ['DELETE', `/api/cart/${ids.product(CUP)}`, undefined],
        ['DELETE', '/api/cart', undefined],
        ['POST', '/api/orders', enquiryPayload([browserLine(ids, CUP, null, 1)])],
        ['POST', '/api/contact', CONTACT_MESSAGE],
      ];
      for (const [method, url, payload] of writes) {
        const response = await call<Refusal>(ctx.app, method, url, {
          payload: payload as Record<string, unknown> | undefined,
          headers: { ...visitor, ...headers },
        });
        expect(response.status, `${method} ${url}`).toBe(403);
        expect(response.body).toEqual({ message: 'Cross-site request refused' });
      }
      expect(await stored()).toEqual(before);
    });

    it('accepts same-origin requests and requests without browser headers', async () => {
      const same: Array<Record<string, string>> = [
        { host: 'shop.example', origin: 'https://shop.example' },
        { host: 'localhost:3000', origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
        { 'sec-fetch-site': 'same-origin' },
        { 'sec-fetch-site': 'none' },
        {},
      ];
      for (const headers of same) {
        const response = await call(ctx.app, 'POST', '/api/contact', {
          payload: CONTACT_MESSAGE,
          headers: { ...visitor, ...headers },
        });
        expect(response.status, JSON.stringify(headers)).toBe(201);
      }
    });

    it('lets cross-site reads through (GET changes nothing)', async () => {
      const response = await call<CartItem[]>(ctx.app, 'GET', '/api/cart', {
        headers: { ...cookieHeader(token), origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      });
      expect(response.status).toBe(200);
    });
  });

  describe('customer text is text', () => {
    const script = '<script>alert("pwned")</script>';

    it('stores a contact message with HTML verbatim and answers JSON', async () => {
      const payload = {
        ...CONTACT_MESSAGE,
        name: `<b>Suresh</b>`,
        company: `<img src=x onerror=alert(1)>`,
        message: `Hello ${script} & 'quotes' "too"`,
      };
      const response = await call<{ id: number }>(ctx.app, 'POST', '/api/contact', { payload, headers: visitor });
      expect(response.status).toBe(201);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const [row] = await ctx.database.db.select().from(contactMessages).where(eq(contactMessages.id, response.body.id));
      expect(row).toMatchObject({ name: payload.name, company: payload.company, message: payload.message });
      const [mail] = await ctx.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.subject, 'New message (Bulk Order Quote) from <b>Suresh</b>'));
      expect(mail!.text).toContain(payload.message);
      expect(mail!.text).toContain(`Company: ${payload.company}`);
    });

    it('stores an enquiry with HTML verbatim, in the order and in the e-mail text', async () => {
      const payload = enquiryPayload([browserLine(ids, CUP, null, 1)], {
        customerName: '<i>Anitha</i>',
        specialRequests: script,
      });
      const response = await call<{ id: number; displayId: number }>(ctx.app, 'POST', '/api/orders', {
        payload,
        headers: visitor,
      });
      expect(response.status).toBe(201);
      const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, response.body.id));
      expect(row).toMatchObject({ customerName: '<i>Anitha</i>', specialRequests: script });
      const [shopMail] = await ctx.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.subject, `New enquiry #${response.body.displayId} from <i>Anitha</i>`));
      expect(shopMail!.text).toContain(`Special requests: ${script}`);
      expect(shopMail!.text).not.toContain('&lt;');
    });

    it('answers product names from the database as JSON text, never as HTML', async () => {
      const id = ids.product(CUP);
      const name = `${script}<b>Cup</b> & "co"`;
      await ctx.database.db.update(products).set({ name }).where(eq(products.id, id));
      // Written by hand: announced as every product write is, so the cart shows it.
      ctx.services.catalogue.invalidate();
      try {
        const cart = await call<CartItem[]>(ctx.app, 'GET', '/api/cart', { headers: cookieHeader(token) });
        expect(cart.status).toBe(200);
        expect(cart.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(cart.body.find((i) => i.productId === id)!.product.name).toBe(name);
        expect(cart.raw.body).not.toContain('&lt;');
        // A refusal naming the product is JSON too.
        await ctx.database.db.update(products).set({ inStock: false }).where(eq(products.id, id));
        const refused = await call<Refusal>(ctx.app, 'POST', '/api/cart', {
          payload: { productId: id, quantity: 1 },
          headers: visitor,
        });
        expect(refused.status).toBe(409);
        expect(refused.body).toEqual({ message: `${name} is out of stock` });
      } finally {
        await ctx.database.db.update(products).set({ name: CUP, inStock: true }).where(eq(products.id, id));
        ctx.services.catalogue.invalidate();
      }
    });

    it('answers unknown API paths with HTML in them as JSON', async () => {
      const response = await call<Refusal>(ctx.app, 'POST', `/api/${encodeURIComponent(script)}`, {
        payload: {},
        headers: visitor,
      });
      expect(response.status).toBe(404);
      expect(response.body.message).toMatch(/^No API endpoint POST \/api\//);
    });
  });
});

describe.each(databaseKinds())('rate limits per visitor and per address on %s', (kind) => {
  const ctx = suiteApp(kind, {
    config: {
      rateLimits: {
        orders: { max: 3, timeWindow: 15 * 60_000 },
        ordersPerAddress: { max: 5, timeWindow: 15 * 60_000 },
        contact: { max: 2, timeWindow: 15 * 60_000 },
        cart: { max: 4, timeWindow: 60_000 },
        sessions: { max: 5, timeWindow: 60 * 60_000 },
      },
    },
  });
  let ids: CatalogueIds;

  beforeAll(async () => {
    await ctx.services.mail.stop();
    ids = await catalogueIds(ctx.database.db);
  });

  const TOO_MANY = /^Too many requests\. Please wait \d+ seconds and try again\.$/;
  const orderCount = async () => (await ctx.database.db.select({ n: count() }).from(orders))[0]!.n;
  const sessionCount = async () => (await ctx.database.db.select({ n: count() }).from(sessions))[0]!.n;

  it("answers a visitor's 4th enquiry with 429 and a message, and stores 3; the address stops at its ceiling", async () => {
    const ip = '203.0.113.7';
    const payload = enquiryPayload([browserLine(ids, CUP, null, 1)]);
    const { headers } = await csrfFor(ctx.app);
    for (let n = 1; n <= 3; n++) {
      expect((await call(ctx.app, 'POST', '/api/orders', { payload, headers, remoteAddress: ip })).status).toBe(201);
    }
    const refused = await call<Refusal>(ctx.app, 'POST', '/api/orders', { payload, headers, remoteAddress: ip });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: expect.stringMatching(TOO_MANY) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await orderCount()).toBe(3);
    // Another visitor behind the same address has an allowance of their own, up to the address's ceiling of 5.
    const other = (await csrfFor(ctx.app)).headers;
    for (let n = 1; n <= 2; n++) {
      expect((await call(ctx.app, 'POST', '/api/orders', { payload, headers: other, remoteAddress: ip })).status).toBe(201);
    }
    const ceiling = await call<Refusal>(ctx.app, 'POST', '/api/orders', { payload, headers: other, remoteAddress: ip });
    expect(ceiling.status).toBe(429);
    expect(ceiling.body.message).toMatch(/^Too many enquiries from your network\. Please wait \d+ seconds and try again\.$/);
    expect(Number(ceiling.headers['retry-after'])).toBeGreaterThan(0);
    expect(await orderCount()).toBe(5);
    // Another address is not affected.
    const elsewhere = (await csrfFor(ctx.app)).headers;
    expect(
      (await call(ctx.app, 'POST', '/api/orders', { payload, headers: elsewhere, remoteAddress: '203.0.113.8' })).status,
    ).toBe(201);
    expect(await orderCount()).toBe(6);
  });

  it("answers a visitor's 3rd contact message with 429; another visitor at the address has their own", async () => {
    const ip = '198.51.100.20';
    const { headers } = await csrfFor(ctx.app);
    const send = (as: Record<string, string>) =>
      call<Refusal>(ctx.app, 'POST', '/api/contact', { payload: CONTACT_MESSAGE, headers: as, remoteAddress: ip });
    expect((await send(headers)).status).toBe(201);
    expect((await send(headers)).status).toBe(201);
    const refused = await send(headers);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(TOO_MANY);
    expect((await send((await csrfFor(ctx.app)).headers)).status).toBe(201);
  });

  it('gives each visitor one allowance across every cart write (not one per route), and does not limit cart reads', async () => {
    const ip = '192.0.2.55';
    const { headers } = await csrfFor(ctx.app);
    const add = () =>
      call<Refusal>(ctx.app, 'POST', '/api/cart', {
        payload: { productId: ids.product(CUP), quantity: 1 },
        headers,
        remoteAddress: ip,
      });
    const put = () =>
      call<Refusal>(ctx.app, 'PUT', `/api/cart/${ids.product(CUP)}`, { payload: { quantity: 2 }, headers, remoteAddress: ip });
    const remove = () => call<Refusal>(ctx.app, 'DELETE', `/api/cart/${ids.product(CUP)}`, { headers, remoteAddress: ip });
    const clear = () => call<Refusal>(ctx.app, 'DELETE', '/api/cart', { headers, remoteAddress: ip });
    // Four writes over four routes use up the allowance of 4...
    expect((await add()).status).toBe(201);
    expect((await put()).status).toBe(200);
    expect((await remove()).status).toBe(200);
    expect((await clear()).status).toBe(200);
    // ...so every cart write is refused now, whichever route.
    for (const write of [add, put, remove, clear]) {
      const refused = await write();
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(TOO_MANY);
    }

    for (let n = 0; n < 10; n++)
      expect((await call(ctx.app, 'GET', '/api/cart', { headers, remoteAddress: ip })).status).toBe(200);
    // Another visitor at the same address is not affected.
    expect(
      (
        await call(ctx.app, 'POST', '/api/cart', {
          payload: { productId: ids.product(CUP), quantity: 1 },
          headers: (await csrfFor(ctx.app)).headers,
          remoteAddress: ip,
        })
      ).status,
    ).toBe(201);
  });

  it('limits the sessions one address may store, not the tokens it may fetch nor the writes of a stored session', async () => {
    const ip = '203.0.113.99';
    const token = () => call<Refusal & { csrfToken?: string }>(ctx.app, 'GET', '/api/auth/csrf-token', { remoteAddress: ip });
    // Tokens cost nothing stored: as many as asked for.
    const visitors: Array<Record<string, string>> = [];
    for (let n = 1; n <= 8; n++) {
      const response = await token();
      expect(response.status).toBe(200);
      const cookie = sessionCookieOf(response.raw)!;
      visitors.push({ ...cookieHeader(cookie), 'x-csrf-token': response.body.csrfToken! });
    }
    const before = await sessionCount();
    const add = (headers: Record<string, string>) =>
      call<Refusal>(ctx.app, 'POST', '/api/cart', {
        payload: { productId: ids.product(CUP), quantity: 1 },
        headers,
        remoteAddress: ip,
      });
    for (const headers of visitors.slice(0, 5)) expect((await add(headers)).status).toBe(201);
    expect(await sessionCount()).toBe(before + 5);
    const refused = await add(visitors[5]!);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many new visitors from your network\. Please wait \d+ seconds and try again\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await sessionCount()).toBe(before + 5);
    // A visitor whose session is stored goes on writing from the same address.
    expect((await add(visitors[0]!)).status).toBe(201);
    // Another address stores its own.
    expect(
      (
        await call(ctx.app, 'POST', '/api/cart', {
          payload: { productId: ids.product(CUP), quantity: 1 },
          headers: visitors[6]!,
          remoteAddress: '203.0.113.100',
        })
      ).status,
    ).toBe(201);
  });
});
