// The staff's today list, on both databases: GET /api/admin/today counts each step, and names the enquiries to reply to
// in the order of the reply promised to each customer (the shop's hours, domains/enquiry/reply-promise.ts), and GET
// /api/admin/orders?step=… lists each step's enquiries, the most urgent first, paged on the server, checked by the
// shared schema.
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { replyBy } from '#domains/enquiry/reply-promise.ts';
import { orders } from '#domains/enquiry/tables.ts';
import type { AdminOrder } from '#domains/order-file/schema.ts';
import { TODAY_REPLIES_SHOWN, type TodayList } from '#domains/order-file/today.ts';
import { quotes } from '#domains/quote/tables.ts';
import { addDays, istDate } from '#lib/india-time.ts';
import { toDecimalString } from '#lib/money.ts';
import type { AdminPage } from '#lib/schemas/list.ts';
import { Client, STRONG_PASSWORD } from '#tests/support/accounts.ts';
import { DAY, TestClock } from '#tests/support/clock.ts';
import { databaseKinds } from '#tests/support/databases.ts';
import { browserLine, enquiryPayload } from '#tests/support/enquiry.ts';
import { QUOTE_LINES, quoteBody, type Sent, type StaffApp, steps, useStaffApp } from '#tests/support/staff-app.ts';
import { accountWithTwoFactor, signInWithCode } from '#tests/support/two-factor.ts';

/** Tuesday 26 November 2030, 10:00 in India (04:30 UTC): the shop is open. */
const NOW = Date.UTC(2030, 10, 26, 4, 30);
const IST = 5.5 * 60 * 60 * 1000;
/** A moment given as India's wall clock. */
const india = (day: number, hours: number, minutes = 0) => Date.UTC(2030, 10, day, hours, minutes) - IST;

