// Trade prices (issue 36): the minimum order and carton step, and quantity breaks, on the cart and the enquiry.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import type { CartItem } from '#domains/cart/model.ts';
import { products } from '#domains/catalogue/tables.ts';
import { orderItems, orders } from '#domains/enquiry/tables.ts';
import type { Refusal } from '#tests/support/accounts.ts';
import { csrfFor, type WriteCredentials } from '#tests/support/csrf.ts';
import { databaseKinds, suiteApp } from '#tests/support/databases.ts';
import { browserLine, call, type CatalogueIds, catalogueIds, enquiryPayload, storedLines } from '#tests/support/enquiry.ts';

const CUP = 'Bagasse Cup 200 ml'; // no variations
const NOODLE = 'Kraft Paper Noodle Box 750 ml'; // no variations, untouched: the seed's price
/** The example, set on the cups: 1-9 cartons ₹950, 10-49 ₹900, 50 or more ₹850; at least 5, in steps of 5. */
const CUP_TERMS = {
  price: '950.00',
  minCartons: 5,
  cartonStep: 5,
  priceBreaks: [
    { minCartons: 10, price: '900.00' },
    { minCartons: 50, price: '850.00' },
  ],
};

type Items = { items: CartItem[] };

describe.each(databaseKinds())('trade prices on %s', (kind) => {
  let ids: CatalogueIds;
  let guest: WriteCredentials;
  const ctx = suiteApp(kind);

  beforeAll(async () => {
    ids = await catalogueIds(ctx.database.db);
    guest = await csrfFor(ctx.app);
    await ctx.database.db
      .update(products)
      .set(CUP_TERMS)
      .where(eq(products.id, ids.product(CUP)));
    ctx.services.catalogue.invalidate();
  });

  const send = <T>(method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) =>
    call<T>(ctx.app, method, url, { payload, headers: guest.headers });

  it('answers the product with its rule and breaks beside the spec’s fields, price still the catalogue’s', async () => {
    const product = await call<Record<string, unknown>>(ctx.app, 'GET', `/api/products/${ids.product(CUP)}`);
    expect(product.body).toMatchObject(CUP_TERMS);
    const other = await call<Record<string, unknown>>(ctx.app, 'GET', `/api/products/${ids.product(NOODLE)}`);
    expect(other.body).toMatchObject({ minCartons: 1, cartonStep: 1, priceBreaks: [] });
  });

  it('refuses a cart quantity below the minimum or off the step with its message, and keeps one that obeys', async () => {
    const few = await send<Refusal>('POST', '/api/cart', { productId: ids.product(CUP), quantity: 3 });
    expect(few.status).toBe(400);
    expect(few.body.message).toBe(`${CUP} is sold in at least 5 cartons`);
    const added = await send<Items>('POST', '/api/cart', { productId: ids.product(CUP), quantity: 5 });
    expect(added.status).toBe(201);
    expect(added.body.items[0]).toMatchObject({
      quantity: 5,
      product: { price: '950.00', minCartons: 5, cartonStep: 5 },
      prices: { price: '950.00', breaks: [{ minCartons: 10 }, { minCartons: 50 }], group: null },
    });
    const off = await send<Refusal>('PUT', `/api/cart/${ids.product(CUP)}`, { quantity: 12 });
    expect(off.status).toBe(400);
    expect(off.body).toMatchObject({ message: `${CUP} is sold in steps of 5 cartons` });
    const below = await send<Refusal>('PUT', `/api/cart/${ids.product(CUP)}`, { quantity: 4 });
    expect(below.status).toBe(400);
    const ten = await send<Items>('PUT', `/api/cart/${ids.product(CUP)}`, { quantity: 10 });
    expect(ten.status).toBe(200);
    expect(ten.body.items[0]!.quantity).toBe(10);
  });

  it('prices an enquiry by its breaks from the database, whatever price the browser sent, and keeps why', async () => {
    const tampered = { ...browserLine(ids, CUP, null, 60), price: '0.01', pricePerUnit: '0.00' };
    const noodles = browserLine(ids, NOODLE, null, 2);
    const response = await send<{ id: number }>('POST', '/api/orders', enquiryPayload([tampered, noodles]));
    expect(response.status).toBe(201);
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, response.body.id));
    const lines = await storedLines(ctx.database.db, response.body.id);
    // By hand: 60 cartons reach the break from 50, ₹850 each = ₹51,000.00; the noodle boxes 2 × ₹390.00 = ₹780.00.
    expect(lines.map((l) => [l.quantity, l.price, l.lineTotal, l.priceBasis])).toEqual([
      [60, '850.00', '51000.00', { breakFrom: 50, group: null }],
      [2, '390.00', '780.00', { breakFrom: null, group: null }],
    ]);
    expect(order).toMatchObject({ subtotal: '51780.00', total: '51780.00' });
  });

  it('prices the boundaries 9, 10, 49 and 50 as the breaks say (checked through the enquiry at 10 and 50: 9 and 49 are off the step)', async () => {
    for (const [quantity, price] of [
      [10, '900.00'],
      [45, '900.00'],
      [50, '850.00'],
    ] as const) {
      const response = await send<{ id: number }>('POST', '/api/orders', enquiryPayload([browserLine(ids, CUP, null, quantity)]));
      expect(response.status).toBe(201);
      const [line] = await ctx.database.db.select().from(orderItems).where(eq(orderItems.orderId, response.body.id));
      expect(line!.price, `${quantity} cartons`).toBe(price);
    }
  });

  it('refuses an enquiry line below the minimum or off the step, with the message, and records nothing', async () => {
    for (const [quantity, message] of [
      [3, `${CUP} is sold in at least 5 cartons`],
      [12, `${CUP} is sold in steps of 5 cartons`],
    ] as const) {
      const response = await send<Refusal>('POST', '/api/orders', enquiryPayload([browserLine(ids, CUP, null, quantity)]));
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ message, errors: { quantity: message } });
    }
  });
});
