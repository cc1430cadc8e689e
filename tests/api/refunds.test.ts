// POST /api/admin/orders/{id}/refunds, on both databases: a refund paid out against an invoice paid beyond what its
// credit notes left owing is recorded once under a double submit or a retry with one Idempotency-Key; more than the
// refund due, a day in the future or before the invoice, and the same reference twice are refused with a clear
// message; the staff role may record one, a visitor and a customer may not. Once recorded the refund due falls to 0 and
// the today list's "Refunds due" step (its SQL) lets the enquiry go at the same moment paymentPosition does; the
// customer's page says "Refunded …"; the enquiry's history and the customer's statement of account carry it.
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { orders } from '#domains/enquiry/tables.ts';
import type { CreditNoteDocument, OrderInvoice } from '#domains/invoice/model.ts';
import { invoices, refunds } from '#domains/invoice/tables.ts';
import type { CustomerEnquiry } from '#domains/order-file/customer-view.ts';
import type { AdminOrder, AdminOrderDetails } from '#domains/order-file/schema.ts';
import type { TodayList } from '#domains/order-file/today.ts';
import type { CustomerStatement } from '#domains/statement/model.ts';
import { addDays, istDate } from '#lib/india-time.ts';
import { toDecimalString } from '#lib/money.ts';
import type { AdminPage } from '#lib/schemas/list.ts';
import { Client, STRONG_PASSWORD } from '#tests/support/accounts.ts';
import { TestClock } from '#tests/support/clock.ts';
import { databaseKinds } from '#tests/support/databases.ts';
import { browserLine } from '#tests/support/enquiry.ts';
import { ownCustomers, quoteBody, type Sent, type StaffApp, steps, useStaffApp } from '#tests/support/staff-app.ts';
import { accountWithTwoFactor, signInWithCode } from '#tests/support/two-factor.ts';

/** 10 December 2030, noon in India. */
const START = Date.UTC(2030, 11, 10, 6, 30);
const KEY = 'refund-key-0000000000001';

