// POST /api/admin/bank-statements and the credits' confirm, on both databases: a statement of each bank (Federal
// Bank and ICICI as .xlsx, HDFC as CSV, SBI tab-separated; Malayalam and commas in the narrations) answered with the
// matches worked out by hand; the same file twice changes nothing; a confirm twice (one after the other, or at the same
// moment) records one payment; a credit split over two invoices, part of one, changed to another invoice; a UTR
// recorded by hand is "already recorded"; amounts above the credit or above what an invoice owes refused; bad files
// 400 with a clear message; the staff role allowed, a customer and a visitor refused.
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import type { BankId } from '#domains/bank/model.ts';
import type { BankCreditPage, BankCreditView, BankStatementUpload } from '#domains/bank/schema.ts';
import { bankCredits } from '#domains/bank/tables.ts';
import type { OrderInvoice } from '#domains/invoice/model.ts';
import { invoices, payments } from '#domains/invoice/tables.ts';
import { istDate } from '#lib/india-time.ts';
import { toDecimalString } from '#lib/money.ts';
import { outbox } from '#platform/mail/tables.ts';
import { type FixtureRow, statementFile } from '#tests/fixtures/bank-statements.ts';
import { Client, STRONG_PASSWORD } from '#tests/support/accounts.ts';
import { TestClock } from '#tests/support/clock.ts';
import { databaseKinds } from '#tests/support/databases.ts';
import { browserLine } from '#tests/support/enquiry.ts';
import { multipart } from '#tests/support/multipart.ts';
import { ownCustomers, quoteBody, type StaffApp, steps, useStaffApp } from '#tests/support/staff-app.ts';
import { accountWithTwoFactor, signInWithCode } from '#tests/support/two-factor.ts';

/** 10 December 2030, noon in India. */
const START = Date.UTC(2030, 11, 10, 6, 30);
const TODAY = '2030-12-10';
/** Each invoice: 3 cartons of 8-inch plates and 2 of cups, quoted and accepted: ₹2,437.00 with GST. */
const TOTAL = 2_437_00;

