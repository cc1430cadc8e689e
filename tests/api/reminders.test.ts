// Reminders on both databases, on an injected clock: each invoice's step of the schedule goes out once, never after
// payment, never to a customer whose reminders the staff stopped (and again once resumed); nothing at night; a waiting
// quote's reminder before its last day and its expiry in the history, once; the schedule's timer runs a round at
// start; the today list's WhatsApp link carries the reminder; the route refuses bad input and answers 404 for nobody.
import { and, asc, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import type { CustomerRecord } from '#domains/customer/model.ts';
import type { AdminOrderDetails } from '#domains/order-file/schema.ts';
import type { TodayList } from '#domains/order-file/today.ts';
import { ReminderSchedule } from '#domains/reminder/service.server.ts';
import { remindersSent } from '#domains/reminder/tables.ts';
import { outbox } from '#platform/mail/tables.ts';
import { TestClock } from '#tests/support/clock.ts';
import { databaseKinds } from '#tests/support/databases.ts';
import { browserLine } from '#tests/support/enquiry.ts';
import {
  ownCustomers,
  QUOTE_LINES,
  quoteBody,
  type Sent,
  SHOP_PAYMENTS,
  type StaffApp,
  steps,
  useStaffApp,
} from '#tests/support/staff-app.ts';

/** 10:00 in India on a day of March 2031 (the 3rd is a Monday). */
const at = (day: number, hour = 10) => Date.UTC(2031, 2, day, hour - 5, 30);

describe.each(databaseKinds())('reminders on %s', (kind) => {
  let { ctx, ids, admin, visitor } = {} as StaffApp;
  const clock = new TestClock(at(3));
  const customer = ownCustomers('remind');
  let paid: Sent & { email: string };
  let owing: Sent & { email: string };
  let disputed: Sent & { email: string };
  let quoted: Sent & { email: string };

  const run = () => ctx.services.reminders.runDue();
  const mailsTo = (email: string) => ctx.database.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(asc(outbox.id));
  const reminderMails = async (email: string) =>
    (await mailsTo(email)).filter((mail) => /reminder|valid until/i.test(mail.subject));
  const historyOf = async (id: number) => {
    ({ admin } = await steps.signInAgain(ctx));
    const response = await admin.get<AdminOrderDetails>(`/api/admin/orders/${id}`);
    expect(response.status).toBe(200);
    return response.body.history.map((entry) => [entry.action, entry.actor]);
  };
  /** 2 cartons of 8-inch plates at ₹560.00 + 5% GST + ₹50.00 delivery = ₹1,176.00 + ₹52.50 = ₹1,228.50, so ₹1,229.00. */
  const invoiced = async (phone: string) => {
    const sent = await customer(visitor, [browserLine(ids, 'Areca Leaf Round Plate', '8 inch', 2)], { customerPhone: phone });
    await steps.invoice(admin, sent.id, {
      confirmed: { lines: [QUOTE_LINES[0]], delivery: '50.00', placeOfSupply: '32', customerGstin: null },
    });
    return sent;
  };
  const stop = (id: number, stopped: boolean) =>
    admin.request<{ remindersStopped: unknown }>('PUT', `/api/admin/customers/${id}/reminders`, { payload: { stopped } });

  useStaffApp(kind, { clock, config: { payments: SHOP_PAYMENTS } }, (app) => ({ ctx, ids, admin, visitor } = app));
  beforeAll(async () => {
    // Monday 3 March 2031: three invoices of ₹1,229.00, due in 7 days on Monday 10 March.
    paid = await invoiced('9847000101');
    owing = await invoiced('+91 98470 00102');
    disputed = await invoiced('09847000103');
    // A quote valid until Friday 7 March.
    quoted = await customer(visitor, [browserLine(ids, 'Areca Leaf Round Plate', '8 inch', 2)], { customerPhone: '9847000104' });
    await steps.quote(admin, quoted.id, quoteBody(clock, { lines: [QUOTE_LINES[0]], validUntil: '2031-03-07' }));
    // Three invoices' PDFs are drawn here: on a busy machine that takes longer than a hook's minute.
  }, 180_000);

  it('sends nothing on the invoice’s day, and the step 3 days before the due date once, on its day', async () => {
    expect(await run()).toEqual({ invoices: 0, quotes: 0, expired: 0 });
    clock.set(at(6));
    expect((await run()).invoices).toBe(0);
    // Friday 7 March: 3 days before the due date.
    clock.set(at(7));
    expect((await run()).invoices).toBe(3);
    expect((await run()).invoices).toBe(0);
    const [mail, ...more] = await reminderMails(owing.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toMatch(/^Payment reminder: ₹1,229\.00 due on invoice GL\/2030-31\/\d{4}$/);
    expect(mail!.text).toContain(`₹1,229.00 is still to pay on our tax invoice`);
    expect(mail!.text).toContain(`for your order #${owing.displayId}: it is due on Monday 10 March 2031.`);
    // The ways to pay, as the invoice's e-mail gives them: UPI for the balance and the bank transfer.
    expect(mail!.text).toContain('Pay ₹1,229.00 by UPI: upi://pay?');
    expect(mail!.text).toContain('By bank transfer to');
    expect(mail!.text).toContain('account 12345678901234, IFSC FDRL0001234');
    expect(mail!.attachments?.map((file) => file.filename)).toEqual(['upi-qr.png']);
    expect(await historyOf(owing.id)).toContainEqual(['payment-reminder', 'reminder schedule']);
  });

  it('sends none once paid, none to a stopped customer, and catches up once resumed', async () => {
    clock.set(at(8));
    ({ admin } = await steps.signInAgain(ctx));
    const payment = await admin.post(`/api/admin/orders/${paid.id}/payments`, {
      amount: '1229.00',
      method: 'upi',
      receivedOn: '2031-03-08',
      reference: '412345678901',
    });
    expect(payment.status, JSON.stringify(payment.body)).toBe(201);
    const stopped = await stop(disputed.id, true);
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
    expect(stopped.body.remindersStopped).toMatchObject({ by: 'staff_admin' });
    expect((await admin.get<CustomerRecord>(`/api/admin/customers/${disputed.id}`)).body.remindersStopped).toMatchObject({
      by: 'staff_admin',
    });
    // Monday 10 March, the due date: only the customer who owes and is not stopped.
    clock.set(at(10));
    expect((await run()).invoices).toBe(1);
    expect((await reminderMails(owing.email)).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/due on invoice/),
      expect.stringMatching(/^Payment reminder: ₹1,229\.00 due on invoice/),
    ]);
    expect(await reminderMails(paid.email)).toHaveLength(1);
    expect(await reminderMails(disputed.email)).toHaveLength(1);
    // Thursday 17 March, at 9 at night: nobody is chased at night; at 10 the next morning the 7-day step.
    clock.set(at(17, 21));
    expect((await run()).invoices).toBe(0);
    clock.set(at(18));
    expect((await run()).invoices).toBe(1);
    const overdue = (await reminderMails(owing.email)).at(-1)!;
    expect(overdue.subject).toMatch(/^Payment reminder: ₹1,229\.00 overdue on invoice/);
    expect(overdue.text).toContain('it was due on Monday 10 March 2031, 8 days ago.');
    // Resumed: the step reached now (7 days after), once; the steps missed while stopped are not sent.
    ({ admin } = await steps.signInAgain(ctx));
    expect((await stop(disputed.id, false)).body.remindersStopped).toBeNull();
    expect((await run()).invoices).toBe(1);
    expect((await run()).invoices).toBe(0);
    const steps_ = await ctx.database.db
      .select({ step: remindersSent.step })
      .from(remindersSent)
      .where(and(eq(remindersSent.orderId, disputed.id), eq(remindersSent.kind, 'invoice')))
      .orderBy(asc(remindersSent.id));
    expect(steps_.map((row) => row.step)).toEqual(['-3', '7']);
    const history = await historyOf(disputed.id);
    expect(history.filter(([action]) => action === 'reminders-stopped' || action === 'reminders-resumed')).toEqual([
      ['reminders-resumed', 'staff_admin'],
      ['reminders-stopped', 'staff_admin'],
    ]);
  });

  it('reminds of a waiting quote before its last day once, and records its expiry once', async () => {
    const quoteMails = async () => (await reminderMails(quoted.email)).filter((mail) => /^Your quote/.test(mail.subject));
    const quoteSteps = async () =>
      (await historyOf(quoted.id)).filter(([action]) => action === 'quote-reminder' || action === 'quote-expired');
    // No round ran on 5 or 6 March before it; the round of Friday 7 March, its last day, sent it.
    const [mail, ...more] = await quoteMails();
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Your quote Q-' + quoted.displayId + '-1 is valid until Friday 7 March 2031');
    expect(mail!.text).toContain('is waiting for your answer: it can be accepted until Friday 7 March 2031.');
    expect(mail!.text).toContain('See, download or accept the quote: http');
    // Saturday 8 March onwards: expired, recorded once, whatever the hour.
    expect(await quoteSteps()).toEqual([
      ['quote-expired', 'reminder schedule'],
      ['quote-reminder', 'reminder schedule'],
    ]);
    clock.set(at(19, 23));
    expect((await run()).expired).toBe(0);
    expect(await quoteMails()).toHaveLength(1);
    const status = await visitor.get<{ quotes: Array<{ status: string }> }>(`/api/enquiries/status/${quoted.statusToken}`);
    expect(status.body.quotes.map((quote) => quote.status)).toEqual(['expired']);
  });

  it('sends a quote’s reminder from N days before its last day, and not on the day it was sent', async () => {
    clock.set(at(20));
    ({ admin } = await steps.signInAgain(ctx));
    const sent = await customer(visitor, [browserLine(ids, 'Areca Leaf Round Plate', '8 inch', 1)]);
    // Valid until Saturday 22 March: 2 days away, but sent today.
    await steps.quote(admin, sent.id, quoteBody(clock, { lines: [QUOTE_LINES[0]], validUntil: '2031-03-22' }));
    expect((await run()).quotes).toBe(0);
    clock.set(at(21));
    expect((await run()).quotes).toBe(1);
    expect((await run()).quotes).toBe(0);
  });

  it('runs a round when the schedule starts, and stops with it', async () => {
    clock.set(at(26));
    ({ admin } = await steps.signInAgain(ctx));
    const late = await invoiced('9847000105');
    // Due 2 April: the step 3 days before on 30 March.
    clock.set(at(30));
    const schedule = new ReminderSchedule(ctx.services.reminders, ctx.services.settings);
    schedule.start();
    await vi.waitFor(async () => expect(await reminderMails(late.email)).toHaveLength(1), { timeout: 15_000, interval: 100 });
    await schedule.stop();
  });

  it('puts the reminder in the today list’s WhatsApp link: the phone in international form, the amount and the status link', async () => {
    ({ admin } = await steps.signInAgain(ctx));
    const today = await admin.get<TodayList>('/api/admin/today');
    expect(today.status).toBe(200);
    const item = today.body.overdue.find((row) => row.id === owing.id)!;
    expect(item).toMatchObject({ displayId: owing.displayId, balance: 1_229_00, dueOn: '2031-03-10' });
    const link = new URL(item.whatsapp!);
    expect(`${link.origin}${link.pathname}`).toBe('https://wa.me/919847000102');
    const text = link.searchParams.get('text')!;
    expect(text).toContain(`₹1,229.00 is still to pay on our tax invoice`);
    expect(text).toContain('it was due on Monday 10 March 2031, 20 days ago.');
    expect(text).toContain(`order's page: http://localhost:3000/enquiry/${owing.statusToken}\n`);
    // Paid: not in the list.
    expect(today.body.overdue.some((row) => row.id === paid.id)).toBe(false);
  });

  it('refuses bad input to the stop route and answers 404 for a customer who is not there', async () => {
    ({ admin } = await steps.signInAgain(ctx));
    for (const body of [{}, { stopped: 'yes' }, { stopped: true, extra: 1 }]) {
      const response = await admin.request('PUT', `/api/admin/customers/${owing.id}/reminders`, { payload: body });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await stop(999_999, true)).status).toBe(404);
    expect((await admin.request('PUT', '/api/admin/customers/abc/reminders', { payload: { stopped: true } })).status).toBe(400);
    // Nothing from the reminders reached another customer's inbox.
    const strangers = await ctx.database.db.select().from(outbox).where(like(outbox.subject, 'Payment reminder%'));
    expect(strangers.every((mail) => mail.to.startsWith('remind'))).toBe(true);
  });
});
