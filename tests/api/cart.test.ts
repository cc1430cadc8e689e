// Visitor sessions and the enquiry cart API (/api/cart).
import { createHash } from 'node:crypto';

import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import type { CartItem } from '#domains/cart/model.ts';
import { cartItems } from '#domains/cart/tables.ts';
import { products, productVariations } from '#domains/catalogue/tables.ts';
import { sessions } from '#platform/session/tables.ts';
import { csrfFor, writeHeaders } from '#tests/support/csrf.ts';
import { databaseKinds, suiteApp } from '#tests/support/databases.ts';
import {
  call,
  type CatalogueIds,
  catalogueIds,
  cookieHeader,
  seedProduct,
  seedVariation,
  SESSION_COOKIE_NAME,
  sessionCookieOf,
  validationError,
} from '#tests/support/enquiry.ts';

const ROUND = 'Areca Leaf Round Plate'; // variations: 6 inch (no own price), 8 inch, 10 inch, 12 inch (stock 3, 50 per carton)
const CUP = 'Bagasse Cup 200 ml'; // no variations
const NOODLE = 'Kraft Paper Noodle Box 750 ml'; // no variations
const PARTITION = 'Areca Leaf Partition Plate 11 inch'; // 4 Compartment: active, stock 0
const BAGASSE_ROUND = 'Bagasse Round Plate'; // 12 inch: inactive
const COFFEE = 'Double Wall Kraft Coffee Cup 250 ml'; // White: inactive with stock 60
const CHUTNEY = 'Bagasse Chutney Container 90 ml with Lid'; // inStock false, no variations
const KNIFE = 'Birch Wooden Knife 165 mm'; // inStock false
const CONTAINER = 'Bagasse Takeaway Container with Lid'; // Size 500 (no own price, 380) / 750 (440.00, 240) / 1000 ml; Model Rectangular (420) / Round (140)

// The spec's fields, then those added beside them (the trade prices: the rule and the line's price list).
const CART_ITEM_FIELDS = ['id', 'productId', 'variationId', 'quantity', 'product', 'variation', 'optionIds', 'options', 'prices'];
const CART_PRODUCT_FIELDS = [
  'name',
  'price',
  'description',
  'imageUrl',
  'unitsPerCarton',
  'unitType',
  'cartonWeight',
  'cartonDimensions',
  'inStock',
  'minCartons',
  'cartonStep',
];
const CART_VARIATION_FIELDS = [
  'name',
  'type',
  'value',
  'price',
  'stockQuantity',
  'unitsPerCarton',
  'unitType',
  'cartonWeight',
  'cartonDimensions',
  'minCartons',
  'cartonStep',
];
const NOT_IN_CART = { message: 'This item is not in your enquiry cart' };
const CSRF_REFUSED = { message: expect.any(String), code: 'CSRF' };

const sha256 = (token: string) => createHash('sha256').update(token).digest('base64url');