describe.each(databaseKinds())('the today list on %s', (kind) => {
  let { ctx, ids, admin, user, visitor } = {} as StaffApp;
  const clock = new TestClock(NOW - 10 * DAY);
  let customers = 0;
  const named: Record<string, Sent> = {};

  const signInAgain = async () => {
    ({ admin, visitor } = await steps.signInAgain(ctx));
  };
  const send = async (name: string) => {
    customers += 1;
    const payload = enquiryPayload([browserLine(ids, 'Areca Leaf Round Plate', '8 inch', 2)], {
      customerName: name,
      customerEmail: `today${customers}@example.in`,
      customerPhone: `98470${String(customers).padStart(5, '0')}`,
      deliveryLocation: '14/220 Temple Road, Edappally, Kochi, Kerala 682024',
    });
    named[name] = await steps.enquiry(visitor, payload);
    return named[name];
  };
  const quote = (sent: Sent, lastDay: string) =>
    steps.quote(admin, sent.id, quoteBody(clock, { lines: QUOTE_LINES.slice(0, 1), validUntil: lastDay }));
  const accept = (sent: Sent) => steps.accept(visitor, sent);
  const invoice = (sent: Sent) => steps.invoice<{ payment: { balance: number } }>(admin, sent.id);
  const setStatus = async (sent: Sent, status: string) => {
    const response = await admin.request('PATCH', `/api/admin/orders/${sent.id}/status`, { payload: { status } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  };
  const sentAt = (name: string, at: number) =>
    ctx.database.db
      .update(orders)
      .set({ createdAt: new Date(at) })
      .where(eq(orders.id, named[name]!.id));
  const step = async (name: string, extra = '') => {
    const response = await admin.get<AdminPage<AdminOrder>>(`/api/admin/orders?step=${name}${extra}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };
  const names = (page: AdminPage<AdminOrder>) => page.items.map((order) => order.customerName);

  useStaffApp(kind, { clock }, (app) => ({ ctx, ids, admin, user, visitor } = app));
  beforeAll(async () => {
    // Ten days before: an order invoiced then, unpaid, whose 7 days' terms ended on 23 November.
    const late = await send('Jaya (invoice overdue)');
    await quote(late, addDays(istDate(clock.now()), 7));
    await accept(late);
    await invoice(late);

    clock.set(NOW);
    await signInAgain();
    // Waiting for the first call: one sent a week ago (late), one on Monday at 18:01 (after closing: promised for
    // Wednesday 11 AM, two hours after opening), one on Tuesday at 9:30 (promised for Wednesday 9:30 AM).
    await send('Chitra (a week ago)');
    await send('Anil (Monday evening)');
    await send('Bindu (Tuesday morning)');
    await sentAt('Chitra (a week ago)', india(19, 12));
    await sentAt('Anil (Monday evening)', india(25, 18, 1));
    await sentAt('Bindu (Tuesday morning)', india(26, 9, 30));

    const waiting = await send('Dev (quote for a week)');
    await quote(waiting, addDays(istDate(clock.now()), 7));
    const expiring = await send('Esha (quote ends tomorrow)');
    await quote(expiring, addDays(istDate(clock.now()), 1));
    const accepted = await send('Faisal (accepted)');
    await quote(accepted, addDays(istDate(clock.now()), 7));
    await accept(accepted);
    await setStatus(await send('Gita (confirmed by phone)'), 'confirmed');
    const cancelled = await send('Lal (cancelled)');
    await setStatus(cancelled, 'confirmed');
    await setStatus(cancelled, 'cancelled');

    const unpaid = await send('Hari (invoiced, unpaid)');
    await quote(unpaid, addDays(istDate(clock.now()), 7));
    await accept(unpaid);
    await invoice(unpaid);
    const paid = await send('Indu (invoiced, paid)');
    await quote(paid, addDays(istDate(clock.now()), 7));
    await accept(paid);
    const { payment } = await invoice(paid);
    const paying = await admin.post(`/api/admin/orders/${paid.id}/payments`, {
      receivedOn: istDate(clock.now()),
      amount: toDecimalString(payment.balance),
      method: 'cash',
      reference: null,
    });
    expect(paying.status, JSON.stringify(paying.body)).toBe(201);
  });

  it('GET /api/admin/today counts each step and names the calls to make, by the time left on each promise', async () => {
    const response = await admin.get<TodayList>('/api/admin/today');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.counts).toEqual({
      'to-reply': 3,
      'awaiting-answer': 2,
      expiring: 1,
      'to-invoice': 2,
      unpaid: 2,
      overdue: 1,
      'refunds-due': 0,
      'to-dispatch': 3,
      'to-complete': 0,
    });
    // Bindu wrote later than Anil but is promised earlier: Wednesday 9:30 AM against 11 AM.
    expect(response.body.toReply).toEqual([
      {
        id: named['Chitra (a week ago)']!.id,
        displayId: named['Chitra (a week ago)']!.displayId,
        customerName: 'Chitra (a week ago)',
        customerPhone: expect.stringMatching(/^98470/),
        createdAt: new Date(india(19, 12)).toISOString(),
        replyBy: new Date(india(20, 12)).toISOString(),
        overdue: true,
        workingMinutesLeft: 0,
      },
      expect.objectContaining({
        customerName: 'Bindu (Tuesday morning)',
        replyBy: new Date(india(27, 9, 30)).toISOString(),
        overdue: false,
        // Tuesday 10:00 to 18:00 is 8 hours, Wednesday 9:00 to 9:30 half an hour.
        workingMinutesLeft: 8 * 60 + 30,
      }),
      expect.objectContaining({
        customerName: 'Anil (Monday evening)',
        replyBy: new Date(india(27, 11)).toISOString(),
        overdue: false,
        workingMinutesLeft: 10 * 60,
      }),
    ]);
  });

  it('each step lists its enquiries, the most urgent first', async () => {
    expect(names(await step('to-reply'))).toEqual(['Chitra (a week ago)', 'Bindu (Tuesday morning)', 'Anil (Monday evening)']);
    expect(names(await step('awaiting-answer'))).toEqual(['Esha (quote ends tomorrow)', 'Dev (quote for a week)']);
    expect(names(await step('expiring'))).toEqual(['Esha (quote ends tomorrow)']);
    expect(names(await step('to-invoice')).sort()).toEqual(['Faisal (accepted)', 'Gita (confirmed by phone)']);
    // The overdue invoice's terms ended first.
    expect(names(await step('unpaid'))).toEqual(['Jaya (invoice overdue)', 'Hari (invoiced, unpaid)']);
    expect(names(await step('overdue'))).toEqual(['Jaya (invoice overdue)']);
    expect(names(await step('to-dispatch'))).toEqual([
      'Jaya (invoice overdue)',
      'Hari (invoiced, unpaid)',
      'Indu (invoiced, paid)',
    ]);
  });

  it('a step is paged on the server and combines with the other filters', async () => {
    const second = await step('to-reply', '&page=2&pageSize=2');
    expect(names(second)).toEqual(['Anil (Monday evening)']);
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2, counts: { all: 3, unseen: 3, seen: 0 } });
    expect(names(await step('to-reply', '&q=Bindu'))).toEqual(['Bindu (Tuesday morning)']);
    expect((await step('to-dispatch', '&seen=true')).total).toBe(0);
  });

  it('a step moves on as the work is done: dispatched, an order leaves the list to dispatch', async () => {
    const before = (await step('to-dispatch')).total;
    await ctx.database.db
      .update(orders)
      .set({ status: 'shipped' })
      .where(inArray(orders.id, [named['Indu (invoiced, paid)']!.id]));
    expect((await step('to-dispatch')).total).toBe(before - 1);
    await ctx.database.db.update(orders).set({ status: 'processing' }).where(eq(orders.id, named['Indu (invoiced, paid)']!.id));
  });

  it('an order marked shipped without its invoice or without dispatch details waits to be completed', async () => {
    const dispatch = { transporter: 'Own vehicle', docketNumber: 'DC-2030', expectedOn: istDate(clock.now()) };
    const ship = async (sent: Sent, body: Record<string, unknown>) => {
      const response = await admin.request('PATCH', `/api/admin/orders/${sent.id}/status`, {
        payload: { status: 'shipped', ...body },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
    };
    const unbilled = await send('Kiran (shipped, no invoice)');
    await ship(unbilled, { dispatch });
    const bare = await send('Mala (shipped, no dispatch details)');
    await steps.invoice(admin, bare.id, {
      confirmed: { lines: QUOTE_LINES.slice(0, 1), delivery: '50.00', placeOfSupply: '32', customerGstin: null },
    });
    await ship(bare, {});
    const complete = await send('Nisha (shipped with both)');
    await steps.invoice(admin, complete.id, {
      confirmed: { lines: QUOTE_LINES.slice(0, 1), delivery: '50.00', placeOfSupply: '32', customerGstin: null },
    });
    await ship(complete, { dispatch });

    expect((await admin.get<TodayList>('/api/admin/today')).body.counts['to-complete']).toBe(2);
    expect(names(await step('to-complete'))).toEqual(['Kiran (shipped, no invoice)', 'Mala (shipped, no dispatch details)']);
    // The details given later complete it.
    await ship(bare, { dispatch });
    expect(names(await step('to-complete'))).toEqual(['Kiran (shipped, no invoice)']);
    await setStatus(unbilled, 'delivered');
    expect((await step('to-complete')).total).toBe(0);
  });

  it('an unknown step is refused with the choices; customers and visitors are refused; the staff role may use both', async () => {
    const wrong = await admin.get<{ message: string }>('/api/admin/orders?step=tomorrow');
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain(
      "'step' must be one of to-reply, awaiting-answer, expiring, to-invoice, unpaid, overdue, refunds-due, to-dispatch, to-complete",
    );
    expect((await user.get('/api/admin/today')).status).toBe(403);
    expect((await new Client(ctx.app).get('/api/admin/today')).status).toBe(401);

    const { manualEntryKey } = await accountWithTwoFactor(ctx, { username: 'today_staff', role: 'staff' }, clock);
    const staff = new Client(ctx.app);
    await signInWithCode(staff, 'today_staff', STRONG_PASSWORD, manualEntryKey, clock);
    expect((await staff.get<TodayList>('/api/admin/today')).body.counts['to-reply']).toBe(3);
    expect((await staff.get('/api/admin/orders?step=overdue')).status).toBe(200);
  });

  it('the enquiries to reply to are read a batch at a time and still come in the order of their promises', async () => {
    // 251 more waiting enquiries, oldest first: a Tuesday 9:30 AM, then a Monday at 18:01 and the next Tuesday at 9:30
    // AM of each earlier week. Each Tuesday's is promised for Wednesday 9:30 AM, before the Monday evening's (Wednesday
    // 11 AM): every pair is out of the order it was sent in, and one pair straddles the first hundred read.
    const monday = (weeksBack: number, hours: number, minutes: number) => india(25 - 7 * weeksBack, hours, minutes);
    const sentTimes = [monday(126, 24 + 9, 30)];
    for (let week = 125; week >= 1; week--) sentTimes.push(monday(week, 18, 1), monday(week, 24 + 9, 30));
    const added = await ctx.database.db
      .insert(orders)
      .values(
        sentTimes.map((at, index) => ({
          customerName: `Queued ${index}`,
          customerEmail: `queued${index}@example.in`,
          deliveryLocation: 'Kochi',
          subtotal: '100.00',
          tax: '0.00',
          total: '100.00',
          isGuest: true,
          createdAt: new Date(at),
        })),
      )
      .returning({ id: orders.id });
    try {
      // Waiting: still pending, with no quote sent.
      const waiting = await ctx.database.db
        .select({ id: orders.id, createdAt: orders.createdAt })
        .from(orders)
        .where(
          and(eq(orders.status, 'pending'), notInArray(orders.id, ctx.database.db.select({ id: quotes.orderId }).from(quotes))),
        );
      const { hours } = await ctx.services.settings.current();
      const due = (row: { createdAt: Date }) => replyBy(row.createdAt, hours).getTime();
      const order = waiting.sort((a, b) => due(a) - due(b) || a.id - b.id).map((row) => row.id);
      expect(order.length).toBe(254);
      const pages = [];
      for (let page = 1; page <= 3; page++)
        pages.push(...(await step('to-reply', `&page=${page}&pageSize=100`)).items.map((row) => row.id));
      expect(pages).toEqual(order);
      expect((await step('to-reply', '&page=2&pageSize=100')).total).toBe(254);
      const today = (await admin.get<TodayList>('/api/admin/today')).body;
      expect(today.counts['to-reply']).toBe(254);
      expect(today.toReply.map((row) => row.id)).toEqual(order.slice(0, TODAY_REPLIES_SHOWN));
      // The second Tuesday was sent after the Monday before it, and is promised first.
      expect(order.indexOf(added[2]!.id)).toBeLessThan(order.indexOf(added[1]!.id));
    } finally {
      await ctx.database.db.delete(orders).where(
        inArray(
          orders.id,
          added.map((row) => row.id),
        ),
      );
    }
  });
});
