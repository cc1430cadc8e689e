// Price groups (issue 36, decision 511), on both databases: administrators name groups (a percentage off, or prices of
// their own with their own breaks); the staff put a customer record in one; the signed-in customer's cart and
// enquiries are priced by it (never by the browser's prices) and each line keeps why; the quote draft of any enquiry of
// that customer starts from the group's prices; a customer moved to another group gets its prices on the next cart
// while past enquiries keep theirs; a guest sees the public prices; bad input is 400 with its message, roles are checked.
import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import type { CartItem } from '#domains/cart/model.ts';
import { products } from '#domains/catalogue/tables.ts';
import type { CustomerRecord } from '#domains/customer/model.ts';
import type { PriceGroupDetail, PriceGroupSummary } from '#domains/customer/price-group-schema.ts';
import { customerKeys, priceGroupMembers } from '#domains/customer/tables.ts';
import { orderItems, orders } from '#domains/enquiry/tables.ts';
import type { PriceGroupTerms } from '#domains/pricing/model.ts';
import type { QuoteDraft } from '#domains/quote/model.ts';
import { buildApp } from '#server/app.ts';
import { createServices } from '#server/services.ts';
import { Client, expectBody, type Refusal, STRONG_PASSWORD } from '#tests/support/accounts.ts';
import { TestClock } from '#tests/support/clock.ts';
import { databaseKinds } from '#tests/support/databases.ts';
import { browserLine, enquiryPayload, storedLines } from '#tests/support/enquiry.ts';
import { type StaffApp, steps, useStaffApp } from '#tests/support/staff-app.ts';
import { accountWithTwoFactor, signInWithCode } from '#tests/support/two-factor.ts';

const CUP = 'Bagasse Cup 200 ml'; // no variations
const NOODLE = 'Kraft Paper Noodle Box 750 ml'; // no variations, untouched: the seed's ₹390.00

