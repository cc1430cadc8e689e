// A contact message made into an enquiry by the staff, on both databases: the customer's details come from the
// message and the message becomes the special requests; the lines are the ones the staff picked, checked and priced
// from the catalogue as a checkout's are; the enquiry is seen already, has its status link, and the customer (not the
// shop) is e-mailed; the message is marked seen and names the enquiry; a message makes one enquiry at most.
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { products } from '#domains/catalogue/tables.ts';
import { orders } from '#domains/enquiry/tables.ts';
import type { AdminContact } from '#domains/message/schema.ts';
import type { AdminOrder } from '#domains/order-file/schema.ts';
import type { AuditEntry } from '#lib/audit.ts';
import { outbox } from '#platform/mail/tables.ts';
import { databaseKinds } from '#tests/support/databases.ts';
import { CONTACT_MESSAGE, expectedLine, storedLines } from '#tests/support/enquiry.ts';
import { RAISED, type StaffApp, useStaffApp } from '#tests/support/staff-app.ts';

const ROUND = 'Areca Leaf Round Plate';
const CUP = 'Bagasse Cup 200 ml';
type Refusal = { message: string };

describe.each(databaseKinds())('a message made into an enquiry on %s', (kind) => {
  let { ctx, ids, admin, visitor } = {} as StaffApp;

  useStaffApp(kind, { config: { rateLimits: { contact: RAISED } } }, (app) => ({ ctx, ids, admin, visitor } = app));

  const sendMessage = async (overrides: Partial<typeof CONTACT_MESSAGE> = {}) => {
    const sent = await visitor.post('/api/contact', { ...CONTACT_MESSAGE, ...overrides });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const list = await admin.get<AdminContact[]>('/api/admin/contacts');
    return list.body.find((contact) => contact.name === (overrides.name ?? CONTACT_MESSAGE.name))!;
  };
  const make = (id: number, body: Record<string, unknown>) =>
    admin.post<{ id: number; displayId: number } & Partial<Refusal>>(`/api/admin/contacts/${id}/enquiry`, body);

  it('makes an enquiry priced from the catalogue, with the message as its special requests, e-mailing the customer', async () => {
    const message = await sendMessage();
    const mailsBefore = await ctx.database.db.select({ id: outbox.id }).from(outbox);
    const made = await make(message.id, {
      deliveryLocation: 'Temple Road, Aluva, Kerala 683101',
      items: [
        { productId: ids.product(ROUND), optionIds: [ids.variation(ROUND, '10 inch')], quantity: 40 },
        { productId: ids.product(CUP), quantity: 10 },
      ],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.displayId).toBe(made.body.id + 1000);

    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, made.body.id));
    expect(order).toMatchObject({
      customerName: CONTACT_MESSAGE.name,
      customerEmail: CONTACT_MESSAGE.email,
      customerPhone: CONTACT_MESSAGE.phone,
      deliveryLocation: 'Temple Road, Aluva, Kerala 683101',
      seen: true,
      status: 'pending',
      isGuest: true,
      userId: null,
    });
    expect(order!.specialRequests).toMatch(/^From a message \(Bulk Order Quote, Nair Caterers\) of \w+day \d+ \w+ \d{4}:\n/);
    expect(order!.specialRequests).toContain(CONTACT_MESSAGE.message);
    expect(order!.statusTokenHash).not.toBeNull();

    // The catalogue's prices, not anyone's typing: 40 × the 10 inch plate and 10 × the cup.
    const round = expectedLine(ids, ROUND, '10 inch', 40);
    const cup = expectedLine(ids, CUP, null, 10);
    const lines = await storedLines(ctx.database.db, made.body.id);
    expect(lines.map((line) => [line.productName, line.quantity, line.price, line.lineTotal])).toEqual([
      [ROUND, 40, round.price, round.lineTotal],
      [CUP, 10, cup.price, cup.lineTotal],
    ]);
    // subtotal = the two line totals, worked from the seed's prices above; no tax until the quote.
    const subtotal = (Number(round.lineTotal) + Number(cup.lineTotal)).toFixed(2);
    expect(order).toMatchObject({ subtotal, total: subtotal });

    // One e-mail: the customer's acknowledgement with the status link; the shop is not told of its own work.
    const mails = await ctx.database.db.select().from(outbox).orderBy(desc(outbox.id));
    expect(mails.length - mailsBefore.length).toBe(1);
    expect(mails[0]).toMatchObject({ to: CONTACT_MESSAGE.email, subject: `We received your enquiry #${made.body.displayId}` });
    expect(mails[0]!.text).toMatch(/\/enquiry\/[A-Za-z0-9_-]{43}/);

    const details = await admin.get<AdminContact & { history: AuditEntry[] }>(`/api/admin/contacts/${message.id}`);
    expect(details.body).toMatchObject({ seen: true, enquiryDisplayId: made.body.displayId });
    expect(details.body.history[0]).toMatchObject({
      action: 'enquiry-made',
      actor: 'staff_admin',
      after: { enquiry: made.body.displayId },
    });
    const enquiry = await admin.get<AdminOrder & { history: AuditEntry[] }>(`/api/admin/orders/${made.body.id}`);
    expect(enquiry.body.history[0]).toMatchObject({ action: 'made-from-message', after: { message: message.id } });

    // Once only.
    const again = await make(message.id, { items: [{ productId: ids.product(CUP), quantity: 1 }] });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`This message is already enquiry #${made.body.displayId}`);
  });

  it('refuses what a checkout would refuse, and keeps the message as it was', async () => {
    const message = await sendMessage({ name: 'Manu Pillai', email: 'manu@example.in' });
    expect((await make(message.id, { items: [] })).body.message).toBe('Invalid enquiry: Add at least one product to the enquiry');
    expect((await make(message.id, {})).status).toBe(400);
    expect((await make(message.id, { items: [{ productId: ids.missing, quantity: 1 }] })).status).toBe(404);
    // A product with options needs them chosen.
    const noOption = await make(message.id, { items: [{ productId: ids.product(ROUND), quantity: 1 }] });
    expect(noOption.status).toBe(400);
    expect(noOption.body.message).toBe(`Choose the options of ${ROUND} first`);
    const roundId = ids.product(ROUND);
    await ctx.database.db
      .update(products)
      .set({ inStock: false })
      .where(eq(products.id, ids.product(CUP)));
    const outOfStock = await make(message.id, { items: [{ productId: ids.product(CUP), quantity: 1 }] });
    expect(outOfStock.status).toBe(409);
    await ctx.database.db
      .update(products)
      .set({ inStock: true })
      .where(eq(products.id, ids.product(CUP)));
    expect((await make(message.id, { items: [{ productId: roundId, quantity: 1, extra: true }] })).status).toBe(400);
    expect((await make(999_999, { items: [{ productId: ids.product(CUP), quantity: 1 }] })).status).toBe(404);

    const untouched = await admin.get<AdminContact>(`/api/admin/contacts/${message.id}`);
    expect(untouched.body).toMatchObject({ seen: false, enquiryDisplayId: null });
    const made = await ctx.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.customerEmail, 'manu@example.in')));
    expect(made).toEqual([]);
  });
});
