// POST /api/admin/orders/{id}/payments with an Idempotency-Key, on both databases: a repeat (one after the other or at
// the same moment) answers the first answer and records nothing; the same key with another payment, or on another
// enquiry, is refused; a malformed key is 400; without a key, each request is a payment as before.
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import type { OrderInvoice } from '#domains/invoice/model.ts';
import { invoices, payments } from '#domains/invoice/tables.ts';
import { istDate } from '#lib/india-time.ts';
import { KEY_LIFETIME_MS } from '#platform/idempotency/keys.ts';
import { outbox } from '#platform/mail/tables.ts';
import { TestClock } from '#tests/support/clock.ts';
import { databaseKinds } from '#tests/support/databases.ts';
import { browserLine } from '#tests/support/enquiry.ts';
import { ownCustomers, quoteBody, type Sent, type StaffApp, steps, useStaffApp } from '#tests/support/staff-app.ts';

/** 10 December 2030, noon in India. */
const START = Date.UTC(2030, 11, 10, 6, 30);
const KEY = 'f3b0c442-98fc-4c14-9afb-4c8996fb9242';
const OTHER_KEY = '5f1c2d9e-0a7b-4e33-8c21-7d6a9b0e4f15';

describe.each(databaseKinds())('payments with an Idempotency-Key on %s', (kind) => {
  let { ctx, ids, admin, visitor } = {} as StaffApp;
  const clock = new TestClock(START);

  useStaffApp(kind, { clock }, (app) => ({ ctx, ids, admin, visitor } = app));

  const newCustomer = ownCustomers('payer');
  /** An enquiry of its own customer, quoted, accepted and invoiced (₹2,437.00 with GST). */
  const invoiced = async (): Promise<Sent & { email: string }> => {
    const sent = await newCustomer(visitor, [
      browserLine(ids, 'Areca Leaf Round Plate', '8 inch', 3),
      browserLine(ids, 'Bagasse Cup 200 ml', null, 2),
    ]);
    await steps.quoteAndAccept({ admin, visitor }, sent, quoteBody(clock));
    await steps.invoice(admin, sent.id);
    return sent;
  };
  const cash = (amount: string) => ({ amount, method: 'cash', receivedOn: istDate(clock.now()) });
  const pay = (id: number, body: object, key?: string) =>
    admin.post<OrderInvoice & { message?: string }>(
      `/api/admin/orders/${id}/payments`,
      body,
      key === undefined ? undefined : { headers: { 'idempotency-key': key } },
    );
  const stored = async (id: number) => {
    const [invoice] = await ctx.database.db.select().from(invoices).where(eq(invoices.orderId, id));
    return ctx.database.db.select().from(payments).where(eq(payments.invoiceId, invoice!.id)).orderBy(asc(payments.id));
  };
  const receipts = async (email: string) =>
    (await ctx.database.db.select().from(outbox).where(eq(outbox.to, email))).filter((mail) =>
      mail.subject.startsWith('Payment received'),
    );

  it('a repeat with the same key answers the first answer, status and body, and records nothing', async () => {
    const sent = await invoiced();
    const first = await pay(sent.id, cash('1000'), KEY);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const repeat = await pay(sent.id, cash('1000.00'), KEY);
    expect(repeat.status).toBe(201);
    expect(repeat.raw.body).toBe(first.raw.body);
    expect((await stored(sent.id)).map((row) => row.amount)).toEqual([1_000_00]);
    expect(await receipts(sent.email)).toHaveLength(1);

    // A new key is a new payment, and the first key still answers the first payment, not the state since.
    const second = await pay(sent.id, cash('1000'), OTHER_KEY);
    expect(second.body.payment).toMatchObject({ paid: 2_000_00 });
    const late = await pay(sent.id, cash('1000'), KEY);
    expect(late.raw.body).toBe(first.raw.body);
    expect((await stored(sent.id)).map((row) => row.amount)).toEqual([1_000_00, 1_000_00]);
  });

  it('two requests with one key at the same moment record one payment and both answer it', async () => {
    const sent = await invoiced();
    const key = 'double-click-0001-payment';
    const both = await Promise.all([pay(sent.id, cash('500'), key), pay(sent.id, cash('500'), key)]);
    expect(both.map((response) => response.status)).toEqual([201, 201]);
    expect(both[1]!.raw.body).toBe(both[0]!.raw.body);
    expect(both[0]!.body.payments).toHaveLength(1);
    expect((await stored(sent.id)).map((row) => row.amount)).toEqual([500_00]);
    expect(await receipts(sent.email)).toHaveLength(1);
  });

  it('the same key with another payment, or on another enquiry, is refused (422) and records nothing', async () => {
    const sent = await invoiced();
    const other = await invoiced();
    const key = 'mismatch-key-000000001';
    expect((await pay(sent.id, cash('300'), key)).status).toBe(201);
    const message = 'This Idempotency-Key was already used for a different payment: reload the invoice to see what was recorded';
    for (const [id, body] of [
      [sent.id, cash('301')],
      [sent.id, { ...cash('300'), method: 'cheque', reference: '123456' }],
      [other.id, cash('300')],
    ] as const) {
      const refused = await pay(id, body, key);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.body.message).toBe(message);
    }
    expect(await stored(sent.id)).toHaveLength(1);
    expect(await stored(other.id)).toHaveLength(0);
  });

  it('a malformed key is 400 and records nothing; without a key each request is a payment, as before', async () => {
    const sent = await invoiced();
    for (const key of [
      'short',
      'a'.repeat(101),
      'has spaces in it here',
      'semi;colons;are;not;keys',
      '%D0%BA%D0%BB%D1%8E%D1%87',
    ]) {
      const refused = await pay(sent.id, cash('10'), key);
      expect(refused.status, key).toBe(400);
      expect(refused.body.message).toBe('Idempotency-Key must be 16 to 100 letters, digits, - or _');
    }
    expect(await stored(sent.id)).toHaveLength(0);
    expect((await pay(sent.id, cash('10'))).status).toBe(201);
    expect((await pay(sent.id, cash('10'))).status).toBe(201);
    expect(await stored(sent.id)).toHaveLength(2);
  });

  it(`a key is remembered for ${KEY_LIFETIME_MS / 86_400_000} days; after that it is a new payment`, async () => {
    const sent = await invoiced();
    const key = 'remembered-key-0000001';
    const body = cash('20');
    expect((await pay(sent.id, body, key)).status).toBe(201);
    clock.advance(KEY_LIFETIME_MS - 60_000);
    ({ admin } = await steps.signInAgain(ctx));
    expect((await pay(sent.id, body, key)).body.payments).toHaveLength(1);
    clock.advance(120_000);
    const after = await pay(sent.id, body, key);
    expect(after.status, JSON.stringify(after.body)).toBe(201);
    expect(after.body.payments).toHaveLength(2);
  });
});
