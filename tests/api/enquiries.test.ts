// POST /api/orders: the enquiry recorded from the catalogue, never from the browser.
import { createHash } from 'node:crypto';

import { asc, count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import type { CartItem } from '#domains/cart/model.ts';
import { seedDemoCatalogue } from '#domains/catalogue/seed.server.ts';
import { products, productVariations } from '#domains/catalogue/tables.ts';
import { orderItems, orders } from '#domains/enquiry/tables.ts';
import type { Database } from '#platform/db/client.ts';
import { MailSender } from '#platform/mail/outbox.ts';
import { outbox } from '#platform/mail/tables.ts';
import { sessions } from '#platform/session/tables.ts';
import { buildApp } from '#server/app.ts';
import { createServices } from '#server/services.ts';
import type { Refusal } from '#tests/support/accounts.ts';
import { csrfFor, type WriteCredentials, writeHeaders } from '#tests/support/csrf.ts';
import { databaseKinds, suiteApp, testConfig } from '#tests/support/databases.ts';
import {
  browserLine,
  call,
  type CatalogueIds,
  catalogueIds,
  cookieHeader,
  CUSTOMER,
  type EnquiryLineInput,
  enquiryPayload,
  expectedLine,
  type FieldRefusal,
  personFieldRefusals,
  sessionCookieOf,
  storedLines,
  validationError,
} from '#tests/support/enquiry.ts';
import { createPersistentDatabase } from '#tests/support/persistent-database.ts';

const ROUND = 'Areca Leaf Round Plate';
const CUP = 'Bagasse Cup 200 ml';
const COMBO = 'Sadya Party Pack'; // 250 Guests: its own price, units and carton
const PARTITION = 'Areca Leaf Partition Plate 11 inch';
const BAGASSE_ROUND = 'Bagasse Round Plate';
const ICE_CREAM = 'Kraft Paper Ice Cream Cup 100 ml with Lid';
const NOODLE = 'Kraft Paper Noodle Box 750 ml';
const CONTAINER = 'Bagasse Takeaway Container with Lid'; // 380.00; Size 500 (no own price, 380) / 750 (440.00, 240); Model Rectangular (420) / Round (140)

type Created = { id: number; displayId: number };

describe.each(databaseKinds())('POST /api/orders on %s', (kind) => {
  let ids: CatalogueIds;
  /** The visitor most enquiries here come from: its session and CSRF token. */
  let guest: WriteCredentials;

  const ctx = suiteApp(kind, { config: { rateLimits: { orders: { max: 100_000, timeWindow: 15 * 60_000 } } } });
  beforeAll(async () => {
    ids = await catalogueIds(ctx.database.db);
    guest = await csrfFor(ctx.app);
  });

  /** POST /api/orders as the guest visitor, unless `headers` names another session (cookie and X-CSRF-Token). */
  const post = <T = Created>(payload: unknown, headers: Record<string, string> = {}) =>
    call<T>(ctx.app, 'POST', '/api/orders', {
      payload: payload as Record<string, unknown>,
      headers: { ...guest.headers, ...headers },
    });
  const counts = async () => {
    const db = ctx.database.db;
    const [o] = await db.select({ n: count() }).from(orders);
    const [i] = await db.select({ n: count() }).from(orderItems);
    const [m] = await db.select({ n: count() }).from(outbox);
    return { orders: o!.n, items: i!.n, mails: m!.n };
  };
  const storedEnquiry = async (id: number) => {
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, id));
    return { order: order!, lines: await storedLines(ctx.database.db, id) };
  };
  const simple = () => enquiryPayload([browserLine(ids, CUP, null, 2)]);

  it('records the whole payload and answers 201 {id, displayId = 1000 + id}', async () => {
    const visitor = await csrfFor(ctx.app);
    const before = await counts();
    const started = Date.now();
    const response = await post(
      enquiryPayload([browserLine(ids, ROUND, '8 inch', 3), browserLine(ids, CUP, null, 2)]),
      visitor.headers,
    );
    expect(response.status).toBe(201);
    // The two fields the checkout reads, and the status link's token beside them.
    expect(Object.keys(response.body)).toEqual(['id', 'displayId', 'statusToken']);
    const { id, displayId } = response.body;
    expect(id).toEqual(expect.any(Number));
    expect(displayId).toBe(1000 + id);
    expect(await counts()).toEqual({ orders: before.orders + 1, items: before.items + 2, mails: before.mails + 2 });

    const { order, lines } = await storedEnquiry(id);
    expect(order).toMatchObject({
      status: 'pending',
      seen: false,
      customerName: CUSTOMER.customerName,
      customerEmail: CUSTOMER.customerEmail,
      customerPhone: CUSTOMER.customerPhone,
      deliveryLocation: CUSTOMER.deliveryLocation,
      specialRequests: 'Please deliver before the wedding on Sunday.',
      subtotal: '2200.00', // 3 x 560.00 + 2 x 260.00
      tax: '0.00',
      total: '2200.00',
      isGuest: true,
      userId: null,
      sessionId: 'guest_7f3a9c2e',
    });
    expect(order.createdAt).toBeInstanceOf(Date);
    expect(Math.abs(order.createdAt.getTime() - started)).toBeLessThan(60_000);
    expect(lines.map((l) => [l.productName, l.variationValue, l.quantity, l.position])).toEqual([
      [ROUND, '8 inch', 3, 0],
      [CUP, null, 2, 1],
    ]);

    // The enquiry remembers the visitor's session. Was: the enquiry started it (and set the cookie); a
    // write now needs the session's CSRF token, so the session comes from the token fetch before it.
    expect(sessionCookieOf(response.raw)).toBeUndefined();
    const [session] = await ctx.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, createHash('sha256').update(visitor.cookie).digest('base64url')));
    expect(order.visitorSessionId).toBe(session!.id);
  });

  it('trims the customer fields and stores an omitted or empty specialRequests as null', async () => {
    const { specialRequests: _omit, ...withoutRequests } = simple();
    const omitted = await post({ ...withoutRequests, customerName: '  Ravi Kumar  ', customerEmail: ' ravi@example.in ' });
    expect(omitted.status).toBe(201);
    expect((await storedEnquiry(omitted.body.id)).order).toMatchObject({
      customerName: 'Ravi Kumar',
      customerEmail: 'ravi@example.in',
      specialRequests: null,
    });
    const empty = await post({ ...simple(), specialRequests: '' });
    expect(empty.status).toBe(201);
    expect((await storedEnquiry(empty.body.id)).order.specialRequests).toBeNull();
  });

  it('stores a phone typed with spaces or +91 as its 10 digits', async () => {
    const response = await post({ ...simple(), customerPhone: '+91 98470 12345' });
    expect(response.status).toBe(201);
    expect((await storedEnquiry(response.body.id)).order.customerPhone).toBe('9847012345');
  });

  it("stores a business's GSTIN in capitals without spaces, a blank or omitted one as null, and e-mails it to the shop", async () => {
    const typed = await post({ ...simple(), customerGstin: ' 32aaacg 1234a1zn ' });
    expect(typed.status, JSON.stringify(typed.body)).toBe(201);
    expect((await storedEnquiry(typed.body.id)).order.customerGstin).toBe('32AAACG1234A1ZN');
    const [shopMail] = await ctx.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, `New enquiry #${typed.body.displayId} from ${CUSTOMER.customerName}`));
    expect(shopMail!.text.split('\n')).toContain('GSTIN: 32AAACG1234A1ZN');

    for (const blank of ['', '   ', null, undefined]) {
      const response = await post({ ...simple(), customerGstin: blank });
      expect(response.status, JSON.stringify(blank)).toBe(201);
      expect((await storedEnquiry(response.body.id)).order.customerGstin, JSON.stringify(blank)).toBeNull();
      const [mail] = await ctx.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.subject, `New enquiry #${response.body.displayId} from ${CUSTOMER.customerName}`));
      expect(mail!.text).not.toContain('GSTIN');
    }
  });

  it('stores the catalogue prices, units and carton details whatever the browser sent (tampered payload)', async () => {
    const tamper = (line: EnquiryLineInput): EnquiryLineInput => ({
      ...line,
      productName: 'Free sample',
      price: '0.01',
      pricePerUnit: '0.00',
      unitsPerCarton: 1,
      unitType: 'pieces',
      cartonWeight: '0.01',
      cartonDimensions: '1 x 1 x 1 cm',
      ...(line.variationId ? { variationName: 'Hacked', variationType: 'hack', variationValue: '99 inch' } : {}),
    });
    const wanted: Array<[string, string | null, number]> = [
      [ROUND, '8 inch', 3], // the variation's own price and carton
      [ROUND, '12 inch', 2], // the variation's own units per carton
      [ROUND, '6 inch', 4], // no own price: the product's
      [COMBO, '250 Guests', 1],
      [CUP, null, 5], // no variations
    ];
    const payload = enquiryPayload(
      wanted.map(([name, value, quantity]) => tamper(browserLine(ids, name, value, quantity))),
      { subtotal: '0.01', tax: '0.00', total: '0.01' },
    );
    const response = await post(payload);
    expect(response.status).toBe(201);

    const expected = wanted.map(([name, value, quantity]) => expectedLine(ids, name, value, quantity));
    const { order, lines } = await storedEnquiry(response.body.id);
    expect(lines.map(({ id: _id, orderId: _orderId, position: _position, ...line }) => line)).toEqual(expected);
    expect(lines.map((l) => l.position)).toEqual([0, 1, 2, 3, 4]);
    const subtotal = expected.reduce((sum, line) => sum + Math.round(Number(line.lineTotal) * 100), 0);
    expect(order).toMatchObject({ subtotal: (subtotal / 100).toFixed(2), tax: '0.00', total: (subtotal / 100).toFixed(2) });

    // The same, spelled out, so a mistake shared by core/pricing and the server still shows.
    expect(lines[0]).toMatchObject({
      productName: ROUND,
      price: '560.00',
      pricePerUnit: '5.60',
      unitsPerCarton: 100,
      unitType: 'plates',
      cartonWeight: '2.40',
      cartonDimensions: '22 x 22 x 34 cm',
      variationName: 'Size',
      variationType: 'size',
      variationValue: '8 inch',
      lineTotal: '1680.00',
    });
    expect(lines[1]).toMatchObject({
      price: '690.00',
      pricePerUnit: '13.80',
      unitsPerCarton: 50,
      cartonWeight: '2.70',
      lineTotal: '1380.00',
    });
    expect(lines[2]).toMatchObject({
      price: '320.00',
      pricePerUnit: '3.20',
      unitsPerCarton: 100,
      cartonWeight: '1.60', // the product's
      cartonDimensions: '17 x 17 x 32 cm',
      lineTotal: '1280.00',
    });
    expect(lines[3]).toMatchObject({
      price: '3400.00',
      pricePerUnit: '13.60',
      unitsPerCarton: 250,
      cartonWeight: '15.00',
      lineTotal: '3400.00',
    });
    expect(lines[4]).toMatchObject({
      productName: CUP,
      variationId: null,
      variationName: null,
      price: '260.00',
      pricePerUnit: '2.60',
      unitsPerCarton: 100,
      unitType: 'items',
      cartonWeight: '1.20',
      cartonDimensions: '30 x 16 x 34 cm',
      lineTotal: '1300.00',
    });
    expect(order).toMatchObject({ subtotal: '9040.00', tax: '0.00', total: '9040.00' });
  });

  it('keeps the snapshot when the catalogue and the cart change later', async () => {
    const variationId = ids.variation(ROUND, '10 inch');
    const productId = ids.product(NOODLE);
    const response = await post(enquiryPayload([browserLine(ids, ROUND, '10 inch', 2), browserLine(ids, NOODLE, null, 1)]));
    expect(response.status).toBe(201);
    const before = await storedEnquiry(response.body.id);
    /** Changes the round plate's option and the noodle box by hand, and has the catalogue read them again. */
    const change = async (
      variation: Partial<typeof productVariations.$inferInsert>,
      product: Partial<typeof products.$inferInsert>,
    ) => {
      await ctx.database.db.update(productVariations).set(variation).where(eq(productVariations.id, variationId));
      await ctx.database.db.update(products).set(product).where(eq(products.id, productId));
      ctx.services.catalogue.invalidate();
    };
    try {
      await change(
        { price: '1999.00', cartonWeight: '9.99' },
        { price: '999.00', name: 'Renamed Noodle Box', unitsPerCarton: 7 },
      );
      const after = await storedEnquiry(response.body.id);
      expect(after).toEqual(before);
      expect(after.lines[0]).toMatchObject({ price: '950.00', cartonWeight: '3.60', lineTotal: '1900.00' });
      expect(after.lines[1]).toMatchObject({ productName: NOODLE, price: '390.00', unitsPerCarton: 50, pricePerUnit: '7.80' });
      expect(after.order.total).toBe('2290.00');
    } finally {
      await change({ price: '950.00', cartonWeight: '3.60' }, { price: '390.00', name: NOODLE, unitsPerCarton: 50 });
    }
  });

  it('does not copy the cart: the enquiry holds what was sent, and the cart changing later does not alter it', async () => {
    const { cookie: token, headers } = await csrfFor(ctx.app);
    const cart = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart',
      payload: { productId: ids.product(CUP), quantity: 4 },
      headers,
    });
    expect(cart.statusCode, cart.body).toBe(201);
    const response = await post(enquiryPayload([browserLine(ids, CUP, null, 4)]), await writeHeaders(ctx.app, token));
    expect(response.status).toBe(201);
    expect(response.headers['set-cookie']).toBeUndefined(); // the visitor's own session
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/cart/${ids.product(CUP)}`,
      payload: { quantity: 9 },
      headers,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const cleared = await ctx.app.inject({ method: 'DELETE', url: '/api/cart', headers });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const { order, lines } = await storedEnquiry(response.body.id);
    expect(lines.map((l) => [l.productName, l.quantity, l.lineTotal])).toEqual([[CUP, 4, '1040.00']]);
    expect(order.total).toBe('1040.00');
    const [session] = await ctx.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, createHash('sha256').update(token).digest('base64url')));
    expect(order.visitorSessionId).toBe(session!.id);
    const after = await call<CartItem[]>(ctx.app, 'GET', '/api/cart', { headers: cookieHeader(token) });
    expect(after.body).toEqual([]);
  });

  describe('lines the catalogue refuses: nothing is stored', () => {
    const cases: Array<[string, () => EnquiryLineInput, number, () => Refusal]> = [
      [
        'an unknown product',
        () => ({ ...browserLine(ids, CUP, null, 1), productId: ids.missing }),
        404,
        () => ({ message: `Product ${ids.missing} not found` }),
      ],
      [
        'an unknown variation',
        () => ({ ...browserLine(ids, ROUND, '8 inch', 1), variationId: ids.missing }),
        404,
        () => ({ message: `Option ${ids.missing} of ${ROUND} not found` }),
      ],
      [
        'a variation of another product',
        () => ({ ...browserLine(ids, ROUND, '8 inch', 1), variationId: ids.variation(BAGASSE_ROUND, '9 inch') }),
        404,
        () => ({ message: `Option ${ids.variation(BAGASSE_ROUND, '9 inch')} of ${ROUND} not found` }),
      ],
      [
        'an inactive variation',
        () => ({ ...browserLine(ids, BAGASSE_ROUND, '7 inch', 1), variationId: ids.variation(BAGASSE_ROUND, '12 inch') }),
        409,
        () => ({ message: `${BAGASSE_ROUND} (Size: 12 inch) is no longer available` }),
      ],
      [
        'a variation out of stock',
        () => ({ ...browserLine(ids, PARTITION, '3 Compartment', 1), variationId: ids.variation(PARTITION, '4 Compartment') }),
        409,
        () => ({ message: `${PARTITION} (Model: 4 Compartment) is out of stock` }),
      ],
      [
        'a product out of stock',
        () => browserLine(ids, ICE_CREAM, null, 1),
        409,
        () => ({ message: `${ICE_CREAM} is out of stock` }),
      ],
      [
        "more cartons than the variation's stock",
        () => browserLine(ids, ROUND, '12 inch', 4),
        409,
        () => ({ message: `Only 3 cartons of ${ROUND} (12 inch) can be ordered`, errors: { quantity: 'At most 3' } }),
      ],
      [
        'a product with variations without its variation',
        () => ({ ...browserLine(ids, ROUND, '8 inch', 1), variationId: null }),
        400,
        () => ({ message: `Choose the options of ${ROUND} first`, errors: { variationId: 'Required for this product' } }),
      ],
    ];

    it.each(cases)('refuses %s', async (_label, line, status, refusal) => {
      const before = await counts();
      const response = await post<Refusal>(
        enquiryPayload([browserLine(ids, CUP, null, 2), line(), browserLine(ids, NOODLE, null, 1)]),
      );
      expect(response.status).toBe(status);
      expect(response.body).toEqual(refusal());
      expect(await counts()).toEqual(before);
    });

    it('from a Malayalam page, refuses in Malayalam with the product named in Malayalam', async () => {
      const nameMl = async (name: string) =>
        (
          await ctx.database.db
            .select({ nameMl: products.nameMl })
            .from(products)
            .where(eq(products.id, ids.product(name)))
        )[0]!.nameMl;
      const before = await counts();
      const sent = async (line: EnquiryLineInput) =>
        post<Refusal>({ ...enquiryPayload([browserLine(ids, CUP, null, 2), line]), language: 'ml' });
      const gone = await sent(browserLine(ids, ICE_CREAM, null, 1));
      expect(gone.status).toBe(409);
      expect(gone.body).toEqual({ message: `${await nameMl(ICE_CREAM)}: സ്റ്റോക്കില്ല` });
      const over = await sent(browserLine(ids, ROUND, '12 inch', 4));
      expect(over.status).toBe(409);
      expect(over.body).toEqual({
        message: `${await nameMl(ROUND)} (12 inch): പരമാവധി 3 കാർട്ടൺ മാത്രമേ ഓർഡർ ചെയ്യാനാകൂ`,
        errors: { quantity: 'പരമാവധി 3' },
      });
      expect(await counts()).toEqual(before);
    });
  });

  describe('lines with options of several types', () => {
    const opt = (value: string) => ids.variation(CONTAINER, value);
    /** The container line as the checkout sends it: the pricing option's fields and every option id. */
    const containerLine = (size: string, model: string, quantity: number): EnquiryLineInput => ({
      ...browserLine(ids, CONTAINER, size, quantity),
      optionIds: [opt(size), opt(model)].sort((a, b) => a - b),
    });

    it('stores 500 ml + Round and 500 ml + Rectangular as two lines, each with a snapshot of every option', async () => {
      const response = await post(
        enquiryPayload([containerLine('500 ml', 'Round', 2), containerLine('500 ml', 'Rectangular', 1)]),
      );
      expect(response.status).toBe(201);
      const { order, lines } = await storedEnquiry(response.body.id);
      // Each line: the product, its pricing option (500 ml at ₹380.00), its cartons and a snapshot of every option.
      const stored = (model: string, quantity: number) => [
        CONTAINER,
        opt('500 ml'),
        '500 ml',
        '380.00',
        quantity,
        [
          { type: 'size', name: 'Size', value: '500 ml' },
          { type: 'model', name: 'Model', value: model },
        ],
      ];
      expect(lines.map((l) => [l.productName, l.variationId, l.variationValue, l.price, l.quantity, l.options])).toEqual([
        stored('Round', 2),
        stored('Rectangular', 1),
      ]);
      expect(order.total).toBe('1140.00');
    });

    it('prices by the first type that has its own price, whatever order the ids come in', async () => {
      const response = await post(
        enquiryPayload([{ ...browserLine(ids, CONTAINER, '750 ml', 1), optionIds: [opt('Round'), opt('750 ml')] }]),
      );
      expect(response.status).toBe(201);
      const [line] = (await storedEnquiry(response.body.id)).lines;
      expect(line).toMatchObject({ variationId: opt('750 ml'), price: '440.00', cartonWeight: '2.10', lineTotal: '440.00' });
      expect(line!.options.map((o) => o.value)).toEqual(['750 ml', 'Round']);
    });

    const refusals: Array<[string, () => EnquiryLineInput, number, () => Refusal]> = [
      [
        'only the variationId (the payload of an older page)',
        () => browserLine(ids, CONTAINER, '500 ml', 1),
        400,
        () => ({ message: `Choose every option of ${CONTAINER}`, errors: { optionIds: 'Choose a Model' } }),
      ],
      [
        'two options of one type',
        () => ({ ...browserLine(ids, CONTAINER, '500 ml', 1), optionIds: [opt('500 ml'), opt('Round'), opt('Rectangular')] }),
        400,
        () => ({ message: `Choose one Model of ${CONTAINER}`, errors: { optionIds: 'Only one Model per line' } }),
      ],
      [
        'an option of another product',
        () => ({ ...containerLine('500 ml', 'Round', 1), optionIds: [opt('500 ml'), ids.variation(ROUND, '8 inch')] }),
        404,
        () => ({ message: `Option ${ids.variation(ROUND, '8 inch')} of ${CONTAINER} not found` }),
      ],
      [
        "more cartons than the smallest chosen option's stock",
        () => containerLine('750 ml', 'Round', 141),
        409,
        () => ({
          message: `Only 140 cartons of ${CONTAINER} (750 ml, Round) can be ordered`,
          errors: { quantity: 'At most 140' },
        }),
      ],
    ];

    it.each(refusals)('refuses %s and stores nothing', async (_label, line, status, refusal) => {
      const before = await counts();
      const response = await post<Refusal>(enquiryPayload([browserLine(ids, CUP, null, 1), line()]));
      expect(response.status).toBe(status);
      expect(response.body).toEqual(refusal());
      expect(await counts()).toEqual(before);
    });

    it('lines that share an option together ask for no more than its stock', async () => {
      // 750 ml has 240: 150 with Rectangular and 150 with Round (Round alone has 140).
      const before = await counts();
      const response = await post<Refusal>(
        enquiryPayload([containerLine('750 ml', 'Rectangular', 150), containerLine('750 ml', 'Round', 100)]),
      );
      expect(response.status).toBe(409);
      expect(response.body).toEqual({
        message: `Only 240 cartons of ${CONTAINER} (750 ml) can be ordered`,
        errors: { quantity: 'At most 240' },
      });
      expect(await counts()).toEqual(before);
      expect(
        (await post(enquiryPayload([containerLine('750 ml', 'Rectangular', 140), containerLine('750 ml', 'Round', 100)]))).status,
      ).toBe(201);
    });
  });

  describe('checkout field rules and messages', () => {
    const cases: FieldRefusal[] = [
      ...personFieldRefusals({ name: 'customerName', email: 'customerEmail', phone: 'customerPhone' }),
      [
        'phone 5123456789',
        { customerPhone: '5123456789' },
        { customerPhone: 'Please enter a valid 10-digit mobile number starting with 6-9' },
      ],
      [
        'phone 0847012345',
        { customerPhone: '0847012345' },
        { customerPhone: 'Please enter a valid 10-digit mobile number starting with 6-9' },
      ],
      [
        'a short address',
        { deliveryLocation: 'Kochi' },
        { deliveryLocation: 'Please provide complete delivery address including street, area, city, state, and pincode' },
      ],
      [
        'an address without a pincode',
        { deliveryLocation: '14 Temple Road, Edappally, Kochi, Kerala' },
        { deliveryLocation: 'Delivery address must include a valid 6-digit pincode' },
      ],
      [
        'an address with a 5-digit pincode',
        { deliveryLocation: '14 Temple Road, Kochi, Kerala 68202' },
        { deliveryLocation: 'Delivery address must include a valid 6-digit pincode' },
      ],
      [
        'an address with a 7-digit number only',
        { deliveryLocation: '14 Temple Road, Kochi, Kerala 6820241' },
        { deliveryLocation: 'Delivery address must include a valid 6-digit pincode' },
      ],
      [
        'a 1001-character special request',
        { specialRequests: 'x'.repeat(1001) },
        { specialRequests: 'Must be at most 1000 characters' },
      ],
      [
        'a GSTIN of the wrong shape',
        { customerGstin: '32AAACG1234' },
        { customerGstin: 'A GSTIN has 15 characters: state code, PAN, entity number, Z and a check character' },
      ],
      [
        'a GSTIN with a typo',
        { customerGstin: '32AAACG1243A1ZN' },
        { customerGstin: 'This GSTIN’s check character does not match: please check it for a typo' },
      ],
      ['a GSTIN of an unknown state', { customerGstin: '99AAACG1234A1ZN' }, { customerGstin: '99 is not a GST state code' }],
      ['a GSTIN as a number', { customerGstin: 32 }, { customerGstin: 'GSTIN must be text' }],
      ['a filled honeypot', { website: 'http://spam.example' }, { website: 'Invalid submission' }],
      ['no items', { items: [] }, { items: 'Add at least one product to the enquiry' }],
      ['an unknown field', { discount: '100.00' }, { discount: "Unknown field 'discount'" }],
      ['an order-id prefix other than 1000', { orderIdPrefix: 2000 }, { orderIdPrefix: "'orderIdPrefix' must be 1000" }],
      ['isGuest as a string', { isGuest: 'true' }, { isGuest: "'isGuest' must be true or false" }],
      ['no customerName at all', { customerName: undefined }, { customerName: "'customerName' is required" }],
    ];

    it.each(cases)('refuses %s with 400 and the field message', async (_label, change, errors) => {
      const before = await counts();
      const response = await post<Refusal>({ ...simple(), ...change });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(validationError('enquiry', errors));
      expect(await counts()).toEqual(before);
    });

    it('names every wrong field at once, in form order', async () => {
      const response = await post<Refusal>({
        ...simple(),
        customerName: 'A',
        customerEmail: 'x',
        customerPhone: '12345',
        deliveryLocation: 'short',
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(
        validationError('enquiry', {
          customerName: 'Name must be at least 2 characters',
          customerEmail: 'Please enter a valid email address',
          customerPhone: 'Phone number must be exactly 10 digits',
          deliveryLocation: 'Please provide complete delivery address including street, area, city, state, and pincode',
        }),
      );
    });

    it('refuses more than 50 lines', async () => {
      const response = await post<Refusal>(enquiryPayload(Array.from({ length: 51 }, () => browserLine(ids, CUP, null, 1))));
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({ items: 'At most 50 lines per enquiry' });
    });

    // BUG (platform/http/errors.ts, parseInput): an unrecognized key is reported under its bare name
    // ('discount'), not under its path like every other line error ('items.0.quantity').
    it('refuses an unknown field inside a line, naming it by its path', async () => {
      const response = await post<Refusal>(enquiryPayload([{ ...browserLine(ids, CUP, null, 1), discount: '5.00' }]));
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({ 'items.0.discount': "Unknown field 'discount'" });
    });

    it('refuses a line with a bad quantity, naming its path', async () => {
      const response = await post<Refusal>(
        enquiryPayload([browserLine(ids, CUP, null, 1), { ...browserLine(ids, CUP, null, 1), quantity: 0 }]),
      );
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({ 'items.1.quantity': 'Quantity must be at least 1' });
    });
  });

  describe('who sent it', () => {
    it('stores a guest with userId null and its sessionId', async () => {
      const response = await post({ ...simple(), isGuest: true, userId: null, sessionId: 'guest_abc123' });
      expect(response.status).toBe(201);
      expect((await storedEnquiry(response.body.id)).order).toMatchObject({
        isGuest: true,
        userId: null,
        sessionId: 'guest_abc123',
      });
    });

    it('stores a guest without a sessionId', async () => {
      const { sessionId: _omit, ...payload } = simple();
      const response = await post({ ...payload, isGuest: true, userId: null });
      expect(response.status).toBe(201);
      expect((await storedEnquiry(response.body.id)).order).toMatchObject({ isGuest: true, userId: null, sessionId: null });
    });

    it("does not take the browser's word for an account: without a signed-in user it is a guest enquiry", async () => {
      const response = await post({ ...simple(), isGuest: false, userId: 42, sessionId: null });
      expect(response.status).toBe(201);
      expect((await storedEnquiry(response.body.id)).order).toMatchObject({ isGuest: true, userId: null, sessionId: null });
    });

    it('keeps userId null for a guest whatever it sent', async () => {
      const response = await post({ ...simple(), isGuest: true, userId: 7, sessionId: 'guest_x' });
      expect(response.status).toBe(201);
      expect((await storedEnquiry(response.body.id)).order).toMatchObject({ isGuest: true, userId: null, sessionId: 'guest_x' });
    });
  });

  describe('Idempotency-Key', () => {
    it('answers a repeat from the same session with the same enquiry with the first answer, and stores one', async () => {
      const before = await counts();
      const key = 'chk_6f1d2a9b8c7e4f30';
      const first = await post(simple(), { 'idempotency-key': key });
      expect(first.status).toBe(201);
      const second = await post(simple(), { 'idempotency-key': key });
      expect(second.status).toBe(201);
      expect(second.body).toEqual(first.body);
      expect(await counts()).toEqual({ orders: before.orders + 1, items: before.items + 1, mails: before.mails + 2 });
      const { lines } = await storedEnquiry(first.body.id);
      expect(lines.map((l) => [l.productName, l.quantity])).toEqual([[CUP, 2]]);
    });

    it('refuses the same key from the same session with another enquiry (422) and stores nothing', async () => {
      const key = 'chk_changed_enquiry_0001';
      const first = await post(simple(), { 'idempotency-key': key });
      expect(first.status).toBe(201);
      const before = await counts();
      for (const changed of [
        enquiryPayload([browserLine(ids, NOODLE, null, 9)]),
        enquiryPayload([browserLine(ids, CUP, null, 3)]),
        enquiryPayload([browserLine(ids, CUP, null, 2)], { customerName: 'Someone Else' }),
      ]) {
        const refused = await post<Refusal>(changed, { 'idempotency-key': key });
        expect(refused.status).toBe(422);
        expect(refused.body).toEqual({
          message: 'This Idempotency-Key was already used for a different enquiry: send a new key for a changed enquiry',
        });
      }
      expect(await counts()).toEqual(before);
      // The first enquiry still answers its own repeat.
      expect((await post(simple(), { 'idempotency-key': key })).body).toEqual(first.body);
    });

    it("treats another session's key as a new request: its own enquiry, never the other's or its status token", async () => {
      const key = 'chk_shared_between_sessions';
      const first = await post<Created & { statusToken: string }>(simple(), { 'idempotency-key': key });
      expect(first.status).toBe(201);
      const before = await counts();
      const stranger = await csrfFor(ctx.app);
      const other = await post<Created & { statusToken: string }>(simple(), { ...stranger.headers, 'idempotency-key': key });
      expect(other.status).toBe(201);
      expect(other.body.id).not.toBe(first.body.id);
      expect(other.body.statusToken).not.toBe(first.body.statusToken);
      // Its own repeat answers its own enquiry; a third session with another enquiry and the key gets a third.
      expect((await post(simple(), { ...stranger.headers, 'idempotency-key': key })).body).toEqual(other.body);
      const third = await csrfFor(ctx.app);
      const changed = await post<Created>(enquiryPayload([browserLine(ids, NOODLE, null, 9)]), {
        ...third.headers,
        'idempotency-key': key,
      });
      expect(changed.status).toBe(201);
      expect(new Set([first.body.id, other.body.id, changed.body.id]).size).toBe(3);
      expect((await counts()).orders).toBe(before.orders + 2);
    });

    it('stores one enquiry when the same key arrives five times at once', async () => {
      const before = await counts();
      const key = `concurrent-${kind}-0123456789`;
      const responses = await Promise.all(Array.from({ length: 5 }, () => post(simple(), { 'idempotency-key': key })));
      expect(responses.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(responses.map((r) => JSON.stringify(r.body))).size).toBe(1);
      expect(await counts()).toEqual({ orders: before.orders + 1, items: before.items + 1, mails: before.mails + 2 });
      const [row] = await ctx.database.db.select({ id: orders.id }).from(orders).where(eq(orders.idempotencyKey, key));
      expect(row!.id).toBe(responses[0]!.body.id);
    });

    it('lets a key whose first attempt was refused be used again', async () => {
      const key = 'retry-after-refusal-1';
      const refused = await post<Refusal>(enquiryPayload([browserLine(ids, ICE_CREAM, null, 1)]), { 'idempotency-key': key });
      expect(refused.status).toBe(409);
      const fixed = await post(simple(), { 'idempotency-key': key });
      expect(fixed.status).toBe(201);
      expect((await storedEnquiry(fixed.body.id)).lines.map((l) => l.productName)).toEqual([CUP]);
    });

    it('stores two enquiries for two keys, and one per request without a key', async () => {
      const before = await counts();
      const a = await post(simple(), { 'idempotency-key': 'key-aaaaaaaaaaaaaaaa' });
      const b = await post(simple(), { 'idempotency-key': 'key-bbbbbbbbbbbbbbbb' });
      const c = await post(simple());
      const d = await post(simple());
      expect(new Set([a, b, c, d].map((r) => r.body.id)).size).toBe(4);
      expect((await counts()).orders).toBe(before.orders + 4);
    });

    it('takes a UUID and 16 to 100 safe characters', async () => {
      for (const key of ['0b0c5e3e-1f1a-4c8e-9d55-2a6b7f3c9e10', 'a'.repeat(16), `${'Z9_-'.repeat(25)}`]) {
        expect((await post(simple(), { 'idempotency-key': key })).status, key).toBe(201);
      }
    });

    it.each([
      'short',
      'key-of-8',
      'fifteen-chars-x',
      'with spaces in it and more',
      'x'.repeat(101),
      'semi;colon-key-0123456',
      'ünïcödé-key-1234567890',
      'dots.are.not.allowed.here',
      '',
    ])('refuses the malformed key %j with 400 and stores nothing', async (key) => {
      const before = await counts();
      const response = await post<Refusal>(simple(), { 'idempotency-key': key });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: 'Idempotency-Key must be 16 to 100 letters, digits, - or _' });
      expect(await counts()).toEqual(before);
    });
  });

  it('records 200 enquiries sent in parallel: all 201, distinct display ids, all stored', async () => {
    const before = await counts();
    const payloads = Array.from({ length: 200 }, (_, n) =>
      enquiryPayload([browserLine(ids, CUP, null, (n % 50) + 1)], {
        customerName: `Parallel Customer ${n}`,
        sessionId: `guest_parallel_${n}`,
      }),
    );
    const responses = await Promise.all(payloads.map((payload) => post(payload)));
    const statuses = responses.map((r) => r.status);
    expect(
      statuses.filter((s) => s !== 201),
      JSON.stringify(responses.find((r) => r.status !== 201)?.body),
    ).toEqual([]);
    const displayIds = responses.map((r) => r.body.displayId);
    expect(new Set(displayIds).size).toBe(200);
    for (const r of responses) expect(r.body.displayId).toBe(1000 + r.body.id);
    expect(await counts()).toEqual({ orders: before.orders + 200, items: before.items + 200, mails: before.mails + 400 });

    // Each answer names the enquiry its request made.
    const rows = await ctx.database.db
      .select({ id: orders.id, name: orders.customerName, total: orders.total, quantity: orderItems.quantity })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(
        inArray(
          orders.id,
          responses.map((r) => r.body.id),
        ),
      );
    const byId = new Map(rows.map((row) => [row.id, row]));
    responses.forEach((response, n) => {
      const row = byId.get(response.body.id);
      expect(row).toEqual({
        id: response.body.id,
        name: `Parallel Customer ${n}`,
        quantity: (n % 50) + 1,
        total: (((n % 50) + 1) * 260).toFixed(2),
      });
    });
  });
});

describe.each(databaseKinds())('enquiries across a restart on %s', (kind) => {
  it('reads back the enquiry, its lines, the cart and the queued e-mails after the app restarts on the same database', async () => {
    const persistent = await createPersistentDatabase(kind);
    let database: Database | null = null;
    try {
      const config = testConfig(persistent.dataDir);
      const start = async () => {
        database = await persistent.open();
        await seedDemoCatalogue(database.db);
        const services = createServices(database.db, config);
        await services.mail.stop(); // leave the e-mails queued: they must survive too
        const app = await buildApp({ config, database, services });
        await app.ready();
        return { database, services, app };
      };
      const stop = async (running: Awaited<ReturnType<typeof start>>) => {
        await running.app.close();
        await running.services.mail.stop();
        await running.database.close();
        database = null;
      };

      const first = await start();
      const ids = await catalogueIds(first.database.db);
      const visitor = await csrfFor(first.app);
      const token = visitor.cookie;
      const cart = await first.app.inject({
        method: 'POST',
        url: '/api/cart',
        payload: { productId: ids.product(CUP), quantity: 3 },
        headers: visitor.headers,
      });
      expect(cart.statusCode, cart.body).toBe(201);
      const key = 'restart-key-12345678';
      const created = await first.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: enquiryPayload([browserLine(ids, ROUND, '8 inch', 3), browserLine(ids, CUP, null, 3)]),
        headers: { ...visitor.headers, 'idempotency-key': key },
      });
      expect(created.statusCode, created.body).toBe(201);
      const answer = created.json() as Created;
      const readBack = async (db: Database['db']) => ({
        order: (await db.select().from(orders).where(eq(orders.id, answer.id)))[0],
        lines: await storedLines(db, answer.id),
        mails: await db.select().from(outbox).orderBy(asc(outbox.id)),
      });
      const before = await readBack(first.database.db);
      expect(before.order).toBeDefined();
      expect(before.lines).toHaveLength(2);
      expect(before.mails).toHaveLength(2);
      await stop(first);

      const second = await start();
      const after = await readBack(second.database.db);
      expect(after).toEqual(before);
      expect(after.order).toMatchObject({
        customerName: CUSTOMER.customerName,
        total: '2460.00',
        status: 'pending',
        seen: false,
      });
      // The visitor's cart and session are still there.
      const cartAfter = await second.app.inject({ method: 'GET', url: '/api/cart', headers: cookieHeader(token) });
      expect((cartAfter.json() as CartItem[]).map((i) => [i.productId, i.quantity])).toEqual([[ids.product(CUP), 3]]);
      // The key still names the first enquiry for the session that sent it; another session's is a new request.
      const repeat = await second.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: enquiryPayload([browserLine(ids, ROUND, '8 inch', 3), browserLine(ids, CUP, null, 3)]),
        headers: { ...visitor.headers, 'idempotency-key': key },
      });
      expect(repeat.json()).toEqual(answer);
      const newcomer = await csrfFor(second.app);
      const elsewhere = await second.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: enquiryPayload([browserLine(ids, CUP, null, 1)]),
        headers: { ...newcomer.headers, 'idempotency-key': key },
      });
      expect(elsewhere.statusCode).toBe(201);
      expect((elsewhere.json() as Created).id).toBeGreaterThan(answer.id);
      // The e-mails queued before the restart are delivered after it.
      const sender = new MailSender(second.database.db, { from: config.mailFrom, outboxDir: `${persistent.dataDir}/outbox` });
      expect(await sender.sendDue()).toBe(4);
      await sender.stop();
      await stop(second);
    } finally {
      await (database as Database | null)?.close().catch(() => {});
      await persistent.dispose();
    }
    // Creates an on-disk database and opens it twice: seconds normally, far more on a busy machine.
  }, 120_000);
});