describe.each(databaseKinds())('bank statements on %s', (kind) => {
  let { ctx, ids, admin, user, visitor } = {} as StaffApp;
  const clock = new TestClock(START);
  const newCustomer = ownCustomers('banker');
  /** Invoices A to E, each ₹2,437.00, in the order they were issued. */
  const invoiced: Array<{ id: number; number: string; email: string }> = [];
  const number = (index: number) => invoiced[index]!.number;

  const upload = async (client: Client, bank: BankId, rows: FixtureRow[]) => {
    const file = await statementFile(bank, rows);
    return client.request<BankStatementUpload & { message?: string }>(
      'POST',
      '/api/admin/bank-statements',
      multipart([{ ...file, field: 'file' }]),
    );
  };
  const uploaded = async (bank: BankId, rows: FixtureRow[]) => {
    const response = await upload(admin, bank, rows);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };
  const confirm = (credit: BankCreditView, allocations: Array<{ invoice: string; amount: string }>) =>
    admin.post<BankCreditView & { message?: string }>(`/api/admin/bank-statements/credits/${credit.id}/confirm`, { allocations });
  /** The suggestion as the screen's one tap sends it. */
  const asSuggested = (credit: BankCreditView) =>
    credit.suggestion!.allocations.map((entry) => ({ invoice: entry.invoice, amount: toDecimalString(entry.amount) }));
  const position = async (index: number) =>
    (await admin.get<OrderInvoice>(`/api/admin/orders/${invoiced[index]!.id}/invoice`)).body.payment;
  const paymentsOf = async (index: number) => {
    const [invoice] = await ctx.database.db.select().from(invoices).where(eq(invoices.orderId, invoiced[index]!.id));
    return ctx.database.db.select().from(payments).where(eq(payments.invoiceId, invoice!.id)).orderBy(asc(payments.id));
  };
  const receipts = async (index: number) =>
    (await ctx.database.db.select().from(outbox).where(eq(outbox.to, invoiced[index]!.email))).filter((mail) =>
      mail.subject.startsWith('Payment received'),
    );

  useStaffApp(kind, { clock }, (app) => ({ ctx, ids, admin, user, visitor } = app));
  beforeAll(async () => {
    for (let i = 0; i < 5; i += 1) {
      const sent = await newCustomer(visitor, [
        browserLine(ids, 'Areca Leaf Round Plate', '8 inch', 3),
        browserLine(ids, 'Bagasse Cup 200 ml', null, 2),
      ]);
      await steps.quoteAndAccept({ admin, visitor }, sent, quoteBody(clock));
      const issued = await steps.invoice<OrderInvoice>(admin, sent.id);
      expect(issued.invoice.totals.total).toBe(TOTAL);
      invoiced.push({ id: sent.id, number: issued.invoice.number, email: sent.email });
    }
  });

  it('HDFC: a UPI credit naming its invoice, matched, confirmed in one tap once however often it is tapped', async () => {
    const rows: FixtureRow[] = [
      { day: TODAY, narration: 'POS 4021XXXX AMAZON, ആമസോൺ', debit: 4_720_00 },
      {
        day: TODAY,
        narration: `UPI-BANKER CUSTOMER 1-banker1@okaxis-FDRL0001234-412345678901-${number(0)}, അനിത മേനോൻ, Aluva`,
        reference: '0000412345678901',
        credit: TOTAL,
      },
      { day: TODAY, narration: 'CREDIT INTEREST, പലിശ', credit: 1_234_50 },
    ];
    const first = await uploaded('hdfc', rows);
    expect(first).toMatchObject({ bank: 'hdfc', bankName: 'HDFC Bank', added: 2, repeated: 0, debits: 1 });
    const [paid, interest] = first.credits as [BankCreditView, BankCreditView];
    expect(paid).toMatchObject({
      bookedOn: TODAY,
      amount: TOTAL,
      reference: '412345678901',
      method: 'upi',
      settlement: null,
      suggestion: {
        reason: 'invoice-number',
        allocations: [{ invoice: number(0), amount: TOTAL, balance: TOTAL, orderId: invoiced[0]!.id }],
      },
    });
    expect(paid.narration).toContain('അനിത മേനോൻ, Aluva');
    expect(interest).toMatchObject({ amount: 1_234_50, method: null, reference: null, suggestion: null });

    // The same file again: the same credits answered, nothing added.
    const before = await ctx.database.db.select().from(bankCredits);
    const again = await uploaded('hdfc', rows);
    expect(again).toMatchObject({ added: 0, repeated: 2 });
    expect(again.credits.map((credit) => credit.id)).toEqual([paid.id, interest.id]);
    expect(await ctx.database.db.select().from(bankCredits)).toEqual(before);

    // Two taps at the same moment, then a third: one payment, one receipt, the invoice paid.
    const taps = await Promise.all([confirm(paid, asSuggested(paid)), confirm(paid, asSuggested(paid))]);
    const late = await confirm(paid, asSuggested(paid));
    for (const tap of [...taps, late]) {
      expect(tap.status, JSON.stringify(tap.body)).toBe(200);
      expect(tap.body).toMatchObject({
        settlement: 'confirmed',
        payments: [{ invoice: number(0), amount: TOTAL }],
        unallocated: 0,
      });
    }
    expect(
      (await paymentsOf(0)).map(({ amount, method, reference, receivedOn }) => ({ amount, method, reference, receivedOn })),
    ).toEqual([{ amount: TOTAL, method: 'upi', reference: '412345678901', receivedOn: TODAY }]);
    expect(await receipts(0)).toHaveLength(1);
    expect(await position(0)).toMatchObject({ state: 'paid', balance: 0 });

    // The interest stays listed as open; the confirmed credit is among the settled.
    const open = await admin.get<BankCreditPage>('/api/admin/bank-statements/credits?state=open');
    expect(open.body.items.map((credit) => credit.id)).toContain(interest.id);
    expect(open.body.items.map((credit) => credit.id)).not.toContain(paid.id);
    const settled = await admin.get<BankCreditPage>('/api/admin/bank-statements/credits?state=settled');
    expect(settled.body.items.map((credit) => credit.id)).toContain(paid.id);
    // A credit with no UTR is recorded by hand: confirming it says so.
    const refused = await confirm(interest, [{ invoice: number(1), amount: '1234.50' }]);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'This credit carries no UPI or bank transfer UTR: record it on the invoice as a payment by hand',
    );
  });

  it('SBI: a NEFT credit matched by amount, changed to another invoice by the staff', async () => {
    const body = await uploaded('sbi', [
      {
        day: TODAY,
        narration: 'BY TRANSFER-NEFT*HDFC0000123*HDFCN52030121012345*BANKER CUSTOMER 3, ആലുവ',
        reference: 'TRANSFER FROM 99912345678',
        credit: TOTAL,
      },
    ]);
    expect(body).toMatchObject({ bank: 'sbi', added: 1, debits: 0 });
    const [credit] = body.credits as [BankCreditView];
    // B to E owe ₹2,437.00 each, all due the same day: B (the lowest number) suggested, C, D and E offered.
    expect(credit.reference).toBe('HDFCN52030121012345');
    expect(credit.suggestion).toMatchObject({
      reason: 'amount',
      allocations: [{ invoice: number(1), amount: TOTAL }],
      alternatives: [{ invoice: number(2) }, { invoice: number(3) }, { invoice: number(4) }],
    });
    // The staff know it is C's.
    const changed = await confirm(credit, [{ invoice: number(2), amount: '2,437.00' }]);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.payments).toEqual([{ orderId: invoiced[2]!.id, invoice: number(2), amount: TOTAL }]);
    expect(await position(2)).toMatchObject({ state: 'paid' });
    expect((await paymentsOf(2))[0]).toMatchObject({ method: 'bank-transfer', reference: 'HDFCN52030121012345' });
    expect(await position(1)).toMatchObject({ state: 'unpaid' });
  });

  it('Federal Bank (.xlsx): a UTR recorded by hand is already recorded; a credit naming two invoices is split', async () => {
    const byHand = await admin.post(`/api/admin/orders/${invoiced[3]!.id}/payments`, {
      amount: '1,000.00',
      method: 'upi',
      reference: '4123 4567 8999',
      receivedOn: TODAY,
    });
    expect(byHand.status).toBe(201);
    const body = await uploaded('federal', [
      { day: TODAY, narration: 'UPI IN/412345678999/banker4@okaxis/ഭാഗം, part', reference: 'S81234567', credit: 1_000_00 },
      {
        day: TODAY,
        narration: `UPI IN/412345670001/banker2@okaxis/${number(1).replace(/\//g, ' ')}, ${number(4)} ഹോട്ടൽ`,
        reference: 'S81234568',
        credit: 4_000_00,
      },
    ]);
    expect(body).toMatchObject({ bank: 'federal', bankName: 'Federal Bank', added: 2 });
    const [recorded, split] = body.credits as [BankCreditView, BankCreditView];
    expect(recorded).toMatchObject({
      settlement: 'already-recorded',
      payments: [{ invoice: number(3), amount: 1_000_00 }],
      suggestion: null,
    });
    expect(await paymentsOf(3)).toHaveLength(1);
    // ₹4,000.00: B takes its ₹2,437.00 and E the other ₹1,563.00 (both due the same day: B's number first).
    expect(split.suggestion).toMatchObject({
      reason: 'invoice-number',
      allocations: [
        { invoice: number(1), amount: TOTAL },
        { invoice: number(4), amount: 4_000_00 - TOTAL },
      ],
    });
    const done = await confirm(split, asSuggested(split));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.payments.map((payment) => [payment.invoice, payment.amount])).toEqual([
      [number(1), TOTAL],
      [number(4), 1_563_00],
    ]);
    expect(await position(1)).toMatchObject({ state: 'paid' });
    expect(await position(4)).toMatchObject({ state: 'part-paid', balance: 874_00 });
  });

  it('ICICI (.xlsx): part of an invoice; never above the credit, never above what an invoice owes', async () => {
    const body = await uploaded('icici', [
      { day: TODAY, narration: `MMT/IMPS/434512345678/${number(4)} ഭാഗം, part/BANKER CUS/FDRL0001234`, credit: 500_00 },
      { day: TODAY, narration: 'MMT/IMPS/434512345679/Payment, ആലുവ/BANKER CUS/SBIN0000880', credit: 3_000_00 },
    ]);
    expect(body).toMatchObject({ bank: 'icici', bankName: 'ICICI Bank', added: 2 });
    const [part, other] = body.credits as [BankCreditView, BankCreditView];
    expect(part.suggestion).toMatchObject({ reason: 'invoice-number', allocations: [{ invoice: number(4), amount: 500_00 }] });
    expect(other.suggestion).toBeNull();

    const above = await confirm(part, [{ invoice: number(4), amount: '874.00' }]);
    expect(above.status).toBe(400);
    expect(above.body.message).toBe('₹874.00 is more than the credit of ₹500.00');
    const missing = await confirm(part, [{ invoice: 'GL/2030-31/9999', amount: '500' }]);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('There is no invoice GL/2030-31/9999');
    expect((await confirm(part, asSuggested(part))).body).toMatchObject({ settlement: 'confirmed', unallocated: 0 });
    expect(await position(4)).toMatchObject({ balance: 374_00 });

    // ₹3,000.00 to A (paid already) is refused whole; to E's last ₹374.00, the rest left unallocated.
    const paidAlready = await confirm(other, [
      { invoice: number(4), amount: '374' },
      { invoice: number(0), amount: '100' },
    ]);
    expect(paidAlready.status).toBe(409);
    expect(paidAlready.body.message).toBe(`${number(0)}: Nothing is due on this invoice`);
    expect(await position(4)).toMatchObject({ balance: 374_00 });
    const overOwed = await confirm(other, [{ invoice: number(4), amount: '375' }]);
    expect(overOwed.status).toBe(409);
    expect(overOwed.body.message).toBe(`${number(4)}: ₹375.00 is more than the ₹374.00 still due on this invoice`);
    const last = await confirm(other, [{ invoice: number(4), amount: '374' }]);
    expect(last.body).toMatchObject({ settlement: 'confirmed', unallocated: 2_626_00 });
    expect(await position(4)).toMatchObject({ state: 'paid' });
  });

  it('refuses what is not a statement, each with a clear message', async () => {
    const send = (bytes: Buffer, filename = 'statement.csv', field = 'file') =>
      admin.request<{ message: string }>(
        'POST',
        '/api/admin/bank-statements',
        multipart([{ filename, type: 'text/csv', bytes, field }]),
      );
    const cases: Array<[Promise<{ status: number; body: { message: string } }>, RegExp]> = [
      [send(Buffer.from('name,price\nPlate,12\n')), /^This file is not a statement export we can read/],
      [send(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0]), 'old.xls'), /old Excel \(\.xls\) file/],
      [send(Buffer.from('PK\u0003\u0004garbage', 'latin1'), 'x.xlsx'), /could not be opened/],
      [send(Buffer.from('')), /No statement received/],
      [send(Buffer.from('a'), 'x.csv', 'images'), /field file/],
      [admin.post('/api/admin/bank-statements', { file: 'x' }), /multipart\/form-data/],
    ];
    for (const [answer, message] of cases) {
      const { status, body } = await answer;
      expect(status).toBe(400);
      expect(body.message).toMatch(message);
    }
    expect((await admin.get('/api/admin/bank-statements/credits?state=paid')).status).toBe(400);
    expect((await admin.post('/api/admin/bank-statements/credits/999999/confirm', { allocations: [] })).status).toBe(404);
  });

  it('is open to the staff role; a customer and a visitor are refused', async () => {
    const { manualEntryKey } = await accountWithTwoFactor(ctx, { username: 'mini_staff', role: 'staff' }, clock);
    const staff = new Client(ctx.app);
    await signInWithCode(staff, 'mini_staff', STRONG_PASSWORD, manualEntryKey, clock);
    const rows: FixtureRow[] = [{ day: TODAY, narration: 'CASH DEPOSIT ALUVA, ആലുവ', credit: 5_000_00 }];
    expect((await upload(staff, 'hdfc', rows)).status).toBe(200);
    expect((await staff.get('/api/admin/bank-statements/credits')).status).toBe(200);
    expect((await upload(user, 'hdfc', rows)).status).toBe(403);
    expect((await upload(new Client(ctx.app), 'hdfc', rows)).status).toBe(401);
    expect((await new Client(ctx.app).get('/api/admin/bank-statements/credits')).status).toBe(401);
    expect(istDate(clock.now())).toBe(TODAY);
  });
});