describe.each(databaseKinds())('price groups on %s', (kind) => {
  let { ctx, ids, admin, user, visitor } = {} as StaffApp;
  const clock = new TestClock(Date.UTC(2030, 10, 26, 4, 30));
  let distributor: PriceGroupDetail;
  let caterer: PriceGroupDetail;
  let customerId: number;
  let firstEnquiry: number;

  const lines = async (orderId: number) =>
    (await storedLines(ctx.database.db, orderId)).map((l) => [l.quantity, l.price, l.lineTotal, l.priceBasis]);
  const cartOf = async (client: Client) => expectBody(client.get<CartItem[]>('/api/cart'), 200);
  const draftOf = async (orderId: number) =>
    (await expectBody(admin.get<{ draft: QuoteDraft }>(`/api/admin/orders/${orderId}/quotes`), 200)).draft;
  const putInGroup = (groupId: number | null) =>
    expectBody(
      admin.request<{ priceGroup: { id: number; name: string } | null }>(
        'PUT',
        `/api/admin/customers/${customerId}/price-group`,
        {
          payload: { groupId },
        },
      ),
      200,
    );

  useStaffApp(kind, { clock }, (app) => ({ ctx, ids, admin, user, visitor } = app));
  beforeAll(async () => {
    // The example on the cups: 1-9 cartons ₹950, 10-49 ₹900, 50 or more ₹850.
    await ctx.database.db
      .update(products)
      .set({
        price: '950.00',
        priceBreaks: [
          { minCartons: 10, price: '900.00' },
          { minCartons: 50, price: '850.00' },
        ],
      })
      .where(eq(products.id, ids.product(CUP)));
    ctx.services.catalogue.invalidate();
  });

  it('administrators name the groups: prices of their own with their own breaks, or a percentage off', async () => {
    distributor = await expectBody(
      admin.post<PriceGroupDetail>('/api/admin/price-groups', {
        name: 'Distributor',
        kind: 'prices',
        prices: [{ productId: ids.product(CUP), price: '880', priceBreaks: [{ minCartons: 50, price: '800.00' }] }],
      }),
      201,
    );
    expect(distributor).toEqual({
      id: expect.any(Number),
      name: 'Distributor',
      kind: 'prices',
      percentOff: null,
      prices: [
        { productId: ids.product(CUP), variationId: null, price: '880.00', priceBreaks: [{ minCartons: 50, price: '800.00' }] },
      ],
    });
    caterer = await expectBody(
      admin.post<PriceGroupDetail>('/api/admin/price-groups', { name: 'Caterer', kind: 'percent', percentOff: '5' }),
      201,
    );
    expect(caterer).toMatchObject({ name: 'Caterer', kind: 'percent', percentOff: '5.00', prices: [] });
    const list = await expectBody(admin.get<PriceGroupSummary[]>('/api/admin/price-groups'), 200);
    expect(list.map((g) => [g.name, g.prices, g.customers])).toEqual([
      ['Caterer', 0, 0],
      ['Distributor', 1, 0],
    ]);
  });

  it('refuses bad groups with 400 (or 409 for a taken name) and a message that says why', async () => {
    const refused = async (payload: Record<string, unknown>, status = 400) =>
      expectBody(admin.post<Refusal>('/api/admin/price-groups', payload), status);
    expect((await refused({ name: ' ', kind: 'percent', percentOff: '5' })).errors).toMatchObject({
      name: 'Give the group a name',
    });
    expect((await refused({ name: 'Retail', kind: 'percent', percentOff: '100' })).errors).toMatchObject({
      percentOff: 'Percentage off must be more than 0 and less than 100, in steps of 0.01',
    });
    expect((await refused({ name: 'Retail', kind: 'percent' })).errors).toHaveProperty('percentOff');
    expect((await refused({ name: 'Retail', kind: 'cheap' })).errors).toMatchObject({ kind: "'kind' must be percent or prices" });
    const rising = await refused({
      name: 'Retail',
      kind: 'prices',
      prices: [{ productId: ids.product(CUP), price: '900', priceBreaks: [{ minCartons: 10, price: '950' }] }],
    });
    expect(rising.errors).toMatchObject({
      'prices.0.priceBreaks': 'The break from 10 cartons must cost less than 900.00 a carton',
    });
    const twice = await refused({
      name: 'Retail',
      kind: 'prices',
      prices: [
        { productId: ids.product(CUP), price: '900' },
        { productId: ids.product(CUP), price: '890' },
      ],
    });
    expect(twice.errors).toMatchObject({ 'prices.1': 'Each product and option is priced once in a group' });
    const stranger = await refused({
      name: 'Retail',
      kind: 'prices',
      prices: [{ productId: ids.product(CUP), variationId: ids.variation('Areca Leaf Round Plate', '8 inch'), price: '900' }],
    });
    expect(stranger.message).toMatch(/is not an option of product/);
    expect((await refused({ name: 'Retail', kind: 'prices', prices: [{ productId: 999999, price: '900' }] })).message).toBe(
      'Product 999999 is not in the catalogue',
    );
    expect((await refused({ name: 'distributor', kind: 'percent', percentOff: '3' }, 409)).message).toBe(
      'There is already a price group named distributor',
    );
    expect((await admin.get('/api/admin/price-groups/999999')).status).toBe(404);
    expect((await admin.request('PUT', '/api/admin/customers/999999/price-group', { payload: { groupId: null } })).status).toBe(
      404,
    );
  });

  it('the staff read the groups and put customers in them, but only administrators set prices; customers neither', async () => {
    const { manualEntryKey } = await accountWithTwoFactor(ctx, { username: 'groups_staff', role: 'staff' }, clock);
    const staff = new Client(ctx.app);
    await signInWithCode(staff, 'groups_staff', STRONG_PASSWORD, manualEntryKey, clock);
    expect((await staff.get('/api/admin/price-groups')).status).toBe(200);
    expect((await staff.get(`/api/admin/price-groups/${distributor.id}`)).status).toBe(200);
    // Past the guard to the customer's record (none by this id yet): the staff may put a customer in a group.
    const assign = await staff.request('PUT', '/api/admin/customers/999999/price-group', {
      payload: { groupId: distributor.id },
    });
    expect(assign.status).toBe(404);
    const create = await staff.post<Refusal>('/api/admin/price-groups', { name: 'Retail', kind: 'percent', percentOff: '2' });
    expect(create.status).toBe(403);
    expect(create.body.message).toBe('Only an administrator may do this');
    expect((await staff.request('PUT', `/api/admin/price-groups/${caterer.id}`, { payload: {} })).status).toBe(403);
    expect((await staff.request('DELETE', `/api/admin/price-groups/${caterer.id}`)).status).toBe(403);
    expect((await user.get('/api/admin/price-groups')).status).toBe(403);
    // Writes need the CSRF token, as every write does.
    const noCsrf = await admin.request('POST', '/api/admin/price-groups', {
      payload: { name: 'Retail', kind: 'percent', percentOff: '2' },
      csrf: false,
    });
    expect(noCsrf.status).toBe(403);
  });

  it('a guest and a customer outside any group see the public prices', async () => {
    expect(await expectBody(visitor.get('/api/account/price-group'), 200)).toEqual({ group: null });
    expect(await expectBody(user.get('/api/account/price-group'), 200)).toEqual({ group: null });
    // The customer's first enquiry, signed in, before any group: 2 cartons at ₹950.00.
    const sent = await steps.enquiry(user, enquiryPayload([browserLine(ids, CUP, null, 2)]));
    firstEnquiry = sent.id;
    expect(await lines(sent.id)).toEqual([[2, '950.00', '1900.00', { breakFrom: null, group: null }]]);
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, sent.id));
    customerId = order!.customerId!;
  });

  it('put in the Distributor group, the signed-in customer is priced by it: cart, enquiry (tampered price ignored), kept reason', async () => {
    expect(await putInGroup(distributor.id)).toEqual({ priceGroup: { id: distributor.id, name: 'Distributor' } });
    expect((await expectBody(admin.get<CustomerRecord>(`/api/admin/customers/${customerId}`), 200)).priceGroup).toEqual({
      id: distributor.id,
      name: 'Distributor',
    });
    const terms = await expectBody(user.get<{ group: PriceGroupTerms }>('/api/account/price-group'), 200);
    expect(terms.group).toMatchObject({ name: 'Distributor', kind: 'prices', prices: [{ price: '880.00' }] });

    await expectBody(user.post('/api/cart', { productId: ids.product(CUP), quantity: 60 }), 201);
    const [line] = await cartOf(user);
    // The spec's fields as they are (the catalogue's price); the group's list beside them.
    expect(line).toMatchObject({
      quantity: 60,
      product: { price: '950.00' },
      prices: { price: '880.00', breaks: [{ minCartons: 50, price: '800.00' }], group: 'Distributor' },
    });

    const tampered = { ...browserLine(ids, CUP, null, 60), price: '0.01', pricePerUnit: '0.00' };
    const sent = await steps.enquiry(user, enquiryPayload([tampered, browserLine(ids, NOODLE, null, 2)]));
    // By hand: 60 cartons reach the group's break from 50, ₹800.00 each = ₹48,000.00; the noodle boxes are not priced by
    // the group, 2 × ₹390.00 = ₹780.00; ₹48,780.00 in all.
    expect(await lines(sent.id)).toEqual([
      [60, '800.00', '48000.00', { breakFrom: 50, group: 'Distributor' }],
      [2, '390.00', '780.00', { breakFrom: null, group: null }],
    ]);
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, sent.id));
    expect(order).toMatchObject({ subtotal: '48780.00', total: '48780.00' });
    // The quote draft starts from those prices.
    expect((await draftOf(sent.id)).lines.map((l) => l.price)).toEqual(['800.00', '390.00']);
    // And the draft of the enquiry they sent before the group starts from the group's price too (2 cartons: ₹880.00),
    // the price it was enquired at shown beside it.
    expect((await draftOf(firstEnquiry)).lines.map((l) => [l.price, l.listPrice])).toEqual([['880.00', '950.00']]);
    const list = await expectBody(admin.get<PriceGroupSummary[]>('/api/admin/price-groups'), 200);
    expect(list.find((g) => g.name === 'Distributor')?.customers).toBe(1);
  });

  it('a guest at the same moment sees and is priced at the public breaks', async () => {
    const guest = new Client(ctx.app);
    await expectBody(guest.post('/api/cart', { productId: ids.product(CUP), quantity: 60 }), 201);
    expect((await cartOf(guest))[0]!.prices).toEqual({
      price: '950.00',
      breaks: [
        { minCartons: 10, price: '900.00' },
        { minCartons: 50, price: '850.00' },
      ],
      group: null,
    });
    const sent = await steps.enquiry(
      guest,
      enquiryPayload([browserLine(ids, CUP, null, 60)], { customerEmail: 'walkin@example.in' }),
    );
    expect(await lines(sent.id)).toEqual([[60, '850.00', '51000.00', { breakFrom: 50, group: null }]]);
  });

  it('moved to the Caterer group (5% off), the customer gets its prices on the next cart; past enquiries keep theirs', async () => {
    const before = await ctx.database.db.select().from(orderItems).orderBy(asc(orderItems.id));
    expect(await putInGroup(caterer.id)).toEqual({ priceGroup: { id: caterer.id, name: 'Caterer' } });
    // 5% off ₹950.00, ₹900.00 and ₹850.00: ₹902.50, ₹855.00, ₹807.50.
    expect((await cartOf(user))[0]!.prices).toEqual({
      price: '902.50',
      breaks: [
        { minCartons: 10, price: '855.00' },
        { minCartons: 50, price: '807.50' },
      ],
      group: 'Caterer',
    });
    const sent = await steps.enquiry(user, enquiryPayload([browserLine(ids, CUP, null, 9), browserLine(ids, NOODLE, null, 3)]));
    // 9 cartons × ₹902.50 = ₹8,122.50; 3 × (₹390.00 less 5% = ₹370.50) = ₹1,111.50.
    expect(await lines(sent.id)).toEqual([
      [9, '902.50', '8122.50', { breakFrom: null, group: 'Caterer' }],
      [3, '370.50', '1111.50', { breakFrom: null, group: 'Caterer' }],
    ]);
    // Every line sent before is as it was.
    const after = await ctx.database.db.select().from(orderItems).orderBy(asc(orderItems.id));
    expect(after.slice(0, before.length)).toEqual(before);
    // Back at the public prices.
    expect(await putInGroup(null)).toEqual({ priceGroup: null });
    expect((await cartOf(user))[0]!.prices.group).toBeNull();
  });

  it('an administrator changes and deletes a group, each with its history', async () => {
    const changed = await expectBody(
      admin.request<PriceGroupDetail>('PUT', `/api/admin/price-groups/${caterer.id}`, {
        payload: { name: 'Caterers', kind: 'percent', percentOff: '7.5' },
      }),
      200,
    );
    expect(changed).toMatchObject({ name: 'Caterers', percentOff: '7.50' });
    expect(await expectBody(admin.request('DELETE', `/api/admin/price-groups/${caterer.id}`), 200)).toEqual({ success: true });
    expect((await admin.get(`/api/admin/price-groups/${caterer.id}`)).status).toBe(404);
    const history = await ctx.services.audit.history('price-group', caterer.id);
    expect(history.map((entry) => entry.action)).toEqual(expect.arrayContaining(['created', 'updated', 'deleted']));
  });

  // Each process keeps which group an account is in (decision 520); the database tells every process of a change,
  // whoever makes it (another process, the enquiry's customer grouping, a hand in the database).
  it('another process keeps which group the customer is in until the database tells of a change to who is in a group', async () => {
    await putInGroup(distributor.id);
    // A second process on the same database, started now: it hears only the notices of what commits from here on. (In
    // the first process a notice of an earlier write, still on its way, would look like the one this test waits for.)
    const services = createServices(ctx.database.db, ctx.config, { now: clock.now });
    const other = await buildApp({ config: ctx.config, database: ctx.database, services });
    try {
      const there = new Client(other, { token: user.token });
      const groupOf = async () =>
        (await expectBody(there.get<{ group: PriceGroupTerms | null }>('/api/account/price-group'), 200)).group?.name ?? null;
      expect(await groupOf()).toBe('Distributor');
      const db = ctx.database.db;
      // Taken out by hand with the notice silenced: the process still prices by the group it knew.
      await db.execute(sql`alter table price_group_members disable trigger price_group_members_changed`);
      try {
        await db.delete(priceGroupMembers).where(eq(priceGroupMembers.groupId, distributor.id));
      } finally {
        await db.execute(sql`alter table price_group_members enable trigger price_group_members_changed`);
      }
      expect(await groupOf()).toBe('Distributor');
      // Any write the trigger sees (here one that changes nothing) tells every process.
      await db.update(customerKeys).set({ customerId }).where(eq(customerKeys.customerId, customerId));
      await vi.waitFor(async () => expect(await groupOf()).toBeNull(), { timeout: 5000, interval: 20 });
      expect((await cartOf(there))[0]!.prices.group).toBeNull();
    } finally {
      await other.close();
      await services.mail.stop();
    }
  });
});