describe.each(databaseKinds())('refunds paid out on %s', (kind) => {
  let { ctx, ids, admin, user, visitor } = {} as StaffApp;
  const clock = new TestClock(START);
  let staff: Client;

  useStaffApp(kind, { clock }, (app) => ({ ctx, ids, admin, user, visitor } = app));
  beforeAll(async () => {
    const { manualEntryKey } = await accountWithTwoFactor(ctx, { username: 'leela_staff', role: 'staff' }, clock);
    staff = new Client(ctx.app);
    await signInWithCode(staff, 'leela_staff', STRONG_PASSWORD, manualEntryKey, clock);
  });

  const newCustomer = ownCustomers('refunded');
  const today = () => istDate(clock.now());
  /**
   * An enquiry of its own customer, invoiced at ₹2,437.00 (3 plate cartons at ₹560.00 + 5%, 2 cup cartons at ₹260.00
   * + 18%, ₹50.00 delivery + 18%) and paid in full in cash; then one plate carton credited, ₹560.00 + ₹28.00 GST:
   * ₹588.00 paid beyond what is now owed.
   */
  const overpaid = async (overrides: Record<string, unknown> = {}): Promise<Sent & { email: string }> => {
    const sent = await newCustomer(
      visitor,
      [browserLine(ids, 'Areca Leaf Round Plate', '8 inch', 3), browserLine(ids, 'Bagasse Cup 200 ml', null, 2)],
      overrides,
    );
    await steps.quoteAndAccept({ admin, visitor }, sent, quoteBody(clock));
    const invoiced = await steps.invoice<OrderInvoice>(admin, sent.id);
    expect(invoiced.payment.balance).toBe(2_437_00);
    const paid = await admin.post(`/api/admin/orders/${sent.id}/payments`, {
      amount: '2,437',
      method: 'cash',
      receivedOn: today(),
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const note = await admin.post<CreditNoteDocument>(`/api/admin/orders/${sent.id}/credit-notes`, {
      reason: 'One carton arrived damaged',
      lines: [{ line: 1, quantity: 1 }],
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(note.body.totals.total).toBe(588_00);
    return sent;
  };
  const refund = (client: Client, id: number, body: object, key?: string) =>
    client.post<OrderInvoice & { message?: string; errors?: Record<string, string> }>(
      `/api/admin/orders/${id}/refunds`,
      body,
      key === undefined ? undefined : { headers: { 'idempotency-key': key } },
    );
  const upi = (amount: string, reference = '612345678901') => ({ amount, method: 'upi', reference, paidOn: today() });
  const stored = async (id: number) => {
    const [invoice] = await ctx.database.db.select().from(invoices).where(eq(invoices.orderId, id));
    return ctx.database.db.select().from(refunds).where(eq(refunds.invoiceId, invoice!.id)).orderBy(asc(refunds.id));
  };
  /** Where the enquiry stands by paymentPosition and by the today list's SQL, read at the same moment. */
  const bothRules = async (id: number) => {
    const [position, counts, listed] = await Promise.all([
      admin.get<OrderInvoice>(`/api/admin/orders/${id}/invoice`),
      admin.get<TodayList>('/api/admin/today'),
      admin.get<AdminPage<AdminOrder>>('/api/admin/orders?step=refunds-due&pageSize=100'),
    ]);
    return {
      refundDue: position.body.payment.refundDue,
      listed: listed.body.items.some((order) => order.id === id),
      count: counts.body.counts['refunds-due'],
    };
  };

  it('records the refund once under a double submit and a retry with one key; the due, the step and the page clear', async () => {
    const sent = await overpaid();
    const before = await bothRules(sent.id);
    expect(before).toMatchObject({ refundDue: 588_00, listed: true });

    const body = { ...upi('588.00'), note: 'To the customer’s UPI ID' };
    const both = await Promise.all([refund(admin, sent.id, body, KEY), refund(admin, sent.id, body, KEY)]);
    expect(both.map((response) => response.status)).toEqual([201, 201]);
    expect(both[1]!.raw.body).toBe(both[0]!.raw.body);
    const retry = await refund(admin, sent.id, body, KEY);
    expect(retry.status).toBe(201);
    expect(retry.raw.body).toBe(both[0]!.raw.body);
    expect((await stored(sent.id)).map((row) => [row.amount, row.method, row.reference, row.note])).toEqual([
      [588_00, 'upi', '612345678901', 'To the customer’s UPI ID'],
    ]);
    expect(retry.body.payment).toMatchObject({ state: 'paid', balance: 0, refundDue: 0, refunded: 588_00 });
    expect(retry.body.refunds).toMatchObject([{ amount: 588_00, paidOn: today(), recordedBy: 'staff_admin' }]);

    // paymentPosition and the step's SQL let the enquiry go together, and the count falls by one.
    const after = await bothRules(sent.id);
    expect(after).toEqual({ refundDue: 0, listed: false, count: before.count - 1 });

    const page = (await visitor.get<CustomerEnquiry>(`/api/enquiries/status/${sent.statusToken}`)).body;
    expect(page.invoice?.payment.refundDue).toBeNull();
    expect(page.invoice?.refunds).toEqual(['Refunded ₹588.00 on 10 December 2030']);

    const details = (await admin.get<AdminOrderDetails>(`/api/admin/orders/${sent.id}`)).body;
    const entries = details.history.filter((entry) => entry.action === 'refund');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      before: { refundDue: '588.00' },
      after: { amount: '588.00', method: 'upi', paidOn: today(), refundDue: '0.00' },
    });
  });

  it('the step and paymentPosition agree at each turn: unpaid, paid, credited, part refunded, refunded', async () => {
    const sent = await newCustomer(visitor, [browserLine(ids, 'Areca Leaf Round Plate', '8 inch', 3)]);
    await steps.quoteAndAccept({ admin, visitor }, sent, quoteBody(clock, { lines: [quoteBody(clock).lines[0]] }));
    const { payment } = await steps.invoice<OrderInvoice>(admin, sent.id);
    const agree = async () => {
      const now = await bothRules(sent.id);
      expect(now.listed, JSON.stringify(now)).toBe(now.refundDue > 0);
      return now.refundDue;
    };
    expect(await agree()).toBe(0);
    await admin.post(`/api/admin/orders/${sent.id}/payments`, {
      amount: toDecimalString(payment.balance),
      method: 'cash',
      receivedOn: today(),
    });
    expect(await agree()).toBe(0);
    await admin.post(`/api/admin/orders/${sent.id}/credit-notes`, {
      reason: 'One carton short',
      lines: [{ line: 1, quantity: 1 }],
    });
    expect(await agree()).toBe(588_00);
    expect((await refund(staff, sent.id, { amount: '88', method: 'cash', paidOn: today() })).status).toBe(201);
    expect(await agree()).toBe(500_00);
    expect((await refund(staff, sent.id, { amount: '500', method: 'cheque', reference: '004512', paidOn: today() })).status).toBe(
      201,
    );
    expect(await agree()).toBe(0);
  });

  it('refuses more than the refund due, odd days and references with a clear message, and records nothing', async () => {
    const sent = await overpaid();
    const cases: Array<[object, number, string]> = [
      [upi('588.01'), 409, '₹588.01 is more than the ₹588.00 refund due on this invoice'],
      [upi('0'), 400, 'Amount must be more than 0'],
      [upi('-5'), 400, 'Amount must be 0 or more, in steps of 0.01'],
      [{ ...upi('100'), paidOn: addDays(today(), 1) }, 400, 'A refund cannot be paid in the future'],
      [{ ...upi('100'), paidOn: addDays(today(), -1) }, 400, 'A refund cannot be paid before the invoice’s date'],
      [upi('100', '1234'), 400, 'A UPI reference (UTR) has 12 digits'],
      [{ amount: '100', method: 'cash', paidOn: today(), note: 'x'.repeat(201) }, 400, 'The note must be at most 200 characters'],
    ];
    for (const [body, status, message] of cases) {
      const refused = await refund(admin, sent.id, body);
      expect(refused.status, JSON.stringify(body)).toBe(status);
      expect(JSON.stringify(refused.body), JSON.stringify(body)).toContain(message);
    }
    expect(await stored(sent.id)).toHaveLength(0);

    expect((await refund(admin, sent.id, upi('100'))).status).toBe(201);
    const twice = await refund(admin, sent.id, upi('100'));
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This reference is already recorded on this invoice');
    expect((await refund(admin, sent.id, upi('488', '612345678902'))).status).toBe(201);
    const nothingDue = await refund(admin, sent.id, { amount: '1', method: 'cash', paidOn: today() });
    expect(nothingDue.status).toBe(409);
    expect(nothingDue.body.message).toBe('No refund is due on this invoice');
    // The same key with another refund is refused.
    const key = 'refund-key-mismatch-0001';
    const other = await overpaid();
    expect((await refund(admin, other.id, upi('10'), key)).status).toBe(201);
    const mismatch = await refund(admin, other.id, upi('11'), key);
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.message).toBe(
      'This Idempotency-Key was already used for a different refund: reload the invoice to see what was recorded',
    );
    expect((await stored(sent.id)).map((row) => row.amount)).toEqual([100_00, 488_00]);
  });

  it('is for the staff: a visitor is 401, a signed-in customer 403, and an enquiry without an invoice 409', async () => {
    const sent = await overpaid();
    expect((await refund(visitor, sent.id, upi('10'))).status).toBe(401);
    expect((await refund(user, sent.id, upi('10'))).status).toBe(403);
    expect(await stored(sent.id)).toHaveLength(0);
    const unbilled = await newCustomer(visitor, [browserLine(ids, 'Areca Leaf Round Plate', '8 inch', 1)]);
    const none = await refund(admin, unbilled.id, upi('10'));
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('This enquiry has no invoice yet: issue it first');
  });

  it('joins the statement of account: the refund raises the balance as an invoice does, and the account closes at 0', async () => {
    // A phone of their own: a customer record joins the enquiries that share one.
    const sent = await overpaid({ customerPhone: '9847055501' });
    const [{ customerId } = { customerId: null }] = await ctx.database.db
      .select({ customerId: orders.customerId })
      .from(orders)
      .where(eq(orders.id, sent.id));
    const reference = 'HDFCR52030121000';
    expect((await refund(admin, sent.id, { amount: '588', method: 'bank-transfer', reference, paidOn: today() })).status).toBe(
      201,
    );
    const response = await admin.get<CustomerStatement>(
      `/api/admin/customers/${customerId}/statement?from=2030-12-01&to=2030-12-31`,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { openingBalance, entries, closingBalance } = response.body;
    expect(openingBalance).toBe(0);
    // Invoiced 2,437.00; paid 2,437.00 (balance 0); credited 588.00 (the shop holds 588.00); refunded 588.00 (0).
    expect(entries.map((entry) => [entry.kind, entry.reference, entry.debit, entry.credit, entry.balance])).toEqual([
      ['invoice', expect.stringMatching(/^GL\//), 2_437_00, 0, 2_437_00],
      ['credit-note', expect.stringMatching(/^CN\//), 0, 588_00, 1_849_00],
      ['payment', 'Cash', 0, 2_437_00, -588_00],
      ['refund', `Bank transfer ${reference}`, 588_00, 0, 0],
    ]);
    expect(closingBalance).toBe(0);
  });
});
