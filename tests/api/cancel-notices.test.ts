// What the customer is told when the staff cancel, on both databases, read from the .eml files the outbox writes:
// only what was done. Uninvoiced, or invoiced and paid without a credit note, the e-mail says it was cancelled and
// nothing of a credit note or a refund; with the credit note offered in the same step (one request, one
// transaction: PATCH …/status { status: 'cancelled', creditNote: { reason } }) it names the note's number and amount,
// once however often the staff click; going back from cancelled tells the customer nothing, and cancelling again
// sends no second cancellation.
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import type { OrderInvoice } from '#domains/invoice/model.ts';
import type { AdminOrder } from '#domains/order-file/schema.ts';
import { istDate } from '#lib/india-time.ts';
import { formatRupees, toDecimalString } from '#lib/money.ts';
import { databaseKinds } from '#tests/support/databases.ts';
import { emlsTo } from '#tests/support/eml.ts';
import { browserLine } from '#tests/support/enquiry.ts';
import { ownCustomers, QUOTE_LINES, type StaffApp, steps, useStaffApp } from '#tests/support/staff-app.ts';

const NO_PROMISES = /credit note|refund/i;

describe.each(databaseKinds())('the cancellation e-mail on %s', (kind) => {
  let { ctx, ids, admin, visitor } = {} as StaffApp;

  useStaffApp(kind, {}, (app) => ({ ctx, ids, admin, visitor } = app));

  const newCustomer = ownCustomers('cancel');
  const send = () =>
    newCustomer(visitor, [browserLine(ids, 'Areca Leaf Round Plate', '8 inch', 3)], {
      deliveryLocation: '14/220 Temple Road, Edappally, Kochi, Kerala 682024',
    });
  const invoiced = async () => {
    const sent = await send();
    const issued = await steps.invoice<OrderInvoice>(admin, sent.id, {
      confirmed: { lines: QUOTE_LINES.slice(0, 1), delivery: '50.00', placeOfSupply: '32', customerGstin: null },
    });
    return { ...sent, invoice: issued };
  };
  const setStatus = (id: number, payload: Record<string, unknown>) =>
    admin.request<AdminOrder & { message: string }>('PATCH', `/api/admin/orders/${id}/status`, { payload });
  /** The e-mails written for `to` so far, as a mail program reads them. */
  const mails = async (to: string) => {
    await ctx.services.mail.sendDue();
    return emlsTo(path.join(ctx.config.dataDir, 'outbox'), to);
  };
  const cancellations = async (to: string) => (await mails(to)).filter((mail) => mail.subject.endsWith('was cancelled'));

  it('an enquiry without an invoice: cancelled, and nothing of a credit note or a refund', async () => {
    const sent = await send();
    expect((await setStatus(sent.id, { status: 'cancelled' })).status).toBe(200);
    const [told, ...more] = await cancellations(sent.email);
    expect(more).toEqual([]);
    expect(told?.subject).toBe(`Your enquiry #${sent.displayId} was cancelled`);
    expect(told?.body).toContain(`Your enquiry #${sent.displayId} was cancelled.`);
    expect(told?.body).not.toMatch(NO_PROMISES);
  });

  it('an invoiced, paid order cancelled without a credit note: no credit note or refund is promised', async () => {
    const sent = await invoiced();
    const paid = await admin.post(`/api/admin/orders/${sent.id}/payments`, {
      receivedOn: istDate(new Date()),
      amount: toDecimalString(sent.invoice.payment.balance),
      method: 'cash',
      reference: null,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect((await setStatus(sent.id, { status: 'delivered' })).status).toBe(200);
    expect((await setStatus(sent.id, { status: 'cancelled' })).status).toBe(200);
    const [told, ...more] = await cancellations(sent.email);
    expect(more).toEqual([]);
    expect(told?.subject).toBe(`Your order #${sent.displayId} was cancelled`);
    expect(told?.body).not.toMatch(NO_PROMISES);
    expect((await admin.get<OrderInvoice>(`/api/admin/orders/${sent.id}/invoice`)).body.creditNotes).toEqual([]);
  });

  it('cancelled with the credit note offered: one note for everything, its number and amount in the one e-mail, however often clicked', async () => {
    const sent = await invoiced();
    const body = { status: 'cancelled', creditNote: { reason: 'Order cancelled by the customer' } };
    // A double click: two requests at once; the second finds the enquiry cancelled and does nothing.
    const answers = await Promise.all([setStatus(sent.id, body), setStatus(sent.id, body)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const read = (await admin.get<OrderInvoice>(`/api/admin/orders/${sent.id}/invoice`)).body;
    expect(read.creditNotes).toHaveLength(1);
    const [note] = read.creditNotes;
    // Everything the invoice charged: 3 plates at ₹560.00 and ₹50.00 delivery, 5% GST.
    expect(note?.totals.total).toBe(read.invoice.totals.total);
    expect(read.payment).toMatchObject({ state: 'credited', due: 0 });

    const all = await mails(sent.email);
    const told = all.filter((mail) => mail.subject.endsWith('was cancelled'));
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toContain(
      `We have issued credit note ${note?.number} of ${formatRupees(read.invoice.totals.total)} against invoice ${read.invoice.number}.`,
    );
    expect(told[0]?.body).not.toMatch(/refund|follows/i);
    // The cancellation carries the credit note: no second e-mail about it.
    expect(all.filter((mail) => mail.subject.startsWith('Credit note'))).toEqual([]);

    // A credit note is refused for a status other than cancelled.
    const wrong = await setStatus(sent.id, { status: 'confirmed', creditNote: { reason: 'Not a cancellation' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('A credit note goes with the status cancelled');
  });

  it('back from cancelled: nothing is sent, and cancelling again sends no second cancellation', async () => {
    const sent = await invoiced();
    expect((await setStatus(sent.id, { status: 'cancelled' })).status).toBe(200);
    const once = await mails(sent.email);
    for (const status of ['confirmed', 'processing', 'pending']) {
      expect((await setStatus(sent.id, { status })).status).toBe(200);
    }
    expect(await mails(sent.email)).toEqual(once);
    // Cancelled again, now with the credit note: the customer heard of the cancellation already, so the note goes
    // with its own e-mail and the cancellation is not repeated.
    expect((await setStatus(sent.id, { status: 'cancelled', creditNote: { reason: 'Cancelled after all' } })).status).toBe(200);
    const after = await mails(sent.email);
    expect(after.filter((mail) => mail.subject.endsWith('was cancelled'))).toHaveLength(1);
    const [noteMail, ...others] = after.slice(once.length);
    expect(others).toEqual([]);
    expect(noteMail?.subject).toMatch(/^Credit note CN\/\d{4}-\d{2}\/\d{4} for invoice /);
  });
});
