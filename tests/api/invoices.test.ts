// After the yes, on both databases: the tax invoice from the accepted quote (or from lines the staff confirm), its
// numbers, credit notes, payments, dispatch with shipped, the customer's e-mails once each, and the month's GSTR-1.
// The figures are worked by hand in the comments (the quote is the one of tests/api/quotes.test.ts).
import { and, asc, count, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import type { Gstr1 } from '#domains/handoff/gstr1.ts';
import type { CreditNoteDocument, CreditNotePreview, OrderInvoice } from '#domains/invoice/model.ts';
import { documentCounters, invoices, payments } from '#domains/invoice/tables.ts';
import type { AdminOrder } from '#domains/order-file/schema.ts';
import type { TodayList } from '#domains/order-file/today.ts';
import type { AuditEntry } from '#lib/audit.ts';
import { addDays, istDate } from '#lib/india-time.ts';
import { toDecimalString } from '#lib/money.ts';
import type { AdminPage } from '#lib/schemas/list.ts';
import { outbox } from '#platform/mail/tables.ts';
import type { Refusal } from '#tests/support/accounts.ts';
import { DAY, TestClock } from '#tests/support/clock.ts';
import { databaseKinds } from '#tests/support/databases.ts';
import { browserLine, enquiryPayload } from '#tests/support/enquiry.ts';
import { QUOTE_LINES, quoteBody, type Sent, SHOP_PAYMENTS, type StaffApp, steps, useStaffApp } from '#tests/support/staff-app.ts';

const ROUND = 'Areca Leaf Round Plate'; // 8 inch: ₹560.00 a carton, demo HSN 14049090 at 5%
const CUP = 'Bagasse Cup 200 ml'; // ₹260.00 a carton, quoted here at HSN 48236900 and 18% (QUOTE_LINES)
const KERALA_ADDRESS = '14/220 Temple Road, Edappally, Kochi, Kerala 682024';
const CUSTOMER_GSTIN = '32BBBCK5678L1Z4';
const PAYMENTS = SHOP_PAYMENTS;
/** 26 November 2030, noon in India: a month and financial year (2030-31) of their own. */
const START = Date.UTC(2030, 10, 26, 6, 30);
const LINES = QUOTE_LINES;

describe.each(databaseKinds())('after the yes on %s', (kind) => {
  let { ctx, ids, admin, user, visitor } = {} as StaffApp;
  const clock = new TestClock(START);
  let customers = 0;

  useStaffApp(kind, { clock, config: { payments: PAYMENTS } }, (app) => ({ ctx, ids, admin, user, visitor } = app));

  /** An enquiry of 3 round plates (8 inch) and 2 cups, from a customer of its own (their e-mails are theirs alone). */
  const send = async (quantities: [number, number] = [3, 2]) => {
    customers += 1;
    const payload = enquiryPayload(
      [browserLine(ids, ROUND, '8 inch', quantities[0]), browserLine(ids, CUP, null, quantities[1])],
      {
        customerName: `Customer ${customers}`,
        customerEmail: `customer${customers}@example.in`,
        deliveryLocation: KERALA_ADDRESS,
      },
    );
    return { ...(await steps.enquiry(visitor, payload)), email: `customer${customers}@example.in` };
  };
  const quoteAndAccept = (sent: Sent, overrides: Record<string, unknown> = {}) =>
    steps.quoteAndAccept({ admin, visitor }, sent, quoteBody(clock, { customerGstin: CUSTOMER_GSTIN, ...overrides }));
  /** Moves the clock, and signs the staff in again in a new browser. */
  const moveClockTo = async (at: number) => {
    clock.set(at);
    ({ admin, visitor } = await steps.signInAgain(ctx));
  };
  const issue = (id: number, body?: object) => admin.post<OrderInvoice & Refusal>(`/api/admin/orders/${id}/invoice`, body);
  const issued = async (id: number, body?: object) => {
    const response = await issue(id, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };
  const confirmed = (overrides: Record<string, unknown> = {}) => ({
    confirmed: { lines: LINES, delivery: '50.00', placeOfSupply: '32', customerGstin: null, ...overrides },
  });
  const pay = (id: number, body: Record<string, unknown>) =>
    admin.post<OrderInvoice & Refusal>(`/api/admin/orders/${id}/payments`, { receivedOn: istDate(clock.now()), ...body });
  const setStatus = (id: number, body: Record<string, unknown>) =>
    admin.request<AdminOrder & Refusal>('PATCH', `/api/admin/orders/${id}/status`, { payload: body });
  const mailsTo = (to: string) => ctx.database.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(asc(outbox.id));
  const subjectsTo = async (to: string) => (await mailsTo(to)).map((mail) => mail.subject);
  const history = async (id: number) =>
    (await admin.get<{ history: AuditEntry[] }>(`/api/admin/orders/${id}`)).body.history.map((entry) => entry.action);

  it('the tax invoice follows the accepted quote: numbered, its figures, due in 7 days, the customer told how to pay', async () => {
    const sent = await send();
    await quoteAndAccept(sent);
    const body = await issued(sent.id);
    const { invoice } = body;
    expect(invoice.number).toMatch(/^GL\/2030-31\/\d{4}$/);
    expect(invoice).toMatchObject({
      date: '2030-11-26',
      enquiry: sent.displayId,
      quoteNumber: `Q-${sent.displayId}-1`,
      placeOfSupply: { code: '32', name: 'Kerala' },
      intraState: true,
      reverseCharge: false,
      dueOn: '2030-12-03',
      signatory: 'For Green Leaf Eco Tableware Private Limited',
      payTo: { upi: PAYMENTS.upi, bank: PAYMENTS.bank },
    });
    expect(invoice.supplier).toMatchObject({ gstin: '32AAACG1234A1ZN', state: { code: '32', name: 'Kerala' } });
    expect(invoice.recipient).toEqual({
      name: `Customer ${customers}`,
      address: KERALA_ADDRESS,
      gstin: CUSTOMER_GSTIN,
      state: { code: '32', name: 'Kerala' },
    });
    // As quoted: 3 × 560.00 = 1,680.00 at 5% (42.00 + 42.00); 2 × 260.00 = 520.00 at 18% (46.80 + 46.80); delivery
    // 50.00 at 18% (4.50 + 4.50). Taxable 2,250.00; CGST = SGST = 93.30; 2,436.60 rounds to 2,437.00 (+0.40).
    expect(
      invoice.lines.map((line) => [
        line.productName,
        line.hsnCode,
        line.quantity,
        line.price,
        line.taxable,
        line.cgst,
        line.sgst,
      ]),
    ).toEqual([
      [ROUND, '14049090', 3, 560_00, 1_680_00, 42_00, 42_00],
      [CUP, '48236900', 2, 260_00, 520_00, 46_80, 46_80],
    ]);
    expect(invoice.delivery).toEqual({ taxable: 50_00, rate: 18, cgst: 4_50, sgst: 4_50, igst: 0 });
    expect(invoice.totals).toEqual({ taxable: 2_250_00, cgst: 93_30, sgst: 93_30, igst: 0, roundOff: 40, total: 2_437_00 });
    expect(invoice.totalInWords).toBe('Rupees Two Thousand Four Hundred Thirty-Seven Only');
    expect(body.payment).toMatchObject({ state: 'unpaid', due: 2_437_00, paid: 0, balance: 2_437_00, overdue: false });
    const upi = `upi://pay?pa=greenleaf@okaxis&pn=Green%20Leaf%20Eco%20Tableware&am=2437.00&cu=INR&tn=${encodeURIComponent(invoice.number)}&tr=${encodeURIComponent(invoice.number)}`;
    expect(body.upiLink).toBe(upi);
    expect(body).toMatchObject({ issuedBy: 'staff_admin', creditNotes: [], payments: [], dispatches: [] });

    const [mail] = (await mailsTo(sent.email)).filter((m) => m.subject.startsWith('Tax invoice'));
    expect(mail?.subject).toBe(`Tax invoice ${invoice.number} for your order #${sent.displayId}`);
    expect(mail?.text).toContain('Total: ₹2,437.00 (Rupees Two Thousand Four Hundred Thirty-Seven Only), GST included.');
    expect(mail?.text).toContain('Please pay by Tuesday 3 December 2030.');
    expect(mail?.text).toContain(upi);
    expect(mail?.text).toContain(
      `account 12345678901234, IFSC FDRL0001234 (Federal Bank, Aluva); please write ${invoice.number} as the remark`,
    );
    expect(mail?.text).toContain(`/enquiry/${sent.statusToken}`);
    expect(await history(sent.id)).toContain('invoice-issued');

    // Read back later: the same document.
    expect((await admin.get<OrderInvoice>(`/api/admin/orders/${sent.id}/invoice`)).body.invoice).toEqual(invoice);
  });

  it('one invoice per enquiry, never edited or deleted, and an invoiced enquiry is not deleted', async () => {
    const sent = await send();
    await quoteAndAccept(sent);
    const { invoice } = await issued(sent.id);
    const twice = await issue(sent.id);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(`This enquiry already has invoice ${invoice.number}`);
    // Two staff at the same moment: one invoice.
    const other = await send();
    await quoteAndAccept(other);
    const both = await Promise.all([issue(other.id), issue(other.id)]);
    expect(both.map((response) => response.status).sort()).toEqual([201, 409]);
    expect((await subjectsTo(other.email)).filter((subject) => subject.startsWith('Tax invoice'))).toHaveLength(1);

    const db = ctx.database.db;
    await expect(db.update(invoices).set({ total: 1 }).where(eq(invoices.number, invoice.number))).rejects.toThrow();
    await expect(db.delete(invoices).where(eq(invoices.number, invoice.number))).rejects.toThrow();
    await expect(db.update(documentCounters).set({ lastSerial: 1 })).rejects.toThrow();
    const deleted = await admin.request<Refusal>('DELETE', `/api/admin/orders/${sent.id}`);
    expect(deleted.status).toBe(409);
    expect(deleted.body.message).toBe(`Enquiry #${sent.displayId} has invoice ${invoice.number} and is kept: cancel it instead`);
    expect((await admin.get(`/api/admin/orders/${sent.id}/invoice`)).status).toBe(200);
  });

  it('without an accepted quote only with the lines confirmed; a quote not yet accepted, or cancelled, is not invoiced', async () => {
    const sent = await send();
    const refused = await issue(sent.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This enquiry has no accepted quote: confirm its lines to invoice it without one');
    const short = await issue(sent.id, confirmed({ lines: LINES.slice(0, 1) }));
    expect(short.status).toBe(400);
    expect(short.body.message).toBe("Confirm one price for each of the enquiry's 2 lines");
    expect((await issue(sent.id, confirmed({ placeOfSupply: '99' }))).status).toBe(400);

    // To Karnataka, no delivery: 1,680.00 × 5% = 84.00 IGST; 520.00 × 18% = 93.60; 2,377.60 rounds to 2,378.00.
    const body = await issued(sent.id, confirmed({ placeOfSupply: '29', delivery: '0' }));
    expect(body.invoice).toMatchObject({
      quoteNumber: null,
      intraState: false,
      placeOfSupply: { code: '29', name: 'Karnataka' },
    });
    expect(body.invoice.recipient).toMatchObject({ gstin: null, state: null });
    expect(body.invoice.totals).toEqual({ taxable: 2_200_00, cgst: 0, sgst: 0, igst: 177_60, roundOff: 40, total: 2_378_00 });

    const quoted = await send();
    await quoteAndAccept(quoted);
    const withLines = await issue(quoted.id, confirmed());
    expect(withLines.status).toBe(409);
    expect(withLines.body.message).toBe(
      `Quote Q-${quoted.displayId}-1 was accepted: the invoice follows it, so confirm no lines`,
    );

    const waiting = await send();
    const quote = await admin.post(`/api/admin/orders/${waiting.id}/quotes`, {
      lines: LINES,
      delivery: '50.00',
      placeOfSupply: '32',
      validUntil: addDays(istDate(clock.now()), 7),
    });
    expect(quote.status).toBe(201);
    expect((await issue(waiting.id)).status).toBe(409);

    const cancelled = await send();
    expect((await setStatus(cancelled.id, { status: 'cancelled' })).status).toBe(200);
    const refusedCancelled = await issue(cancelled.id, confirmed());
    expect(refusedCancelled.status).toBe(409);
    expect(refusedCancelled.body.message).toBe('This enquiry was cancelled: it is not invoiced');
    const told = (await mailsTo(cancelled.email)).filter((mail) => mail.subject.endsWith('was cancelled'));
    expect(told.map((mail) => mail.subject)).toEqual([`Your enquiry #${cancelled.displayId} was cancelled`]);
    expect(told[0]?.text).not.toContain('credit note');
  });

  it('payments: partial payments add up, overpaying and the same reference twice are refused, each one e-mailed', async () => {
    const sent = await send();
    const before = await pay(sent.id, { amount: '100.00', method: 'cash' });
    expect(before.status).toBe(409);
    expect(before.body.message).toBe('This enquiry has no invoice yet: issue it first');
    await quoteAndAccept(sent);
    await issued(sent.id);

    // ₹1,000.00 by UPI of ₹2,437.00: Part paid, ₹1,437.00 to go, and the UPI link asks for that.
    const first = await pay(sent.id, { amount: '1000', method: 'upi', reference: '4321 0987 6543' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.payment).toMatchObject({ state: 'part-paid', paid: 1_000_00, balance: 1_437_00 });
    expect(first.body.payments).toMatchObject([
      { amount: 1_000_00, method: 'upi', reference: '432109876543', recordedBy: 'staff_admin' },
    ]);
    expect(first.body.upiLink).toContain('&am=1437.00&');

    const again = await pay(sent.id, { amount: '10', method: 'upi', reference: '432109876543' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This reference is already recorded on this invoice');
    const over = await pay(sent.id, { amount: '1437.01', method: 'bank-transfer', reference: 'SBINN52030112600012' });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({
      message: '₹1,437.01 is more than the ₹1,437.00 still due on this invoice',
      errors: { amount: '₹1,437.01 is more than the ₹1,437.00 still due on this invoice' },
    });
    for (const [body, message] of [
      [{ amount: '10', method: 'upi', reference: '12345' }, 'Invalid payment: A UPI reference (UTR) has 12 digits'],
      [{ amount: '10', method: 'cheque' }, 'Invalid payment: Give the cheque number'],
      [{ amount: '0', method: 'cash' }, 'Invalid payment: Amount must be more than 0'],
      [{ amount: '-5', method: 'cash' }, 'Invalid payment: Amount must be 0 or more, in steps of 0.01'],
      [{ amount: '10', method: 'gold' }, 'Invalid payment: method must be one of upi, bank-transfer, cheque, cash'],
      [{ amount: '10', method: 'cash', receivedOn: '2030-02-30' }, 'Invalid payment: Received on must be a date like 2026-11-26'],
      [
        { amount: '10', method: 'cash', receivedOn: addDays(istDate(clock.now()), 1) },
        'A payment cannot be received in the future',
      ],
      [{ amount: '10', method: 'cash', receivedOn: '2020-01-01' }, 'A payment cannot be received before the enquiry was sent'],
    ] as const) {
      const response = await pay(sent.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toBe(message);
    }

    await moveClockTo(clock.now().getTime() + DAY);
    const rest = await pay(sent.id, { amount: '1437.00', method: 'bank-transfer', reference: 'sbinn52030112600012' });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect(rest.body.payment).toMatchObject({ state: 'paid', paid: 2_437_00, balance: 0 });
    expect(rest.body.upiLink).toBeNull();
    expect((await pay(sent.id, { amount: '1', method: 'cash' })).body.message).toBe('Nothing is due on this invoice');

    const received = (await mailsTo(sent.email)).filter(
      (mail) => mail.subject === 'Payment received for invoice ' + rest.body.invoice.number,
    );
    expect(received.map((mail) => mail.text.split('\n')[2])).toEqual([
      `Thank you: we received ₹1,000.00 on 26 November 2030 by UPI (reference 432109876543) for invoice ${rest.body.invoice.number}.`,
      `Thank you: we received ₹1,437.00 on 27 November 2030 by Bank transfer (reference SBINN52030112600012) for invoice ${rest.body.invoice.number}.`,
    ]);
    expect(received[0]?.text).toContain('Paid so far: ₹1,000.00 of ₹2,437.00. Still to pay: ₹1,437.00.');
    expect(received[1]?.text).toContain(`Paid so far: ₹2,437.00 of ₹2,437.00. Invoice ${rest.body.invoice.number}: Paid.`);
    expect((await history(sent.id)).filter((action) => action === 'payment')).toHaveLength(2);
    await expect(ctx.database.db.update(payments).set({ amount: 1 })).rejects.toThrow();
  });

  it('an unpaid invoice is overdue after the payment terms', async () => {
    const sent = await send();
    await quoteAndAccept(sent);
    const { invoice } = await issued(sent.id);
    const at = clock.now().getTime();
    await moveClockTo(Date.parse(`${invoice.dueOn}T12:00:00+05:30`));
    expect((await admin.get<OrderInvoice>(`/api/admin/orders/${sent.id}/invoice`)).body.payment.overdue).toBe(false);
    await moveClockTo(clock.now().getTime() + DAY);
    expect((await admin.get<OrderInvoice>(`/api/admin/orders/${sent.id}/invoice`)).body.payment).toMatchObject({
      state: 'unpaid',
      overdue: true,
    });
    await moveClockTo(at);
  });

  it('credit notes: named cartons for a changed order, everything left for a cancelled one, their own numbers', async () => {
    const sent = await send();
    await issued(sent.id, confirmed());
    const note = (body: Record<string, unknown>) =>
      admin.post<CreditNoteDocument & Refusal>(`/api/admin/orders/${sent.id}/credit-notes`, body);

    // One plate carton back: 560.00 at 5%, CGST = SGST = 14.00; 588.00.
    const first = await note({ reason: 'One carton arrived damaged', lines: [{ line: 1, quantity: 1 }] });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.number).toMatch(/^CN\/2030-31\/\d{4}$/);
    expect(first.body.invoice.total).toBe(2_437_00);
    expect(first.body.lines).toMatchObject([
      { line: 1, productName: ROUND, quantity: 1, taxable: 560_00, cgst: 14_00, sgst: 14_00 },
    ]);
    expect(first.body.totals).toEqual({ taxable: 560_00, cgst: 14_00, sgst: 14_00, igst: 0, roundOff: 0, total: 588_00 });

    const whole = await note({ reason: 'Cancelled' });
    expect(whole.status).toBe(409);
    expect(whole.body.message).toBe(
      'Only a cancelled enquiry is credited in full: name the lines that changed, or cancel it first',
    );
    const tooMany = await note({ reason: 'Returned', lines: [{ line: 1, quantity: 3 }] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(`Line 1 (${ROUND}) has 2 carton(s) left to credit, not 3`);
    expect((await note({ lines: [{ line: 1, quantity: 1 }] })).status).toBe(400);

    expect((await setStatus(sent.id, { status: 'cancelled' })).status).toBe(200);
    // What is left: 2 plates 1,120.00 (CGST = SGST 42.00 − 14.00 = 28.00), the cups 520.00 (46.80 each), delivery
    // 50.00 (4.50 each). Taxable 1,690.00, CGST = SGST 79.30; 1,848.60 rounds to 1,849.00 (+0.40).
    const rest = await note({ reason: 'Order cancelled by the customer' });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect(Number(rest.body.number.slice(-4))).toBe(Number(first.body.number.slice(-4)) + 1);
    expect(rest.body.totals).toEqual({ taxable: 1_690_00, cgst: 79_30, sgst: 79_30, igst: 0, roundOff: 40, total: 1_849_00 });
    expect(first.body.totals.taxable + rest.body.totals.taxable).toBe(2_250_00);
    expect(first.body.totals.cgst + rest.body.totals.cgst).toBe(93_30);
    const after = await note({ reason: 'Again' });
    expect(after.status).toBe(400);
    expect(after.body.message).toBe('Everything on this invoice is already credited');

    const read = (await admin.get<OrderInvoice>(`/api/admin/orders/${sent.id}/invoice`)).body;
    expect(read.creditNotes.map((n) => n.number)).toEqual([first.body.number, rest.body.number]);
    // 588.00 + 1,849.00 = 2,437.00 credited: nothing due.
    expect(read.payment).toMatchObject({ state: 'credited', credited: 2_437_00, due: 0, balance: 0 });
    const subjects = await subjectsTo(sent.email);
    expect(subjects.filter((s) => s.startsWith('Credit note'))).toEqual([
      `Credit note ${first.body.number} for invoice ${read.invoice.number}`,
      `Credit note ${rest.body.number} for invoice ${read.invoice.number}`,
    ]);
    // Cancelled after the first credit note: the e-mail names that one, and promises no other.
    const cancelledText = (await mailsTo(sent.email)).find((m) => m.subject.endsWith('was cancelled'))?.text;
    expect(cancelledText).toContain(
      `We have issued credit note ${first.body.number} of ₹588.00 against invoice ${read.invoice.number}.`,
    );
    expect(cancelledText).not.toContain(rest.body.number);
    expect(cancelledText).not.toMatch(/follows|refund/i);
  });

  it('a credit note’s preview: the figures issuing it then gives, worked out by the server, and nothing stored', async () => {
    const sent = await send();
    await issued(sent.id, confirmed());
    const preview = (body: Record<string, unknown>) =>
      admin.post<CreditNotePreview & Refusal>(`/api/admin/orders/${sent.id}/credit-notes/preview`, body);
    const stored = async () => ({
      counters: await ctx.database.db.select().from(documentCounters),
      invoice: (await admin.get<OrderInvoice>(`/api/admin/orders/${sent.id}/invoice`)).body,
      history: await history(sent.id),
      mails: (await mailsTo(sent.email)).length,
    });
    const before = await stored();

    const asked = { lines: [{ line: 2, quantity: 1 }], delivery: true };
    const shown = await preview(asked);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    // Everything left is previewed before the cancellation that allows issuing it: the whole invoice here.
    const whole = await preview({});
    expect(whole.status).toBe(200);
    expect(whole.body.totals.total).toBe(2_437_00);
    const refused = await preview({ lines: [{ line: 1, quantity: 4 }] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`Line 1 (${ROUND}) has 3 carton(s) left to credit, not 4`);
    expect((await preview({ reason: 'Damaged', lines: [] })).status).toBe(400);
    expect(await stored()).toEqual(before);

    const note = await admin.post<CreditNoteDocument>(`/api/admin/orders/${sent.id}/credit-notes`, {
      reason: 'One cup carton short, no delivery',
      ...asked,
    });
    expect(note.status).toBe(201);
    expect({ lines: note.body.lines, delivery: note.body.delivery, totals: note.body.totals }).toEqual(shown.body);
  });

  it('a refund is due once a credit note leaves less owing than was paid: on the today list and its step', async () => {
    const sent = await send();
    const { payment } = await issued(sent.id, confirmed());
    const refundsDue = async () => ({
      count: (await admin.get<TodayList>('/api/admin/today')).body.counts['refunds-due'],
      listed: (await admin.get<AdminPage<AdminOrder>>('/api/admin/orders?step=refunds-due')).body.items.map((o) => o.id),
    });
    const before = await refundsDue();
    expect(before.listed).not.toContain(sent.id);
    expect((await pay(sent.id, { amount: toDecimalString(payment.balance), method: 'cash' })).status).toBe(201);
    expect((await refundsDue()).listed).not.toContain(sent.id);

    // One plate carton back after paying in full: 588.00 is owed back.
    const note = await admin.post<CreditNoteDocument>(`/api/admin/orders/${sent.id}/credit-notes`, {
      reason: 'One carton arrived damaged',
      lines: [{ line: 1, quantity: 1 }],
    });
    expect(note.status).toBe(201);
    const after = await refundsDue();
    expect(after.listed).toContain(sent.id);
    expect(after.count).toBe(before.count + 1);
    const read = (await admin.get<OrderInvoice>(`/api/admin/orders/${sent.id}/invoice`)).body;
    expect(read.payment).toMatchObject({ state: 'paid', balance: 0, refundDue: 588_00 });
  });

  it('shipped: the dispatch details, when given, are checked (above ₹50,000 the e-way bill number); each e-mail once', async () => {
    const dispatch = {
      transporter: 'Kerala Roadways',
      docketNumber: 'krw/2030/88123',
      vehicleNumber: 'kl 07 ab 1234',
      expectedOn: addDays(istDate(clock.now()), 2),
    };
    const sent = await send([30, 2]);
    // Before the invoice, shipped is taken (any status follows any other; the today list asks for the invoice), and
    // details given are checked against the enquiry's total: 100 plates at ₹560.00 are over ₹50,000.
    const unbilled = await send([100, 2]);
    const early = await setStatus(unbilled.id, { status: 'shipped', dispatch });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('This consignment is worth more than ₹50,000.00: give the e-way bill number from the portal');
    const earlyWithBill = await setStatus(unbilled.id, {
      status: 'shipped',
      dispatch: { ...dispatch, ewayBillNumber: '331002345600' },
    });
    expect(earlyWithBill.status, JSON.stringify(earlyWithBill.body)).toBe(200);
    expect(earlyWithBill.body.status).toBe('shipped');
    expect((await subjectsTo(unbilled.email)).filter((subject) => subject.endsWith('is on its way'))).toHaveLength(1);
    // 30 plates at ₹1,600.00 = 48,000.00 at 5% (CGST = SGST = 1,200.00); cups 520.00 (46.80 each); delivery 50.00
    // (4.50 each): 48,570.00 taxable and 2,502.60 tax, 51,072.60 in the consignment: over ₹50,000.
    const big = await issued(sent.id, confirmed({ lines: [{ ...LINES[0], price: '1600.00' }, LINES[1]] }));
    expect(big.invoice.totals).toMatchObject({ taxable: 48_570_00, cgst: 1_251_30, sgst: 1_251_30 });

    // Shipped without details is taken too, records no dispatch and tells the customer nothing.
    const bare = await setStatus(sent.id, { status: 'shipped' });
    expect(bare.status).toBe(200);
    expect(bare.body.status).toBe('shipped');
    expect((await admin.get<OrderInvoice>(`/api/admin/orders/${sent.id}/invoice`)).body.dispatches).toEqual([]);
    expect((await subjectsTo(sent.email)).filter((subject) => subject.endsWith('is on its way'))).toEqual([]);
    expect((await setStatus(sent.id, { status: 'pending' })).status).toBe(200);
    const noBill = await setStatus(sent.id, { status: 'shipped', dispatch });
    expect(noBill.status).toBe(400);
    expect(noBill.body).toMatchObject({
      message: 'This consignment is worth more than ₹50,000.00: give the e-way bill number from the portal',
      errors: { 'dispatch.ewayBillNumber': expect.any(String) },
    });
    for (const [body, message] of [
      [
        { status: 'shipped', dispatch: { ...dispatch, vehicleNumber: 'KL 07' } },
        'Invalid change: A vehicle number reads like KL07AB1234',
      ],
      [
        { status: 'shipped', dispatch: { ...dispatch, ewayBillNumber: '1234' } },
        'Invalid change: An e-way bill number has 12 digits',
      ],
      [{ status: 'shipped', dispatch: { ...dispatch, docketNumber: '' } }, 'Invalid change: Docket or LR number is required'],
      [{ status: 'shipped', dispatch: { ...dispatch, transporter: undefined } }, 'Invalid change: Transporter is required'],
      [{ status: 'processing', dispatch }, 'Invalid change: Dispatch details go with the status shipped'],
      [
        { status: 'shipped', dispatch: { ...dispatch, ewayBillNumber: '331002345678', expectedOn: '2030-01-01' } },
        'The expected delivery date cannot be in the past',
      ],
    ] as const) {
      const response = await setStatus(sent.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toBe(message);
    }
    expect((await admin.get<AdminOrder>(`/api/admin/orders/${sent.id}`)).body.status).toBe('pending');

    const shipped = await setStatus(sent.id, { status: 'shipped', dispatch: { ...dispatch, ewayBillNumber: '3310 0234 5678' } });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect(shipped.body.status).toBe('shipped');
    const read = (await admin.get<OrderInvoice>(`/api/admin/orders/${sent.id}/invoice`)).body;
    expect(read.dispatches).toMatchObject([
      {
        transporter: 'Kerala Roadways',
        docketNumber: 'KRW/2030/88123',
        vehicleNumber: 'KL07AB1234',
        expectedOn: dispatch.expectedOn,
        ewayBillNumber: '331002345678',
        consignmentValue: 51_072_60,
        recordedBy: 'staff_admin',
      },
    ]);

    // Back and forth: processing, shipped again (the dispatch stands), delivered, shipped, delivered, cancelled,
    // pending, cancelled: one e-mail each for dispatched, delivered and cancelled.
    for (const status of ['processing', 'shipped', 'delivered', 'shipped', 'delivered', 'cancelled', 'pending', 'cancelled']) {
      const response = await setStatus(sent.id, { status });
      expect(response.status, `${status}: ${JSON.stringify(response.body)}`).toBe(200);
    }
    const sameAgain = await setStatus(sent.id, { status: 'shipped', dispatch: { ...dispatch, ewayBillNumber: '331002345678' } });
    expect(sameAgain.status).toBe(200);
    const subjects = await subjectsTo(sent.email);
    const about = (ending: string) => subjects.filter((subject) => subject.endsWith(ending));
    expect(about('is on its way')).toHaveLength(1);
    expect(about('was delivered')).toHaveLength(1);
    expect(about('was cancelled')).toHaveLength(1);
    const dispatched = (await mailsTo(sent.email)).find((mail) => mail.subject.endsWith('is on its way'));
    expect(dispatched?.text).toContain('Your cartons have left Aluva with Kerala Roadways.');
    expect(dispatched?.text).toContain('Docket / LR number: KRW/2030/88123');
    expect(dispatched?.text).toContain('Vehicle: KL07AB1234');
    expect(dispatched?.text).toContain('E-way bill: 331002345678');

    // New details (another lorry) are a new dispatch, told to the customer; the first stays on record.
    const corrected = await setStatus(sent.id, {
      status: 'shipped',
      dispatch: { ...dispatch, docketNumber: 'KRW/2030/88200', ewayBillNumber: '331002345678' },
    });
    expect(corrected.status).toBe(200);
    const reread = (await admin.get<OrderInvoice>(`/api/admin/orders/${sent.id}/invoice`)).body;
    expect(reread.dispatches.map((d) => d.docketNumber)).toEqual(['KRW/2030/88200', 'KRW/2030/88123']);
    expect((await subjectsTo(sent.email)).filter((subject) => subject.endsWith('is on its way'))).toHaveLength(2);
    expect((await history(sent.id)).filter((action) => action === 'dispatch')).toHaveLength(2);
  });

  it('a consignment of ₹50,000 or less ships without an e-way bill number', async () => {
    const sent = await send();
    await issued(sent.id, confirmed());
    const shipped = await setStatus(sent.id, {
      status: 'shipped',
      dispatch: { transporter: 'Own vehicle', docketNumber: 'DC-1042', vehicleNumber: null, expectedOn: istDate(clock.now()) },
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    const [recorded] = (await admin.get<OrderInvoice>(`/api/admin/orders/${sent.id}/invoice`)).body.dispatches;
    expect(recorded).toMatchObject({ vehicleNumber: null, ewayBillNumber: null, docketNumber: 'DC-1042' });
  });

  it('20 invoices issued at the same moment get 20 consecutive numbers', async () => {
    const sent = [];
    for (let n = 0; n < 20; n++) sent.push(await send());
    const answers = await Promise.all(sent.map((enquiry) => issue(enquiry.id, confirmed())));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    const serials = answers.map((answer) => Number(answer.body.invoice.number.slice('GL/2030-31/'.length))).sort((a, b) => a - b);
    const [lowest] = serials as [number];
    expect(serials).toEqual(Array.from({ length: 20 }, (_, n) => lowest + n));
    const [counter] = await ctx.database.db.select().from(documentCounters).where(eq(documentCounters.series, 'invoice'));
    const [stored] = await ctx.database.db.select({ n: count() }).from(invoices).where(like(invoices.number, 'GL/2030-31/%'));
    // No number skipped or used twice since the first: the counter stands at the number of invoices.
    expect(counter?.lastSerial).toBe(stored?.n);
    expect(lowest + 19).toBe(stored?.n);
  });

  it('the whole way: enquiry, quote, yes, invoice, paid in two parts, dispatched, delivered; the e-mails in order', async () => {
    // January 2031, a month of its own.
    await moveClockTo(Date.UTC(2031, 0, 12, 5, 0));
    const sent = await send();
    await quoteAndAccept(sent);
    const { invoice } = await issued(sent.id);
    // The quote's 2,437.00 (worked out in the first test), paid as 1,500.00 by UPI and 937.00 by bank transfer.
    expect((await pay(sent.id, { amount: '1500', method: 'upi', reference: '501234567890' })).body.payment.state).toBe(
      'part-paid',
    );
    const paid = await pay(sent.id, { amount: '937', method: 'bank-transfer', reference: 'UTIBR52031011200077' });
    expect(paid.body.payment).toMatchObject({ state: 'paid', paid: 2_437_00, balance: 0 });
    const dispatch = { transporter: 'VRL Logistics', docketNumber: '2031-44817', expectedOn: '2031-01-14' };
    expect((await setStatus(sent.id, { status: 'processing' })).status).toBe(200);
    expect((await setStatus(sent.id, { status: 'shipped', dispatch })).status).toBe(200);
    expect((await setStatus(sent.id, { status: 'delivered' })).status).toBe(200);

    const afterTheYes = (await subjectsTo(sent.email)).filter((subject) => !/quote|enquiry/i.test(subject));
    expect(afterTheYes).toEqual([
      `Tax invoice ${invoice.number} for your order #${sent.displayId}`,
      `Payment received for invoice ${invoice.number}`,
      `Payment received for invoice ${invoice.number}`,
      `Your order #${sent.displayId} is on its way`,
      `Your order #${sent.displayId} was delivered`,
    ]);
    expect(await history(sent.id)).toEqual([
      'status',
      'status',
      'dispatch',
      'status',
      'payment',
      'payment',
      'invoice-issued',
      'quote-accepted',
      'quote-sent',
    ]);
    const report = (await admin.get<Gstr1>('/api/admin/reports/gstr1?month=2031-01')).body;
    expect(report.summary.invoices).toEqual({
      count: 1,
      value: 2_437_00,
      taxable: 2_250_00,
      igst: 0,
      cgst: 93_30,
      sgst: 93_30,
    });
    expect(report.b2b.rows.map((row) => [row.invoiceNumber, row.rate, row.taxable])).toEqual([
      [invoice.number, 5, 1_680_00],
      [invoice.number, 18, 570_00],
    ]);
    await moveClockTo(START);
  });

  it('GSTR-1 of a month: B2B, B2C large and small, credit notes; its totals equal the sum of the month’s invoices', async () => {
    // December 2030, a month of its own: three invoices and a credit note, worked by hand.
    await moveClockTo(Date.UTC(2030, 11, 10, 6, 30));
    // B2B within Kerala, the accepted quote with the customer's GSTIN: 2,437.00 (as in the first test).
    const b2b = await send();
    await quoteAndAccept(b2b);
    const a = (await issued(b2b.id)).invoice;
    // B2C small, to Karnataka, no delivery: 1,680.00 + 84.00 IGST, 520.00 + 93.60; 2,377.60 rounds to 2,378.00.
    const small = await send();
    const b = (await issued(small.id, confirmed({ placeOfSupply: '29', delivery: '0' }))).invoice;
    expect(b.totals).toMatchObject({ taxable: 2_200_00, igst: 177_60, total: 2_378_00 });
    // B2C large, to Tamil Nadu: 30 × 3,500.00 = 1,05,000.00 + 5,250.00 IGST; 520.00 + 93.60; 1,10,863.60 rounds to
    // 1,10,864.00, over ₹1,00,000.
    const large = await send([30, 2]);
    const c = (
      await issued(
        large.id,
        confirmed({ lines: [{ ...LINES[0], price: '3500.00' }, LINES[1]], placeOfSupply: '33', delivery: '0' }),
      )
    ).invoice;
    expect(c.totals).toMatchObject({ taxable: 1_05_520_00, igst: 5_343_60, total: 1_10_864_00 });
    // A carton of plates back from the Karnataka order: 560.00 + 28.00 IGST = 588.00.
    const note = await admin.post<CreditNoteDocument>(`/api/admin/orders/${small.id}/credit-notes`, {
      reason: 'One carton short',
      lines: [{ line: 1, quantity: 1 }],
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);

    const report = await admin.get<Gstr1>('/api/admin/reports/gstr1?month=2030-12');
    expect(report.status).toBe(200);
    const { b2b: b2bTable, b2cl, b2cs, cdnr, cdnur, hsnB2b, hsnB2c, documents, summary } = report.body;
    const amounts = (taxable: number, igst: number, cgst: number, sgst: number) => ({ taxable, igst, cgst, sgst });
    expect(
      b2bTable.rows.map((row) => [
        row.recipientGstin,
        row.invoiceNumber,
        row.invoiceValue,
        row.placeOfSupply,
        row.rate,
        row.taxable,
        row.cgst,
        row.sgst,
      ]),
    ).toEqual([
      [CUSTOMER_GSTIN, a.number, 2_437_00, '32-Kerala', 5, 1_680_00, 42_00, 42_00],
      [CUSTOMER_GSTIN, a.number, 2_437_00, '32-Kerala', 18, 570_00, 51_30, 51_30],
    ]);
    expect(
      b2cl.rows.map((row) => [row.invoiceNumber, row.invoiceValue, row.placeOfSupply, row.rate, row.taxable, row.igst]),
    ).toEqual([
      [c.number, 1_10_864_00, '33-Tamil Nadu', 5, 1_05_000_00, 5_250_00],
      [c.number, 1_10_864_00, '33-Tamil Nadu', 18, 520_00, 93_60],
    ]);
    // Net of the credit note: 1,680.00 − 560.00 = 1,120.00 and 84.00 − 28.00 = 56.00 IGST.
    expect(b2cs.rows).toEqual([
      { type: 'OE', supplyType: 'Inter-State', placeOfSupply: '29-Karnataka', rate: 5, ...amounts(1_120_00, 56_00, 0, 0) },
      { type: 'OE', supplyType: 'Inter-State', placeOfSupply: '29-Karnataka', rate: 18, ...amounts(520_00, 93_60, 0, 0) },
    ]);
    expect([cdnr.rows, cdnur.rows]).toEqual([[], []]);
    expect(documents).toEqual([
      { nature: 'Invoices for outward supply', from: a.number, to: c.number, total: 3, cancelled: 0, net: 3 },
      { nature: 'Credit Note', from: note.body.number, to: note.body.number, total: 1, cancelled: 0, net: 1 },
    ]);
    // Values 2,437 + 2,378 + 1,10,864 = 1,15,679.00; taxable 2,250 + 2,200 + 1,05,520 = 1,09,970.00; IGST 177.60 +
    // 5,343.60 = 5,521.20; CGST = SGST 93.30.
    expect(summary.invoices).toEqual({ count: 3, value: 1_15_679_00, ...amounts(1_09_970_00, 5_521_20, 93_30, 93_30) });
    expect(summary.creditNotes).toEqual({ count: 1, value: 588_00, ...amounts(560_00, 28_00, 0, 0) });
    // The same totals from the invoices read back one by one.
    const read = await Promise.all(
      [b2b, small, large].map(
        async (sent) => (await admin.get<OrderInvoice>(`/api/admin/orders/${sent.id}/invoice`)).body.invoice,
      ),
    );
    const sum = (pick: (totals: OrderInvoice['invoice']['totals']) => number) =>
      read.reduce((t, invoice) => t + pick(invoice.totals), 0);
    expect(summary.invoices).toEqual({
      count: read.length,
      value: sum((t) => t.total),
      ...amounts(
        sum((t) => t.taxable),
        sum((t) => t.igst),
        sum((t) => t.cgst),
        sum((t) => t.sgst),
      ),
    });
    // Every table adds up to the month's net: the sales less the notes reported on their own, and the HSN summary.
    const add = (...tables: Array<{ totals: ReturnType<typeof amounts> }>) =>
      tables.reduce(
        (t, table) =>
          amounts(
            t.taxable + table.totals.taxable,
            t.igst + table.totals.igst,
            t.cgst + table.totals.cgst,
            t.sgst + table.totals.sgst,
          ),
        amounts(0, 0, 0, 0),
      );
    expect(summary.net).toEqual(amounts(1_09_410_00, 5_493_20, 93_30, 93_30));
    const sales = add(b2bTable, b2cl, b2cs);
    const notes = add(cdnr, cdnur);
    expect(
      amounts(sales.taxable - notes.taxable, sales.igst - notes.igst, sales.cgst - notes.cgst, sales.sgst - notes.sgst),
    ).toEqual(summary.net);
    expect(add(hsnB2b, hsnB2c)).toEqual(summary.net);
    console.log(`GSTR-1 2030-12 on ${kind}: ${JSON.stringify(summary)}`);

    const empty = await admin.get<Gstr1>('/api/admin/reports/gstr1?month=2031-02');
    expect(empty.body.summary.invoices.count).toBe(0);
    for (const query of ['', '?month=2030-13', '?month=november', '?month=2030-12&format=xml']) {
      const refused = await admin.get<Refusal>(`/api/admin/reports/gstr1${query}`);
      expect(refused.status, query).toBe(400);
    }
    await moveClockTo(START);
  });

  it('the financial year turns at midnight IST on 31 March: the next invoice is 0001 of 2031-32', async () => {
    const before = await send();
    const after = await send();
    await moveClockTo(Date.parse('2031-03-31T23:59:00+05:30'));
    const march = await issued(before.id, confirmed());
    expect(march.invoice.number).toMatch(/^GL\/2030-31\/\d{4}$/);
    expect(march.invoice.date).toBe('2031-03-31');
    await moveClockTo(Date.parse('2031-04-01T00:00:00+05:30'));
    const april = await issued(after.id, confirmed());
    expect(april.invoice).toMatchObject({ number: 'GL/2031-32/0001', date: '2031-04-01' });
    await moveClockTo(START);
  });

  it('refuses bad input with 400, a missing enquiry with 404, and anyone but the staff', async () => {
    const sent = await send();
    for (const [method, url, payload, status] of [
      ['POST', `/api/admin/orders/${sent.id}/invoice`, { confirmed: { lines: 'all' } }, 400],
      ['POST', `/api/admin/orders/${sent.id}/invoice`, { extra: true }, 400],
      ['POST', `/api/admin/orders/${sent.id}/credit-notes`, { reason: 'x' }, 400],
      ['POST', `/api/admin/orders/${sent.id}/credit-notes`, { reason: 'Damaged', lines: [{ line: 0, quantity: 1 }] }, 400],
      ['POST', `/api/admin/orders/${sent.id}/payments`, { amount: '1', method: 'cash', receivedOn: 'today' }, 400],
      ['POST', '/api/admin/orders/abc/invoice', {}, 400],
      ['POST', '/api/admin/orders/999999/invoice', confirmed(), 404],
      ['GET', '/api/admin/orders/999999/invoice', undefined, 404],
      ['GET', `/api/admin/orders/${sent.id}/invoice`, undefined, 404],
      ['POST', '/api/admin/orders/999999/payments', { amount: '1', method: 'cash', receivedOn: istDate(clock.now()) }, 404],
      ['POST', '/api/admin/orders/999999/credit-notes', { reason: 'Damaged' }, 404],
    ] as const) {
      const response = await admin.request<Refusal>(method, url, { payload: payload as object | undefined });
      expect(response.status, `${method} ${url} ${JSON.stringify(payload)}`).toBe(status);
      expect(response.body.message).toEqual(expect.any(String));
    }
    expect((await admin.get<Refusal>(`/api/admin/orders/${sent.id}/invoice`)).body.message).toBe(
      'This enquiry has no invoice yet',
    );
    for (const url of [`/api/admin/orders/${sent.id}/invoice`, '/api/admin/reports/gstr1?month=2030-11']) {
      expect((await visitor.get(url)).status, url).toBe(401);
      expect((await user.get(url)).status, url).toBe(403);
    }
    expect((await user.post(`/api/admin/orders/${sent.id}/invoice`, confirmed())).status).toBe(403);
    // Without the CSRF token a state change is refused before anything else.
    expect((await admin.post(`/api/admin/orders/${sent.id}/invoice`, confirmed(), { csrf: false })).status).toBe(403);
    const [none] = await ctx.database.db
      .select({ n: count() })
      .from(invoices)
      .where(and(eq(invoices.orderId, sent.id)));
    expect(none?.n).toBe(0);
  });
});
