// What customers owe (GET /api/admin/customers/{id}/statement, GET /api/admin/reports/ageing), on both databases: one
// customer's three invoices, two part payments and a credit note across the financial year's end and a month's end,
// worked by hand; the statement as JSON and as a PDF read back; the ageing list and its CSV against the same figures;
// the today list's overdue step reading the same rule; bad periods answered 400, unknown customers 404.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import type { AgeingReport } from '#domains/statement/ageing.ts';
import type { CustomerStatement, StatementSent } from '#domains/statement/model.ts';
import { istDate } from '#lib/india-time.ts';
import type { AdminPage } from '#lib/schemas/list.ts';
import { outbox } from '#platform/mail/tables.ts';
import { Client, STRONG_PASSWORD } from '#tests/support/accounts.ts';
import { TestClock } from '#tests/support/clock.ts';
import { databaseKinds } from '#tests/support/databases.ts';
import { browserLine, enquiryPayload } from '#tests/support/enquiry.ts';
import { expectShows, pdfText } from '#tests/support/pdf.ts';
import { QUOTE_LINES, type Sent, type StaffApp, steps, useStaffApp } from '#tests/support/staff-app.ts';

/** 10:00 in India on a day of 2031. */
const at = (month: number, day: number) => Date.UTC(2031, month - 1, day, 4, 30);
const NAME = 'അനിത മേനോൻ';