describe.each(databaseKinds())('visitor sessions and the cart API on %s', (kind) => {
  let ids: CatalogueIds;

  // Cart writes are limited to 120 per minute per IP; these tests make more than that from one address.
  const ctx = suiteApp(kind, { config: { rateLimits: { cart: { max: 100_000, timeWindow: 60_000 } } } });
  beforeAll(async () => {
    ids = await catalogueIds(ctx.database.db);
  });

  const sessionCount = async () => (await ctx.database.db.select({ n: count() }).from(sessions))[0]!.n;

  /** A new visitor: the cookie token of a fresh session, started by the CSRF-token fetch as a browser's is. */
  async function visitor(): Promise<string> {
    const { cookie, created } = await csrfFor(ctx.app);
    expect(created).toBe(true);
    return cookie;
  }
  /** A write's headers: the session's cookie and CSRF token, or nothing at all without a session. */
  const writeAs = async (token: string | undefined) => (token ? writeHeaders(ctx.app, token) : {});

  const getCart = async (token?: string) => {
    const response = await call<CartItem[]>(ctx.app, 'GET', '/api/cart', { headers: token ? cookieHeader(token) : {} });
    expect(response.status).toBe(200);
    return response.body;
  };
  const add = async (token: string, payload: Record<string, unknown>) =>
    call<{ items: CartItem[] }>(ctx.app, 'POST', '/api/cart', { payload, headers: await writeAs(token) });
  const put = async (token: string | undefined, path: string, payload: unknown) =>
    call<{ items: CartItem[] }>(ctx.app, 'PUT', `/api/cart/${path}`, {
      payload: payload as Record<string, unknown>,
      headers: await writeAs(token),
    });
  const del = async (token: string | undefined, path = '') =>
    call<{ items: CartItem[] }>(ctx.app, 'DELETE', `/api/cart${path && `/${path}`}`, {
      headers: await writeAs(token),
    });
  const lines = (items: CartItem[]) => items.map((i) => [i.productId, i.variationId, i.quantity]);

  describe('sessions', () => {
    // Writes need the visitor's CSRF token, so the cookie comes with the token fetch a browser makes before its first
    // write (GET /api/auth/csrf-token): a signed token, stored as a session only at the first write.
    it('GET /api/auth/csrf-token sets an HttpOnly, SameSite=Lax shop_session cookie for / (not Secure over http); the first POST /api/cart stores its session', async () => {
      const before = await sessionCount();
      const started = Date.now();
      const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/csrf-token' });
      expect(response.statusCode, response.body).toBe(200);
      const setCookies = [response.headers['set-cookie']].flat();
      expect(setCookies).toHaveLength(1);
      const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE_NAME)!;
      expect(cookie).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax' });
      expect(cookie.secure).toBeFalsy();
      expect(setCookies[0]).toMatch(/; HttpOnly/);
      expect(setCookies[0]).toMatch(/; SameSite=Lax/);
      expect(setCookies[0]).not.toMatch(/Secure/i);
      // It lasts 30 days, said with Expires.
      expect(setCookies[0]).toMatch(/; Expires=/);
      expect(Math.abs(cookie.expires!.getTime() - (started + 30 * 24 * 60 * 60 * 1000))).toBeLessThan(60_000);
      // A random 256-bit token and its signature: 32 bytes each, base64url. Nothing stored yet.
      expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
      expect(await sessionCount()).toBe(before);
      const { csrfToken } = response.json() as { csrfToken: string };

      // The first add carries that cookie and its token: it stores the session under it and sets no cookie.
      const first = await ctx.app.inject({
        method: 'POST',
        url: '/api/cart',
        payload: { productId: ids.product(CUP), quantity: 2 },
        headers: { ...cookieHeader(cookie.value), 'x-csrf-token': csrfToken },
      });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.headers['set-cookie']).toBeUndefined();
      expect(await sessionCount()).toBe(before + 1);

      // The cookie carries the cart; later writes reuse the session and set no new cookie.
      const second = await ctx.app.inject({
        method: 'POST',
        url: '/api/cart',
        payload: { productId: ids.product(NOODLE), quantity: 1 },
        headers: { ...cookieHeader(cookie.value), 'x-csrf-token': csrfToken },
      });
      expect(second.statusCode).toBe(201);
      expect(second.headers['set-cookie']).toBeUndefined();
      expect(await sessionCount()).toBe(before + 1);
      expect(lines(await getCart(cookie.value))).toEqual([
        [ids.product(CUP), null, 2],
        [ids.product(NOODLE), null, 1],
      ]);
    });

    it('stores only the SHA-256 hash of the token, never the token itself', async () => {
      const token = await visitor();
      expect((await add(token, { productId: ids.product(CUP), quantity: 1 })).status).toBe(201);
      const rows = await ctx.database.db.select().from(sessions);
      const mine = rows.filter((row) => row.tokenHash === sha256(token));
      expect(mine).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(token);
      const raw = await ctx.database.db.execute(`select * from sessions`);
      expect(JSON.stringify(raw)).not.toContain(token);
      // Two visitors never share a token.
      const other = await visitor();
      expect(other).not.toBe(token);
      // What is stored is useless as a cookie: someone reading the table cannot take over the cart.
      expect(await getCart(sha256(token))).toEqual([]);
      expect(await getCart(token)).toHaveLength(1);
    });

    it('GET /api/cart without a cookie answers [] and creates no session', async () => {
      const before = await sessionCount();
      const response = await call(ctx.app, 'GET', '/api/cart');
      expect(response.status).toBe(200);
      expect(response.body).toEqual([]);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.headers['cache-control']).toBe('no-store');
      expect(await sessionCount()).toBe(before);
    });

    it.each([
      ['an unknown token', 'A'.repeat(43)],
      ['garbage', 'not-a-session'],
      ['an empty value', ''],
      ['a 500-character value', 'x'.repeat(500)],
      ['odd characters', '%E0%A4%A;%00'],
    ])('GET /api/cart with %s as the cookie answers [] and sets no cookie', async (_label, value) => {
      const before = await sessionCount();
      const response = await call(ctx.app, 'GET', '/api/cart', { headers: { cookie: `${SESSION_COOKIE_NAME}=${value}` } });
      expect(response.status).toBe(200);
      expect(response.body).toEqual([]);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(await sessionCount()).toBe(before);
    });

    // Was: 'a write with an unknown cookie starts a new session with a new token'. A write now needs the
    // token of a live session or of a token the server signed, so a new one comes from the token fetch.
    it('an unknown cookie is no session: a write carrying it is refused, the token fetch gives a new token', async () => {
      const bogus = 'B'.repeat(43);
      const someone = await csrfFor(ctx.app);
      const before = await sessionCount();
      // No session, so no token matches it (here: another visitor's).
      const refused = await call(ctx.app, 'POST', '/api/cart', {
        payload: { productId: ids.product(CUP), quantity: 1 },
        headers: { ...cookieHeader(bogus), 'x-csrf-token': someone.csrfToken },
      });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual(CSRF_REFUSED);
      expect(refused.headers['set-cookie']).toBeUndefined();
      expect(await sessionCount()).toBe(before);

      const fresh = await csrfFor(ctx.app, bogus);
      expect(fresh.created).toBe(true);
      const token = fresh.cookie;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
      expect(token).not.toBe(bogus);
      expect(await sessionCount()).toBe(before);
      const response = await add(token, { productId: ids.product(CUP), quantity: 1 });
      expect(await sessionCount()).toBe(before + 1);
      expect(response.status).toBe(201);
      expect(sessionCookieOf(response.raw)).toBeUndefined();
      expect(await getCart(bogus)).toEqual([]);
      expect(lines(await getCart(token))).toEqual([[ids.product(CUP), null, 1]]);
    });

    it('an expired session is no session', async () => {
      const token = await visitor();
      await add(token, { productId: ids.product(CUP), quantity: 1 });
      await ctx.database.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.tokenHash, sha256(token)));
      expect(await getCart(token)).toEqual([]);
    });

    // Was: a bad body without a cookie answered 400 and set no cookie. Without a session there is no token
    // to send, so that write is now refused by the CSRF check (403) first; with one, the 400 is as before.
    it('a refused write sets no cookie and starts no session', async () => {
      const before = await sessionCount();
      const anonymous = await call(ctx.app, 'POST', '/api/cart', { payload: { productId: 'x', quantity: 1 } });
      expect(anonymous.status).toBe(403);
      expect(anonymous.body).toEqual(CSRF_REFUSED);
      expect(anonymous.headers['set-cookie']).toBeUndefined();
      expect(await sessionCount()).toBe(before);

      const token = await visitor();
      const response = await add(token, { productId: 'x', quantity: 1 });
      expect(response.status).toBe(400);
      expect(response.headers['set-cookie']).toBeUndefined();
      // Refused before the session was needed: still nothing stored for this visitor.
      expect(await sessionCount()).toBe(before);
    });
  });

  describe('GET and POST /api/cart', () => {
    it('answers the line with its product and variation fields, exactly those and straight from the catalogue', async () => {
      const token = await visitor();
      const added = await add(token, { productId: ids.product(ROUND), quantity: 2, variationId: ids.variation(ROUND, '8 inch') });
      expect(added.status).toBe(201);
      expect(added.body.items).toHaveLength(1);
      const item = added.body.items[0]!;
      expect(Object.keys(item)).toEqual(CART_ITEM_FIELDS);
      expect(Object.keys(item.product)).toEqual(CART_PRODUCT_FIELDS);
      expect(Object.keys(item.variation!)).toEqual(CART_VARIATION_FIELDS);
      const product = seedProduct(ROUND);
      const variation = seedVariation(ROUND, '8 inch');
      expect(item).toEqual({
        id: expect.any(Number),
        productId: ids.product(ROUND),
        variationId: ids.variation(ROUND, '8 inch'),
        quantity: 2,
        product: {
          name: ROUND,
          price: '320.00',
          description: product.description,
          imageUrl: '/images/products/areca-round-plate-10in.svg',
          unitsPerCarton: 100,
          unitType: 'plates',
          cartonWeight: '1.60',
          cartonDimensions: '17 x 17 x 32 cm',
          inStock: true,
          minCartons: 1,
          cartonStep: 1,
        },
        variation: {
          name: 'Size',
          type: 'size',
          value: '8 inch',
          price: '560.00',
          stockQuantity: variation.stockQuantity,
          unitsPerCarton: null,
          unitType: null,
          cartonWeight: '2.40',
          cartonDimensions: '22 x 22 x 34 cm',
          minCartons: null,
          cartonStep: null,
        },
        // A single-type product: its one option is its variation.
        optionIds: [ids.variation(ROUND, '8 inch')],
        options: [
          {
            id: ids.variation(ROUND, '8 inch'),
            type: 'size',
            name: 'Size',
            value: '8 inch',
            stockQuantity: variation.stockQuantity,
          },
        ],
        // The option's own price, no breaks in the seed, no price group for a guest.
        prices: { price: '560.00', breaks: [], group: null },
      });
      expect(await getCart(token)).toEqual(added.body.items);
    });

    it('a variation without its own price answers price null; a product without variations answers variation null', async () => {
      const token = await visitor();
      await add(token, { productId: ids.product(ROUND), quantity: 1, variationId: ids.variation(ROUND, '6 inch') });
      await add(token, { productId: ids.product(CUP), quantity: 3 });
      const [round, cup] = await getCart(token);
      expect(round!.variation).toMatchObject({ value: '6 inch', price: null, stockQuantity: 420 });
      expect(cup).toMatchObject({ productId: ids.product(CUP), variationId: null, quantity: 3, variation: null });
      expect(cup!.product).toMatchObject({ name: CUP, price: '260.00', unitsPerCarton: 100, unitType: 'items' });
    });

    it('adding an existing product and variation adds to its line; other variations get their own lines', async () => {
      const token = await visitor();
      const eight = ids.variation(ROUND, '8 inch');
      const ten = ids.variation(ROUND, '10 inch');
      await add(token, { productId: ids.product(ROUND), quantity: 2, variationId: eight });
      await add(token, { productId: ids.product(ROUND), quantity: 3, variationId: eight });
      await add(token, { productId: ids.product(ROUND), quantity: 1, variationId: ten });
      await add(token, { productId: ids.product(CUP), quantity: 4 });
      const last = await add(token, { productId: ids.product(CUP), quantity: 5, variationId: null });
      expect(lines(last.body.items)).toEqual([
        [ids.product(ROUND), eight, 5],
        [ids.product(ROUND), ten, 1],
        [ids.product(CUP), null, 9],
      ]);
      expect(lines(await getCart(token))).toEqual(lines(last.body.items));
    });

    it("accepts up to the variation's stock and refuses more with 409 and a clear message", async () => {
      const token = await visitor();
      const twelve = ids.variation(ROUND, '12 inch'); // stock 3
      expect((await add(token, { productId: ids.product(ROUND), quantity: 4, variationId: twelve })).body).toEqual({
        message: `Only 3 cartons of ${ROUND} (12 inch) can be ordered`,
        errors: { quantity: 'At most 3' },
      });
      expect(await getCart(token)).toEqual([]);
      expect((await add(token, { productId: ids.product(ROUND), quantity: 3, variationId: twelve })).status).toBe(201);
      const over = await add(token, { productId: ids.product(ROUND), quantity: 1, variationId: twelve });
      expect(over.status).toBe(409);
      expect(over.body).toMatchObject({ message: `Only 3 cartons of ${ROUND} (12 inch) can be ordered` });
      expect(lines(await getCart(token))).toEqual([[ids.product(ROUND), twelve, 3]]);
    });

    it('accepts up to 999 cartons without a variation, in one add or several', async () => {
      const token = await visitor();
      expect((await add(token, { productId: ids.product(CUP), quantity: 999 })).status).toBe(201);
      const over = await add(token, { productId: ids.product(CUP), quantity: 1 });
      expect(over.status).toBe(409);
      expect(over.body).toEqual({ message: `Only 999 cartons of ${CUP} can be ordered`, errors: { quantity: 'At most 999' } });
      const other = await visitor();
      expect((await add(other, { productId: ids.product(CUP), quantity: 500 })).status).toBe(201);
      expect((await add(other, { productId: ids.product(CUP), quantity: 500 })).status).toBe(409);
      expect(lines(await getCart(other))).toEqual([[ids.product(CUP), null, 500]]);
    });

    it.each([
      [0, 'Quantity must be at least 1'],
      [-3, 'Quantity must be at least 1'],
      [1000, 'Quantity must be at most 999'],
      [1.5, 'Quantity must be a whole number'],
      ['2', 'Quantity must be a whole number'],
      [null, 'Quantity must be a whole number'],
    ])('refuses quantity %j with 400', async (quantity, message) => {
      const token = await visitor();
      const response = await add(token, { productId: ids.product(CUP), quantity });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(validationError('cart item', { quantity: message }));
      expect(await getCart(token)).toEqual([]);
    });

    it('a product with variations needs a variationId: 400 {errors.variationId}', async () => {
      const token = await visitor();
      for (const payload of [
        { productId: ids.product(ROUND), quantity: 1 },
        { productId: ids.product(ROUND), quantity: 1, variationId: null },
      ]) {
        const response = await add(token, payload);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({
          message: `Choose the options of ${ROUND} first`,
          errors: { variationId: 'Required for this product' },
        });
      }
      expect(await getCart(token)).toEqual([]);
    });

    it('answers 404 for an unknown product, an unknown variation and a variation of another product', async () => {
      const token = await visitor();
      const unknownProduct = await add(token, { productId: ids.missing, quantity: 1 });
      expect(unknownProduct.status).toBe(404);
      expect(unknownProduct.body).toEqual({ message: `Product ${ids.missing} not found` });
      expect((await add(token, { productId: 2_147_483_647, quantity: 1 })).status).toBe(404);

      const unknownVariation = await add(token, { productId: ids.product(ROUND), quantity: 1, variationId: ids.missing });
      expect(unknownVariation.status).toBe(404);
      expect(unknownVariation.body).toEqual({ message: `Option ${ids.missing} of ${ROUND} not found` });

      const squareTwelve = ids.variation('Areca Leaf Square Plate', seedProduct('Areca Leaf Square Plate').variations[0]!.value);
      const foreign = await add(token, { productId: ids.product(ROUND), quantity: 1, variationId: squareTwelve });
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual({ message: `Option ${squareTwelve} of ${ROUND} not found` });
      // A product without variations and someone else's variation id.
      const onCup = await add(token, { productId: ids.product(CUP), quantity: 1, variationId: ids.variation(ROUND, '8 inch') });
      expect(onCup.status).toBe(404);
      expect(await getCart(token)).toEqual([]);
    });

    it('answers 409 naming the item for an inactive variation, a variation out of stock and a product out of stock', async () => {
      const token = await visitor();
      const cases: Array<[Record<string, unknown>, string]> = [
        [
          { productId: ids.product(BAGASSE_ROUND), quantity: 1, variationId: ids.variation(BAGASSE_ROUND, '12 inch') },
          `${BAGASSE_ROUND} (Size: 12 inch) is no longer available`,
        ],
        [
          { productId: ids.product(COFFEE), quantity: 1, variationId: ids.variation(COFFEE, 'White') },
          `${COFFEE} (Color: White) is no longer available`,
        ],
        [
          { productId: ids.product(PARTITION), quantity: 1, variationId: ids.variation(PARTITION, '4 Compartment') },
          `${PARTITION} (Model: 4 Compartment) is out of stock`,
        ],
        [{ productId: ids.product(CHUTNEY), quantity: 1 }, `${CHUTNEY} is out of stock`],
        [{ productId: ids.product(KNIFE), quantity: 1 }, `${KNIFE} is out of stock`],
      ];
      for (const [payload, message] of cases) {
        const response = await add(token, payload);
        expect(response.status, message).toBe(409);
        expect(response.body).toEqual({ message });
      }
      expect(await getCart(token)).toEqual([]);
    });

    // A line keeps only its product, options and cartons; what it shows comes from the catalogue, which every
    // product write announces (here the write is made by hand, so the test announces it).
    it('shows the catalogue as it is now: prices and names are not stored in the cart', async () => {
      const token = await visitor();
      await add(token, { productId: ids.product(NOODLE), quantity: 1 });
      const id = ids.product(NOODLE);
      await ctx.database.db.update(products).set({ price: '401.50', name: 'Noodle box, new size' }).where(eq(products.id, id));
      ctx.services.catalogue.invalidate();
      try {
        const [line] = await getCart(token);
        expect(line!.product.price).toBe('401.50');
        expect(line!.product.name).toBe('Noodle box, new size');
      } finally {
        await ctx.database.db
          .update(products)
          .set({ price: seedProduct(NOODLE).price, name: seedProduct(NOODLE).name })
          .where(eq(products.id, id));
        ctx.services.catalogue.invalidate();
      }
    });
  });

  describe('PUT /api/cart/:productId[/:variationId]', () => {
    it('sets the quantity of a line in both forms and answers the cart', async () => {
      const token = await visitor();
      const eight = ids.variation(ROUND, '8 inch');
      await add(token, { productId: ids.product(CUP), quantity: 1 });
      await add(token, { productId: ids.product(ROUND), quantity: 1, variationId: eight });
      const one = await put(token, `${ids.product(CUP)}`, { quantity: 7 });
      expect(one.status).toBe(200);
      expect(lines(one.body.items)).toEqual([
        [ids.product(CUP), null, 7],
        [ids.product(ROUND), eight, 1],
      ]);
      const two = await put(token, `${ids.product(ROUND)}/${eight}`, { quantity: 12 });
      expect(two.status).toBe(200);
      expect(lines(two.body.items)).toEqual([
        [ids.product(CUP), null, 7],
        [ids.product(ROUND), eight, 12],
      ]);
      expect(await getCart(token)).toEqual(two.body.items);
    });

    it('quantity 0 removes the line (both forms)', async () => {
      const token = await visitor();
      const ten = ids.variation(ROUND, '10 inch');
      await add(token, { productId: ids.product(CUP), quantity: 2 });
      await add(token, { productId: ids.product(ROUND), quantity: 2, variationId: ten });
      await add(token, { productId: ids.product(NOODLE), quantity: 2 });
      expect(lines((await put(token, `${ids.product(ROUND)}/${ten}`, { quantity: 0 })).body.items)).toEqual([
        [ids.product(CUP), null, 2],
        [ids.product(NOODLE), null, 2],
      ]);
      expect(lines((await put(token, `${ids.product(CUP)}`, { quantity: 0 })).body.items)).toEqual([
        [ids.product(NOODLE), null, 2],
      ]);
    });

    it("refuses more than the variation's stock or 999 with 409 and keeps the line", async () => {
      const token = await visitor();
      const twelve = ids.variation(ROUND, '12 inch');
      await add(token, { productId: ids.product(ROUND), quantity: 1, variationId: twelve });
      await add(token, { productId: ids.product(CUP), quantity: 1 });
      const over = await put(token, `${ids.product(ROUND)}/${twelve}`, { quantity: 4 });
      expect(over.status).toBe(409);
      expect(over.body).toEqual({
        message: `Only 3 cartons of ${ROUND} (12 inch) can be ordered`,
        errors: { quantity: 'At most 3' },
      });
      expect((await put(token, `${ids.product(ROUND)}/${twelve}`, { quantity: 3 })).status).toBe(200);
      const tooMany = await put(token, `${ids.product(CUP)}`, { quantity: 1000 });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body).toEqual(validationError('quantity', { quantity: 'Quantity must be at most 999' }));
      expect((await put(token, `${ids.product(CUP)}`, { quantity: 999 })).status).toBe(200);
      expect(lines(await getCart(token))).toEqual([
        [ids.product(ROUND), twelve, 3],
        [ids.product(CUP), null, 999],
      ]);
    });

    it('refuses a line that went out of stock or inactive since it was added, with 409', async () => {
      const token = await visitor();
      const ten = ids.variation(ROUND, '10 inch');
      await add(token, { productId: ids.product(ROUND), quantity: 1, variationId: ten });
      await ctx.database.db.update(productVariations).set({ isActive: false }).where(eq(productVariations.id, ten));
      try {
        const response = await put(token, `${ids.product(ROUND)}/${ten}`, { quantity: 2 });
        expect(response.status).toBe(409);
        expect(response.body).toEqual({ message: `${ROUND} (Size: 10 inch) is no longer available` });
      } finally {
        await ctx.database.db.update(productVariations).set({ isActive: true }).where(eq(productVariations.id, ten));
      }
      expect(lines(await getCart(token))).toEqual([[ids.product(ROUND), ten, 1]]);
    });

    // Was '... and without a session' (404): a write without a session is now refused by the CSRF check (403);
    // a session with an empty cart answers the 404.
    it('answers 404 for a line not in the cart, for a variation line addressed without its variation, and for an empty cart; 403 without a session', async () => {
      const token = await visitor();
      const eight = ids.variation(ROUND, '8 inch');
      await add(token, { productId: ids.product(ROUND), quantity: 1, variationId: eight });
      for (const path of [
        `${ids.product(CUP)}`,
        `${ids.product(ROUND)}`,
        `${ids.product(ROUND)}/${ids.variation(ROUND, '10 inch')}`,
        `${ids.missing}`,
      ]) {
        const response = await put(token, path, { quantity: 2 });
        expect(response.status, path).toBe(404);
        expect(response.body).toEqual(NOT_IN_CART);
      }
      const empty = await put(await visitor(), `${ids.product(ROUND)}/${eight}`, { quantity: 2 });
      expect(empty.status).toBe(404);
      expect(empty.body).toEqual(NOT_IN_CART);
      expect(empty.headers['set-cookie']).toBeUndefined();
      const anonymous = await put(undefined, `${ids.product(ROUND)}/${eight}`, { quantity: 2 });
      expect(anonymous.status).toBe(403);
      expect(anonymous.body).toEqual(CSRF_REFUSED);
      expect(anonymous.headers['set-cookie']).toBeUndefined();
      expect(lines(await getCart(token))).toEqual([[ids.product(ROUND), eight, 1]]);
    });

    it.each([
      ['abc', 'Product id must be a positive whole number', 'productId'],
      ['0', 'Product id must be a positive whole number', 'productId'],
      ['-1', 'Product id must be a positive whole number', 'productId'],
      ['1.5', 'Product id must be a positive whole number', 'productId'],
      ['99999999999', 'Product id must be a positive whole number', 'productId'],
      ['1/x', 'Variation id must be a positive whole number', 'variationId'],
    ])('answers 400 for the path %s', async (path, message, field) => {
      const token = await visitor();
      const response = await put(token, path, { quantity: 1 });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(validationError('cart line', { [field]: message }));
    });
  });

  describe('DELETE /api/cart[/:productId[/:variationId]]', () => {
    it('removes one line in both forms and leaves the others', async () => {
      const token = await visitor();
      const eight = ids.variation(ROUND, '8 inch');
      const ten = ids.variation(ROUND, '10 inch');
      await add(token, { productId: ids.product(ROUND), quantity: 1, variationId: eight });
      await add(token, { productId: ids.product(ROUND), quantity: 2, variationId: ten });
      await add(token, { productId: ids.product(CUP), quantity: 3 });
      const first = await del(token, `${ids.product(ROUND)}/${eight}`);
      expect(first.status).toBe(200);
      expect(lines(first.body.items)).toEqual([
        [ids.product(ROUND), ten, 2],
        [ids.product(CUP), null, 3],
      ]);
      const second = await del(token, `${ids.product(CUP)}`);
      expect(second.status).toBe(200);
      expect(lines(second.body.items)).toEqual([[ids.product(ROUND), ten, 2]]);
      expect(lines(await getCart(token))).toEqual([[ids.product(ROUND), ten, 2]]);
    });

    // Was '... and without a session' (404): without a session the write is now refused by the CSRF check
    // (403); a session with an empty cart answers the 404.
    it('answers 404 for a line not in the cart and for an empty cart; 403 without a session', async () => {
      const token = await visitor();
      await add(token, { productId: ids.product(ROUND), quantity: 1, variationId: ids.variation(ROUND, '8 inch') });
      for (const path of [
        `${ids.product(CUP)}`,
        `${ids.product(ROUND)}`,
        `${ids.product(ROUND)}/${ids.variation(ROUND, '10 inch')}`,
      ]) {
        const response = await del(token, path);
        expect(response.status, path).toBe(404);
        expect(response.body).toEqual(NOT_IN_CART);
      }
      const empty = await del(await visitor(), `${ids.product(CUP)}`);
      expect(empty.status).toBe(404);
      expect(empty.body).toEqual(NOT_IN_CART);
      const anonymous = await del(undefined, `${ids.product(CUP)}`);
      expect(anonymous.status).toBe(403);
      expect(anonymous.body).toEqual(CSRF_REFUSED);
      expect(await getCart(token)).toHaveLength(1);
    });

    // Was 'without a session it answers an empty cart': without a session the write is now refused by the
    // CSRF check (403); a session without a cart gets the empty cart, and no cookie or session either way.
    it('DELETE /api/cart clears the cart; a session without a cart gets an empty cart; 403 without a session', async () => {
      const token = await visitor();
      await add(token, { productId: ids.product(CUP), quantity: 1 });
      await add(token, { productId: ids.product(ROUND), quantity: 1, variationId: ids.variation(ROUND, '6 inch') });
      const cleared = await del(token);
      expect(cleared.status).toBe(200);
      expect(cleared.body).toEqual({ items: [] });
      expect(await getCart(token)).toEqual([]);
      const [left] = await ctx.database.db
        .select({ n: count() })
        .from(cartItems)
        .innerJoin(sessions, eq(sessions.id, cartItems.sessionId))
        .where(eq(sessions.tokenHash, sha256(token)));
      expect(left!.n).toBe(0);
      const newcomer = await visitor();
      const before = await sessionCount();
      const empty = await del(newcomer);
      expect(empty.status).toBe(200);
      expect(empty.body).toEqual({ items: [] });
      expect(empty.headers['set-cookie']).toBeUndefined();
      const anonymous = await del(undefined);
      expect(anonymous.status).toBe(403);
      expect(anonymous.body).toEqual(CSRF_REFUSED);
      expect(anonymous.headers['set-cookie']).toBeUndefined();
      expect(await sessionCount()).toBe(before);
    });
  });

  describe('on a Malayalam page (?lang=ml on a write)', () => {
    const CUP_ML = 'ബഗാസ് കപ്പ് 200 ml';
    const CHUTNEY_ML = 'ബഗാസ് ചട്ണി കണ്ടെയ്നർ 90 ml (മൂടിയോടു കൂടി)';
    const addIn = async (token: string, payload: Record<string, unknown>) =>
      call<{ items: CartItem[] }>(ctx.app, 'POST', '/api/cart?lang=ml', { payload, headers: await writeAs(token) });

    it('writes its refusals in Malayalam, the product named in Malayalam, and answers the cart as the page reads it', async () => {
      const token = await visitor();
      const added = await addIn(token, { productId: ids.product(CUP), quantity: 999 });
      expect(added.status).toBe(201);
      expect(added.body.items.map((item) => item.product.name)).toEqual([CUP_ML]);
      const over = await addIn(token, { productId: ids.product(CUP), quantity: 1 });
      expect(over.status).toBe(409);
      expect(over.body).toEqual({
        message: `${CUP_ML}: പരമാവധി 999 കാർട്ടൺ മാത്രമേ ഓർഡർ ചെയ്യാനാകൂ`,
        errors: { quantity: 'പരമാവധി 999' },
      });
      const gone = await addIn(token, { productId: ids.product(CHUTNEY), quantity: 1 });
      expect(gone.status).toBe(409);
      expect(gone.body).toMatchObject({ message: `${CHUTNEY_ML}: സ്റ്റോക്കില്ല` });
      // A quantity changed on the page: the 12 inch plate has 3 cartons in stock (its size is the staff's words).
      const twelve = ids.variation(ROUND, '12 inch');
      expect((await addIn(token, { productId: ids.product(ROUND), quantity: 3, variationId: twelve })).status).toBe(201);
      const put = await call<{ items: CartItem[] }>(ctx.app, 'PUT', `/api/cart/${ids.product(ROUND)}/${twelve}?lang=ml`, {
        payload: { quantity: 4 },
        headers: await writeAs(token),
      });
      expect(put.status).toBe(409);
      expect(put.body).toEqual({
        message: 'പാള പ്ലേറ്റ് (വട്ടം) (12 inch): പരമാവധി 3 കാർട്ടൺ മാത്രമേ ഓർഡർ ചെയ്യാനാകൂ',
        errors: { quantity: 'പരമാവധി 3' },
      });
      // The same refusals without it are the English ones, word for word.
      expect((await add(token, { productId: ids.product(CUP), quantity: 1 })).body).toEqual({
        message: `Only 999 cartons of ${CUP} can be ordered`,
        errors: { quantity: 'At most 999' },
      });
      expect(lines(await getCart(token))).toEqual([
        [ids.product(CUP), null, 999],
        [ids.product(ROUND), twelve, 3],
      ]);
    });

    it('refuses a language it does not have, on a write as on a read', async () => {
      const token = await visitor();
      for (const response of [
        await call(ctx.app, 'POST', '/api/cart?lang=ta', {
          payload: { productId: ids.product(CUP), quantity: 1 },
          headers: await writeAs(token),
        }),
        await call(ctx.app, 'PUT', `/api/cart/${ids.product(CUP)}?lang=en`, {
          payload: { quantity: 2 },
          headers: await writeAs(token),
        }),
      ]) {
        expect(response.status).toBe(400);
        expect(JSON.stringify(response.body)).toContain("'lang' must be ml, or left out for English");
      }
      expect(await getCart(token)).toEqual([]);
    });
  });

  describe('lines with options of several types (Size and Model)', () => {
    const opt = (value: string) => ids.variation(CONTAINER, value);
    const container = () => ids.product(CONTAINER);
    const sorted = (...values: string[]) => values.map(opt).sort((a, b) => a - b);
    const optionLines = (items: CartItem[]) => items.map((i) => [i.productId, i.variationId, i.optionIds, i.quantity]);
    /** Sets a variation's fields for the test's duration. */
    async function withVariation(
      value: string,
      change: Partial<typeof productVariations.$inferInsert>,
      run: () => Promise<void>,
    ) {
      const id = opt(value);
      const [before] = await ctx.database.db.select().from(productVariations).where(eq(productVariations.id, id));
      await ctx.database.db.update(productVariations).set(change).where(eq(productVariations.id, id));
      try {
        await run();
      } finally {
        await ctx.database.db
          .update(productVariations)
          .set({ isActive: before!.isActive, stockQuantity: before!.stockQuantity })
          .where(eq(productVariations.id, id));
      }
    }

    it('500 ml + Round and 500 ml + Rectangular are two lines, each answering every option in type order', async () => {
      const token = await visitor();
      const first = await add(token, {
        productId: container(),
        quantity: 2,
        variationId: opt('500 ml'),
        optionIds: [opt('Round'), opt('500 ml')],
      });
      expect(first.status).toBe(201);
      await add(token, { productId: container(), quantity: 1, optionIds: [opt('500 ml'), opt('Rectangular')] });
      const items = await getCart(token);
      expect(optionLines(items)).toEqual([
        [container(), opt('500 ml'), sorted('500 ml', 'Round'), 2],
        [container(), opt('500 ml'), sorted('500 ml', 'Rectangular'), 1],
      ]);
      expect(items[0]!.options).toEqual([
        { id: opt('500 ml'), type: 'size', name: 'Size', value: '500 ml', stockQuantity: 380 },
        { id: opt('Round'), type: 'model', name: 'Model', value: 'Round', stockQuantity: 140 },
      ]);
      expect(items[1]!.options.map((o) => o.value)).toEqual(['500 ml', 'Rectangular']);
      // The pricing option is the variation: 500 ml has no own price, so the product's applies.
      expect(items[0]!.variation).toMatchObject({ type: 'size', value: '500 ml', price: null });

      // The same options again (in any order) grow their own line.
      await add(token, { productId: container(), quantity: 3, optionIds: [opt('Round'), opt('500 ml')] });
      expect(optionLines(await getCart(token))).toEqual([
        [container(), opt('500 ml'), sorted('500 ml', 'Round'), 5],
        [container(), opt('500 ml'), sorted('500 ml', 'Rectangular'), 1],
      ]);
    });

    it('the pricing option is the first type with its own price; a variationId that is not it is refused', async () => {
      const token = await visitor();
      const priced = await add(token, { productId: container(), quantity: 1, optionIds: [opt('Round'), opt('750 ml')] });
      expect(priced.status).toBe(201);
      expect(priced.body.items[0]).toMatchObject({ variationId: opt('750 ml'), variation: { value: '750 ml', price: '440.00' } });

      const wrong = await add(token, {
        productId: container(),
        quantity: 1,
        variationId: opt('Round'),
        optionIds: [opt('Round'), opt('750 ml')],
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({
        message: expect.stringContaining(CONTAINER),
        errors: { variationId: expect.any(String) },
      });
      const outside = await add(token, {
        productId: container(),
        quantity: 1,
        variationId: opt('1000 ml'),
        optionIds: [opt('Round'), opt('750 ml')],
      });
      expect(outside.status).toBe(400);
      expect(optionLines(await getCart(token))).toEqual([[container(), opt('750 ml'), sorted('750 ml', 'Round'), 1]]);
    });

    it('refuses only a variationId for a product with several types (400), as it refuses a missing type or two of one', async () => {
      const token = await visitor();
      const cases: Array<[Record<string, unknown>, { message: string; errors: Record<string, string> }]> = [
        [
          { productId: container(), quantity: 1, variationId: opt('500 ml') },
          { message: `Choose every option of ${CONTAINER}`, errors: { optionIds: 'Choose a Model' } },
        ],
        [
          { productId: container(), quantity: 1, optionIds: [opt('Round')] },
          { message: `Choose every option of ${CONTAINER}`, errors: { optionIds: 'Choose a Size' } },
        ],
        [
          { productId: container(), quantity: 1, optionIds: [opt('500 ml'), opt('750 ml'), opt('Round')] },
          { message: `Choose one Size of ${CONTAINER}`, errors: { optionIds: 'Only one Size per line' } },
        ],
        [
          { productId: container(), quantity: 1, optionIds: [opt('500 ml'), opt('Round'), opt('Round')] },
          { message: `Choose one Model of ${CONTAINER}`, errors: { optionIds: 'Only one Model per line' } },
        ],
      ];
      for (const [payload, refusal] of cases) {
        const response = await add(token, payload);
        expect(response.status, JSON.stringify(payload)).toBe(400);
        expect(response.body).toEqual(refusal);
      }
      expect(await getCart(token)).toEqual([]);
    });

    it('answers 404 for an unknown option or one of another product, naming the product', async () => {
      const token = await visitor();
      const unknown = await add(token, { productId: container(), quantity: 1, optionIds: [opt('500 ml'), ids.missing] });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ message: `Option ${ids.missing} of ${CONTAINER} not found` });
      const eight = ids.variation(ROUND, '8 inch');
      const foreign = await add(token, { productId: container(), quantity: 1, optionIds: [opt('500 ml'), eight] });
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual({ message: `Option ${eight} of ${CONTAINER} not found` });
      expect((await add(token, { productId: ids.product(CUP), quantity: 1, optionIds: [opt('Round')] })).status).toBe(404);
      expect(await getCart(token)).toEqual([]);
    });

    it('answers 409 for an inactive or sold-out option, naming the product and the option', async () => {
      const token = await visitor();
      const payload = { productId: container(), quantity: 1, optionIds: [opt('500 ml'), opt('Round')] };
      await withVariation('Round', { isActive: false }, async () => {
        const response = await add(token, payload);
        expect(response.status).toBe(409);
        expect(response.body).toEqual({ message: `${CONTAINER} (Model: Round) is no longer available` });
        // With Round inactive, 500 ml and Rectangular still make a line.
        expect((await add(token, { ...payload, optionIds: [opt('500 ml'), opt('Rectangular')] })).status).toBe(201);
      });
      await withVariation('Round', { stockQuantity: 0 }, async () => {
        const response = await add(token, payload);
        expect(response.status).toBe(409);
        expect(response.body).toEqual({ message: `${CONTAINER} (Model: Round) is out of stock` });
      });
      expect(optionLines(await getCart(token))).toEqual([[container(), opt('500 ml'), sorted('500 ml', 'Rectangular'), 1]]);
    });

    it('holds at most the smallest stock among the chosen options', async () => {
      const token = await visitor();
      const payload = { productId: container(), optionIds: [opt('750 ml'), opt('Round')] }; // 240 and 140
      const over = await add(token, { ...payload, quantity: 141 });
      expect(over.status).toBe(409);
      expect(over.body).toEqual({
        message: `Only 140 cartons of ${CONTAINER} (750 ml, Round) can be ordered`,
        errors: { quantity: 'At most 140' },
      });
      expect((await add(token, { ...payload, quantity: 140 })).status).toBe(201);
      expect(
        (await add(token, { productId: container(), optionIds: [opt('750 ml'), opt('Rectangular')], quantity: 240 })).status,
      ).toBe(201);
    });

    it('a single-type product: variationId alone or optionIds alone make the same line', async () => {
      const token = await visitor();
      const eight = ids.variation(ROUND, '8 inch');
      await add(token, { productId: ids.product(ROUND), quantity: 1, variationId: eight });
      await add(token, { productId: ids.product(ROUND), quantity: 2, optionIds: [eight] });
      await add(token, { productId: ids.product(ROUND), quantity: 3, variationId: eight, optionIds: [eight] });
      await add(token, { productId: ids.product(CUP), quantity: 1, optionIds: [] });
      expect(optionLines(await getCart(token))).toEqual([
        [ids.product(ROUND), eight, [eight], 6],
        [ids.product(CUP), null, [], 1],
      ]);
    });

    it('PUT and DELETE tell apart lines that differ only in options with ?options=', async () => {
      const token = await visitor();
      const round = sorted('500 ml', 'Round');
      const rectangular = sorted('500 ml', 'Rectangular');
      await add(token, { productId: container(), quantity: 1, optionIds: round });
      await add(token, { productId: container(), quantity: 1, optionIds: rectangular });
      const path = `${container()}/${opt('500 ml')}`;

      const set = await put(token, `${path}?options=${[...rectangular].reverse().join(',')}`, { quantity: 7 });
      expect(set.status).toBe(200);
      expect(optionLines(set.body.items)).toEqual([
        [container(), opt('500 ml'), round, 1],
        [container(), opt('500 ml'), rectangular, 7],
      ]);
      // Without ?options= two lines match: neither is taken.
      expect((await put(token, path, { quantity: 2 })).body).toEqual(NOT_IN_CART);
      expect((await del(token, path)).status).toBe(404);
      // Options that no line has.
      expect((await put(token, `${path}?options=${opt('500 ml')}`, { quantity: 2 })).status).toBe(404);
      // The ceiling of the addressed line: Round has 140.
      expect((await put(token, `${path}?options=${round.join(',')}`, { quantity: 141 })).status).toBe(409);

      const removed = await del(token, `${path}?options=${round.join(',')}`);
      expect(removed.status).toBe(200);
      expect(optionLines(removed.body.items)).toEqual([[container(), opt('500 ml'), rectangular, 7]]);
      // One line left for that product and size: the path alone finds it.
      expect(optionLines((await put(token, path, { quantity: 3 })).body.items)).toEqual([
        [container(), opt('500 ml'), rectangular, 3],
      ]);
      expect(optionLines((await put(token, `${path}?options=${rectangular.join(',')}`, { quantity: 0 })).body.items)).toEqual([]);
    });

    it.each([
      ['?options=x', { options: 'Options must be option ids separated by commas' }],
      ['?options=1,,2', { options: 'Options must be option ids separated by commas' }],
      ['?options=1.5', { options: 'Options must be option ids separated by commas' }],
    ])('answers 400 for the query %s', async (query, errors) => {
      const token = await visitor();
      const response = await put(token, `${container()}/${opt('500 ml')}${query}`, { quantity: 1 });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(validationError('cart line', errors));
      expect((await del(token, `${container()}/${opt('500 ml')}${query}`)).status).toBe(400);
    });

    it('answers 400 for an unknown query parameter on a line', async () => {
      const token = await visitor();
      expect((await put(token, `${ids.product(CUP)}?option=1`, { quantity: 1 })).status).toBe(400);
    });
  });

  it('keeps one cart per session: two cookies, two carts, neither can touch the other', async () => {
    const alice = await visitor();
    const bob = await visitor();
    const eight = ids.variation(ROUND, '8 inch');
    await add(alice, { productId: ids.product(ROUND), quantity: 2, variationId: eight });
    await add(bob, { productId: ids.product(CUP), quantity: 5 });
    expect(lines(await getCart(alice))).toEqual([[ids.product(ROUND), eight, 2]]);
    expect(lines(await getCart(bob))).toEqual([[ids.product(CUP), null, 5]]);

    expect((await put(bob, `${ids.product(ROUND)}/${eight}`, { quantity: 9 })).status).toBe(404);
    expect((await del(bob, `${ids.product(ROUND)}/${eight}`)).status).toBe(404);
    await del(bob);
    expect(lines(await getCart(alice))).toEqual([[ids.product(ROUND), eight, 2]]);
    expect(await getCart(bob)).toEqual([]);
    // The same product in both carts: separate lines.
    await add(bob, { productId: ids.product(ROUND), quantity: 1, variationId: eight });
    expect(lines(await getCart(alice))).toEqual([[ids.product(ROUND), eight, 2]]);
    expect(lines(await getCart(bob))).toEqual([[ids.product(ROUND), eight, 1]]);
  });

  it('concurrent adds of the same line end in one line holding every carton', async () => {
    const token = await visitor();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => add(token, { productId: ids.product(CUP), quantity: 3 })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(lines(await getCart(token))).toEqual([[ids.product(CUP), null, 24]]);
  });
});
