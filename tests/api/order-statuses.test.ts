// The spec's order statuses, on both databases: "the admin may set any status from any other" and "choosing the
// current status does nothing". Every ordered pair of the six statuses (30) is walked through
// PATCH /api/admin/orders/{id}/status with the status alone, for an enquiry without an invoice and for one with an
// invoice; each answers 200 with the new status. Choosing the current one again writes no history and sends no e-mail.
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { ENQUIRY_STATUSES, type EnquiryStatus } from '#domains/enquiry/model.ts';
import type { AdminOrder, AdminOrderDetails } from '#domains/order-file/schema.ts';
import { outbox } from '#platform/mail/tables.ts';
import { TestClock } from '#tests/support/clock.ts';
import { databaseKinds } from '#tests/support/databases.ts';
import { browserLine } from '#tests/support/enquiry.ts';
import { ownCustomers, QUOTE_LINES, type StaffApp, steps, useStaffApp } from '#tests/support/staff-app.ts';

/** 26 November 2030, noon in India. */
const START = Date.UTC(2030, 10, 26, 6, 30);

describe.each(databaseKinds())('order statuses on %s', (kind) => {
  let { ctx, ids, admin, visitor } = {} as StaffApp;
  const clock = new TestClock(START);

  useStaffApp(kind, { clock }, (app) => ({ ctx, ids, admin, visitor } = app));

  const newCustomer = ownCustomers('status');
  const send = () =>
    newCustomer(visitor, [browserLine(ids, 'Areca Leaf Round Plate', '8 inch', 3)], {
      deliveryLocation: '14/220 Temple Road, Edappally, Kochi, Kerala 682024',
    });
  const details = async (id: number) => (await admin.get<AdminOrderDetails>(`/api/admin/orders/${id}`)).body;
  const mailCount = async (to: string) =>
    (await ctx.database.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(asc(outbox.id))).length;
  const setStatus = async (id: number, status: EnquiryStatus) => {
    const response = await admin.request<AdminOrder>('PATCH', `/api/admin/orders/${id}/status`, { payload: { status } });
    expect(response.status, `${status}: ${JSON.stringify(response.body)}`).toBe(200);
    expect(response.body.status).toBe(status);
    return response.body;
  };

  it.each([
    ['without an invoice', false],
    ['with an invoice', true],
  ])('every status follows every other, %s; the current status again does nothing', async (_, invoiced) => {
    const sent = await send();
    if (invoiced) {
      await steps.invoice(admin, sent.id, {
        confirmed: { lines: QUOTE_LINES.slice(0, 1), delivery: '50.00', placeOfSupply: '32', customerGstin: null },
      });
    }
    const walked: string[] = [];
    let current: EnquiryStatus = 'pending';
    for (const from of ENQUIRY_STATUSES) {
      for (const to of ENQUIRY_STATUSES) {
        if (to === from) continue;
        if (current !== from) current = (await setStatus(sent.id, from)).status;
        expect(current).toBe(from);
        current = (await setStatus(sent.id, to)).status;
        expect((await details(sent.id)).status).toBe(to);
        walked.push(`${from} → ${to}`);
      }
    }
    expect(new Set(walked).size).toBe(30);

    for (const status of ENQUIRY_STATUSES) {
      if (current !== status) current = (await setStatus(sent.id, status)).status;
      const before = await details(sent.id);
      const mails = await mailCount(sent.email);
      const again = await setStatus(sent.id, status);
      expect(again.status).toBe(status);
      const after = await details(sent.id);
      expect(after.history, `${status} again`).toEqual(before.history);
      expect(await mailCount(sent.email), `${status} again`).toBe(mails);
    }
  });
});