describe.each(databaseKinds())('statements and ageing on %s', (kind) => {
  let { ctx, ids, admin, user } = {} as StaffApp;
  const clock = new TestClock(at(3, 20));
  const anitha: Sent[] = [];
  let biju: Sent;

  /** On the day given: the staff signed in afresh (a staff session ends hours after sign-in). */
  const onDay = async (month: number, day: number) => {
    clock.set(at(month, day));
    ({ admin } = await steps.signInAgain(ctx));
  };
  const enquiry = (customerName: string, customerEmail: string, customerPhone: string) =>
    steps.enquiry(
      new Client(ctx.app),
      enquiryPayload([browserLine(ids, 'Areca Leaf Round Plate', '8 inch', 2)], { customerName, customerEmail, customerPhone }),
    );
  /** 2 cartons at `price`, ₹50.00 delivery, in Kerala at 5%. */
  const invoice = (sent: Sent, price: string) =>
    steps.invoice(admin, sent.id, {
      confirmed: { lines: [{ ...QUOTE_LINES[0], price }], delivery: '50.00', placeOfSupply: '32', customerGstin: null },
    });
  const post = async (path: string, body: Record<string, unknown>) => {
    const response = await admin.post(path, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
  };
  /** A payment received today against the enquiry's invoice. */
  const pay = (sent: Sent, amount: string, method: string, reference: string) =>
    post(`/api/admin/orders/${sent.id}/payments`, { amount, method, receivedOn: istDate(clock.now()), reference });
  const statement = async (query: string) => {
    const response = await admin.get<CustomerStatement>(`/api/admin/customers/${anitha[0]!.id}/statement?${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };

  useStaffApp(kind, { clock }, (app) => ({ ctx, ids, admin, user } = app));
  beforeAll(async () => {
    // 20 March 2031: 2 × ₹600.00 + ₹60.00 GST + ₹50.00 delivery + ₹2.50 = ₹1,312.50, rounded to ₹1,313.00.
    anitha.push(await enquiry(NAME, 'anitha@example.in', '9847000001'));
    await invoice(anitha[0]!, '600.00');
    await onDay(3, 31);
    await pay(anitha[0]!, '500.00', 'upi', '112233445566');
    // 1 April, the new financial year: a second invoice of ₹1,313.00.
    await onDay(4, 1);
    anitha.push(await enquiry(NAME, 'anitha@example.in', '9847000001'));
    await invoice(anitha[1]!, '600.00');
    // 2 April: a carton back from the first invoice, ₹600.00 + ₹30.00 GST = ₹630.00.
    await onDay(4, 2);
    await post(`/api/admin/orders/${anitha[0]!.id}/credit-notes`, {
      reason: 'One carton damaged',
      lines: [{ line: 1, quantity: 1 }],
    });
    // 30 April: 2 × ₹700.00 + ₹70.00 + ₹50.00 + ₹2.50 = ₹1,522.50, rounded to ₹1,523.00.
    await onDay(4, 30);
    anitha.push(await enquiry(NAME, 'anitha@example.in', '9847000001'));
    await invoice(anitha[2]!, '700.00');
    // 1 May: ₹1,000.00 by bank transfer against the second invoice.
    await onDay(5, 1);
    await pay(anitha[1]!, '1000.00', 'bank-transfer', 'FDRLN31121000123');
    // 5 June: another customer's ₹1,313.00, due 12 June.
    await onDay(6, 5);
    biju = await enquiry('Biju Thomas', 'biju@example.in', '9847000009');
    await invoice(biju, '600.00');
    await onDay(6, 10);
  });

  it('runs the balance from the opening balance on 1 April to the closing balance on 31 May, to the paisa', async () => {
    const body = await statement('from=2031-04-01&to=2031-05-31');
    expect(body.customer).toMatchObject({ id: anitha[0]!.id, name: NAME, email: 'anitha@example.in' });
    // ₹1,313.00 invoiced less ₹500.00 paid in March.
    expect(body.openingBalance).toBe(81_300);
    expect(
      body.entries.map((entry) => [entry.date, entry.kind, entry.reference, entry.debit, entry.credit, entry.balance]),
    ).toEqual([
      ['2031-04-01', 'invoice', 'GL/2031-32/0001', 131_300, 0, 212_600],
      ['2031-04-02', 'credit-note', 'CN/2031-32/0001', 0, 63_000, 149_600],
      ['2031-04-30', 'invoice', 'GL/2031-32/0002', 152_300, 0, 301_900],
      ['2031-05-01', 'payment', 'Bank transfer FDRLN31121000123', 0, 100_000, 201_900],
    ]);
    // What the three invoices still have to pay: 1,313 − 630 − 500 = 183.00; 1,313 − 1,000 = 313.00; 1,523.00.
    expect(body.closingBalance).toBe(18_300 + 31_300 + 152_300);
    const record = await admin.get<{ outstanding: number }>(`/api/admin/customers/${anitha[0]!.id}`);
    expect(record.body.outstanding).toBe(body.closingBalance);
  });

  it('runs from 1 April of this financial year to today when no period is given', async () => {
    const body = await statement('');
    expect([body.from, body.to]).toEqual(['2031-04-01', '2031-06-10']);
    const march = await statement('from=2031-03-01&to=2031-03-31');
    expect(march.openingBalance).toBe(0);
    expect(march.entries.map((entry) => [entry.reference, entry.balance])).toEqual([
      ['GL/2030-31/0001', 131_300],
      ['UPI 112233445566', 81_300],
    ]);
  });

  it('prints the statement as a PDF in the documents’ layout, the Malayalam name as written', async () => {
    const response = await admin.download(
      `/api/admin/customers/${anitha[0]!.id}/statement?from=2031-04-01&to=2031-05-31&format=pdf`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="statement-${anitha[0]!.id}-2031-04-01-2031-05-31.pdf"`,
    );
    const text = pdfText(new Uint8Array(response.rawPayload));
    expectShows(text, [
      'STATEMENT OF ACCOUNT',
      '1 April 2031 to 31 May 2031',
      NAME,
      'Opening balance',
      '₹813.00',
      'Invoice GL/2031-32/0001',
      'Credit note CN/2031-32/0001 against GL/2030-31/0001',
      'Payment received Bank transfer FDRLN31121000123',
      '₹2,019.00',
      'Closing balance',
      'Amount due: ₹2,019.00',
    ]);
  });

  it('e-mails the statement with its PDF on request, once however often the same request comes', async () => {
    const id = anitha[0]!.id;
    const send = (key: string, period: Record<string, string>) =>
      admin.post<StatementSent>(`/api/admin/customers/${id}/statement/email`, period, { headers: { 'idempotency-key': key } });
    const statements = async () =>
      (await ctx.database.db.select().from(outbox).where(eq(outbox.to, 'anitha@example.in'))).filter((mail) =>
        mail.subject.startsWith('Statement of account'),
      );
    const period = { from: '2031-04-01', to: '2031-05-31' };
    // A double click and a retry: three requests with one key, two of them at once.
    const [first, second] = await Promise.all([send('statement-mail-key-0001', period), send('statement-mail-key-0001', period)]);
    const retry = await send('statement-mail-key-0001', period);
    for (const response of [first!, second!, retry]) {
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body).toEqual({ sentTo: 'anitha@example.in', ...period });
    }
    const [mail, ...more] = await statements();
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Statement of account, 1 April 2031 to 31 May 2031');
    expectShows(mail!.text, [`Dear ${NAME},`, 'Amount due: ₹2,019.00', '1 May 2031: Payment received', '₹2,019.00']);
    expect(mail!.attachments?.map((file) => file.filename)).toEqual([`statement-${id}-2031-04-01-2031-05-31.pdf`]);
    expectShows(pdfText(Buffer.from(mail!.attachments![0]!.base64, 'base64')), ['STATEMENT OF ACCOUNT', 'Closing balance']);
    // The same key for another period is refused; a new key is a new e-mail.
    expect((await send('statement-mail-key-0001', { from: '2031-04-01' })).status).toBe(422);
    expect((await send('statement-mail-key-0002', {})).body).toEqual({
      sentTo: 'anitha@example.in',
      from: '2031-04-01',
      to: '2031-06-10',
    });
    expect(await statements()).toHaveLength(2);
    const history = await ctx.services.audit.history('customer', id);
    expect(history.map((entry) => entry.action)).toEqual(['statement-sent', 'statement-sent']);
    const noCsrf = await admin.request('POST', `/api/admin/customers/${id}/statement/email`, { payload: {}, csrf: false });
    expect(noCsrf.status).toBe(403);
  });

  it('ages each customer’s open invoices past their due dates, with totals, as JSON and CSV', async () => {
    const response = await admin.get<AgeingReport>('/api/admin/reports/ageing');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const report = response.body;
    expect(report.asOf).toBe('2031-06-10');
    // Due 27 March (75 days past), 8 April (63) and 7 May (34); Biju's due 12 June.
    expect(report.customers).toEqual([
      {
        id: anitha[0]!.id,
        name: NAME,
        invoices: 3,
        notDue: 0,
        days1to30: 0,
        days31to60: 152_300,
        days61to90: 49_600,
        over90: 0,
        total: 201_900,
      },
      {
        id: biju.id,
        name: 'Biju Thomas',
        invoices: 1,
        notDue: 131_300,
        days1to30: 0,
        days31to60: 0,
        days61to90: 0,
        over90: 0,
        total: 131_300,
      },
    ]);
    expect(report.totals).toEqual({
      notDue: 131_300,
      days1to30: 0,
      days31to60: 152_300,
      days61to90: 49_600,
      over90: 0,
      total: 333_200,
    });

    const csv = await admin.download('/api/admin/reports/ageing?format=csv');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="ageing-2031-06-10.csv"');
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toEqual([
      'Customer id,Customer,Open invoices,Not yet due,1-30 days,31-60 days,61-90 days,Over 90 days,Total',
      `${anitha[0]!.id},${NAME},3,0.00,0.00,1523.00,496.00,0.00,2019.00`,
      `${biju.id},Biju Thomas,1,1313.00,0.00,0.00,0.00,0.00,1313.00`,
      ',Total,4,1313.00,0.00,1523.00,496.00,0.00,3332.00',
    ]);
  });

  it('the today list’s overdue step holds the invoices the ageing list puts past due, and no others', async () => {
    const overdue = await admin.get<AdminPage<{ id: number }>>('/api/admin/orders?step=overdue&page=1');
    expect(overdue.body.items.map((order) => order.id).sort((a, b) => a - b)).toEqual(anitha.map((sent) => sent.id));
    // On its due date Biju's invoice is not yet overdue; the day after it is, in both.
    await onDay(6, 12);
    expect((await admin.get<AgeingReport>('/api/admin/reports/ageing')).body.totals.notDue).toBe(131_300);
    expect((await admin.get<AdminPage<{ id: number }>>('/api/admin/orders?step=overdue&page=1')).body.total).toBe(3);
    await onDay(6, 13);
    expect((await admin.get<AgeingReport>('/api/admin/reports/ageing')).body.totals.days1to30).toBe(131_300);
    expect((await admin.get<AdminPage<{ id: number }>>('/api/admin/orders?step=overdue&page=1')).body.total).toBe(4);
  });

  it('refuses a period that is not one with 400, an unknown customer with 404, and anyone but the staff', async () => {
    const id = anitha[0]!.id;
    const bad = async (query: string, message: string) => {
      const response = await admin.get(`/api/admin/customers/${id}/statement?${query}`);
      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body)).toContain(message);
    };
    await bad('from=2031-02-30', "'from' is not a real date");
    await bad('to=yesterday', "'to' must be a date like 2026-11-23");
    await bad('from=2031-05-01&to=2031-04-01', "'to' must not be before 'from'");
    await bad('format=xls', "'format' must be json or pdf");
    expect((await admin.get('/api/admin/reports/ageing?format=pdf')).status).toBe(400);
    expect((await admin.get('/api/admin/customers/999999/statement')).status).toBe(404);
    // A later enquiry of a customer is not their address.
    expect((await admin.get(`/api/admin/customers/${anitha[1]!.id}/statement`)).status).toBe(404);
    expect((await new Client(ctx.app).get(`/api/admin/customers/${id}/statement`)).status).toBe(401);
    expect((await new Client(ctx.app).get('/api/admin/reports/ageing')).status).toBe(401);
  });

  it('a signed-in customer reads their own statement: only what they sent signed in, as JSON and PDF', async () => {
    // Signed in afresh: the session of the start has ended in the months since.
    user = new Client(ctx.app);
    await user.signIn('plain_user', STRONG_PASSWORD);
    // Nothing sent while signed in yet.
    expect((await user.get('/api/account/statement')).status).toBe(404);
    // Signed in with Anitha's e-mail: one customer record for the staff, but her guest invoices are not this account's.
    const own = await steps.enquiry(
      user,
      enquiryPayload([browserLine(ids, 'Areca Leaf Round Plate', '8 inch', 2)], {
        customerName: NAME,
        customerEmail: 'anitha@example.in',
        customerPhone: '9847000001',
      }),
    );
    await invoice(own, '600.00');
    const response = await user.get<CustomerStatement>('/api/account/statement');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.entries.map((entry) => [entry.kind, entry.amount])).toEqual([['invoice', 131_300]]);
    expect(response.body.closingBalance).toBe(131_300);
    const pdf = await user.download('/api/account/statement?format=pdf');
    expect(pdf.statusCode).toBe(200);
    expectShows(pdfText(new Uint8Array(pdf.rawPayload)), ['STATEMENT OF ACCOUNT', 'Amount due: ₹1,313.00']);
    expect((await user.get('/api/account/statement?from=2031-07-01&to=2031-06-01')).status).toBe(400);
    expect((await new Client(ctx.app).get('/api/account/statement')).status).toBe(401);
    // The staff's statement of the customer record has both.
    expect((await statement('')).closingBalance).toBe(201_900 + 131_300);
  });
});
