// E-invoicing through the API, on both databases: with e-invoicing on, an inter-state B2B order over ₹50,000 goes from
// its invoice (held from the customer) to the IRP's JSON, checked against the schema; the portal's answer is refused
// when its signed QR code names another invoice, recorded once when it names this one, and the customer is then sent
// the invoice whose PDF carries the IRN and the signed QR code (pdftotext, and the code scanned from pdftoppm's page);
// the IRN is cancelled within 24 hours and not after; a B2C invoice's JSON is refused with its reason.
import { and, asc, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import type { EInvoice } from '#domains/handoff/e-invoice.ts';
import { irpAnswerFor } from '#domains/handoff/irp-answer.fixture.ts';
import type { OrderInvoice } from '#domains/invoice/model.ts';
import type { SettingsAnswer } from '#domains/settings/schema.ts';
import { istDate } from '#lib/india-time.ts';
import { schemaErrors } from '#lib/json-schema.fixture.ts';
import { outbox } from '#platform/mail/tables.ts';
import type { Client, Refusal } from '#tests/support/accounts.ts';
import { TestClock } from '#tests/support/clock.ts';
import { databaseKinds } from '#tests/support/databases.ts';
import { expectShows, pdfQrCode, pdfText } from '#tests/support/pdf.ts';
import { BENGALURU_BUYER, invoiceToBengaluru, ownCustomers, type StaffApp, useStaffApp } from '#tests/support/staff-app.ts';

const SCHEMA = 'e-invoice-inv01.schema.json';
const SHOP_GSTIN = '32AAACG1234A1ZN';
/** 12 January 2027, 11:00 in India (the portal's schema takes documents dated up to 2029). */
const START = Date.UTC(2027, 0, 12, 5, 30);

describe.each(databaseKinds())('e-invoices on %s', (kind) => {
  let { ctx, ids, admin, visitor } = {} as StaffApp;
  const clock = new TestClock(START);
  const send = ownCustomers('einvoice');
  const today = istDate(clock.now());

  useStaffApp(kind, { clock }, (app) => ({ ctx, ids, admin, visitor } = app));
  beforeAll(async () => {
    const { settings } = (await admin.get<SettingsAnswer>('/api/admin/settings')).body;
    const saved = await admin.request('PUT', '/api/admin/settings/tax', { payload: { ...settings.tax, eInvoicing: true } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  const invoiced = (plates: number, gstin?: string | null) =>
    invoiceToBengaluru({ ids, admin, visitor }, send, clock, plates, gstin);
  const download = async (url: string, client: Client) => {
    const response = await client.download(url);
    return { status: response.statusCode, pdf: new Uint8Array(response.rawPayload) };
  };
  const invoiceMails = (email: string) =>
    ctx.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, email), like(outbox.subject, 'Tax invoice %')))
      .orderBy(asc(outbox.id));
  const answer = (id: number, body: object) =>
    admin.post<OrderInvoice & Refusal>(`/api/admin/orders/${id}/e-invoice/answer`, body);
  const portalAnswer = (facts: Parameters<typeof irpAnswerFor>[0], irn?: string) => {
    const { irn: Irn, ackNo, ackDate, signedInvoice, signedQrCode } = irpAnswerFor(facts, irn);
    return {
      Irn,
      AckNo: Number(ackNo),
      AckDt: ackDate,
      SignedInvoice: signedInvoice,
      SignedQRCode: signedQrCode,
      Status: 'ACT',
      EwbNo: null,
    };
  };

  it('an inter-state order over ₹50,000: held from the customer, the IRP file, the answer checked and recorded once, then sent with its IRN and QR', async () => {
    // 100 plates at 560.00 = 56,000.00 at 5% (IGST 2,800.00); 2 cups 520.00 at 18% (93.60); delivery 50.00 at 18%
    // (9.00). Taxable 56,570.00, IGST 2,902.60; 59,472.60 rounds to 59,473.00 (+0.40).
    const order = await invoiced(100);
    const { invoice } = order;
    expect(invoice.totals.total).toBe(59_473_00);
    // Held: the customer is sent nothing and sees no invoice yet.
    expect(await invoiceMails(order.email)).toHaveLength(0);
    const status = await visitor.get<{ invoice: unknown }>(`/api/enquiries/status/${order.statusToken}`);
    expect(status.body.invoice).toBeNull();
    expect((await download(`/api/enquiries/status/${order.statusToken}/invoice/pdf`, visitor)).status).toBe(404);

    const file = await admin.get<EInvoice & Refusal>(`/api/admin/orders/${order.id}/e-invoice`);
    expect(file.status, JSON.stringify(file.body)).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="e-invoice-GL-2026-27-\d{4}\.json"$/);
    expect(schemaErrors(SCHEMA, file.body)).toEqual([]);
    expect(file.body).toMatchObject({
      DocDtls: { Typ: 'INV', No: invoice.number, Dt: '12/01/2027' },
      SellerDtls: { Gstin: SHOP_GSTIN, Pin: 683101, Stcd: '32' },
      BuyerDtls: { Gstin: BENGALURU_BUYER.gstin, Pos: '29', Pin: 560001, Stcd: '29' },
      ValDtls: { AssVal: 56_570, IgstVal: 2_902.6, RndOffAmt: 0.4, TotInvVal: 59_473 },
    });

    const facts = {
      number: invoice.number,
      date: today,
      total: invoice.totals.total,
      seller: SHOP_GSTIN,
      buyer: BENGALURU_BUYER.gstin,
    };
    // An answer whose signed QR code names another invoice is refused, and nothing is recorded or sent.
    const other = await answer(order.id, { answer: portalAnswer({ ...facts, number: 'GL/2026-27/9999' }) });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe(
      `The signed QR code names the document GL/2026-27/9999, but invoice ${invoice.number} has the number ${invoice.number}: this answer is for another document`,
    );
    expect(other.body.errors).toHaveProperty(['answer.SignedQRCode']);
    const badIrn = await answer(order.id, { answer: { ...portalAnswer(facts), Irn: 'not-an-irn' } });
    expect(badIrn.status).toBe(400);
    expect(badIrn.body.errors).toMatchObject({ 'answer.Irn': 'Irn is the invoice reference number: 64 characters, 0-9 and a-f' });
    expect(await invoiceMails(order.email)).toHaveLength(0);

    const right = portalAnswer(facts);
    const recorded = await answer(order.id, { answer: right });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    expect(recorded.body.eInvoices).toEqual([
      expect.objectContaining({ documentNumber: invoice.number, irn: right.Irn, ackNo: '112610000012345', cancelled: null }),
    ]);
    // A double click or a retry records nothing more and sends nothing more; another IRN for it is refused.
    expect((await answer(order.id, { answer: right })).status).toBe(200);
    const another = await answer(order.id, { answer: portalAnswer(facts, 'b'.repeat(64)) });
    expect(another.status).toBe(409);
    expect(another.body.message).toBe(`Invoice ${invoice.number} is registered already, with the IRN ${right.Irn}`);

    const mails = await invoiceMails(order.email);
    expect(mails).toHaveLength(1);
    const attached = new Uint8Array(Buffer.from(mails[0]?.attachments?.[0]?.base64 ?? '', 'base64'));
    for (const pdf of [attached, (await download(`/api/enquiries/status/${order.statusToken}/invoice/pdf`, visitor)).pdf]) {
      expectShows(pdfText(pdf), ['E-invoice', `IRN: ${right.Irn}`, 'Ack No: 112610000012345', 'Ack Date: 2027-01-12 11:05:00']);
      expect(pdfQrCode(pdf)).toBe(right.SignedQRCode);
    }
    expect((await visitor.get<{ invoice: unknown }>(`/api/enquiries/status/${order.statusToken}`)).body.invoice).not.toBeNull();

    // Cancelled within the portal's 24 hours, recorded once; after that the PDF no longer carries the IRN.
    const cancel = (body: object) => admin.post<OrderInvoice & Refusal>(`/api/admin/orders/${order.id}/e-invoice/cancel`, body);
    const late = await cancel({ Irn: right.Irn, CancelDate: '2027-01-13 11:05:01', reason: '2', remark: 'Wrong quantity' });
    expect(late.status).toBe(400);
    expect(late.body.message).toMatch(/^The portal cancels an IRN within 24 hours of its acknowledgement/);
    const cancelled = await cancel({ Irn: right.Irn, CancelDate: '2027-01-12 15:00:00', reason: '2', remark: 'Wrong quantity' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.eInvoices[0]?.cancelled).toEqual({
      date: '2027-01-12 15:00:00',
      reason: 'Data entry mistake',
      remark: 'Wrong quantity',
      recordedBy: 'staff_admin',
    });
    expect((await cancel({ Irn: right.Irn, CancelDate: '2027-01-12 15:00:00', reason: '2', remark: 'Again' })).status).toBe(200);
    expect((await cancel({ Irn: right.Irn, CancelDate: '2027-01-12 16:00:00', reason: '2', remark: 'Again' })).status).toBe(409);
    const staffPdf = await download(`/api/admin/orders/${order.id}/invoice/pdf?copy=original`, admin);
    expect(pdfText(staffPdf.pdf)).not.toContain(right.Irn);
    // Two PDFs drawn and scanned: slower than the default on a busy machine.
  }, 120_000);

  it('a credit note has its own file; a B2C invoice is refused with its reason and is sent at once', async () => {
    const order = await invoiced(90);
    const note = await admin.post(`/api/admin/orders/${order.id}/credit-notes`, {
      reason: 'Ten cartons returned',
      lines: [{ line: 1, quantity: 10 }],
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const file = await admin.get<EInvoice & Refusal>(`/api/admin/orders/${order.id}/e-invoice?creditNote=1`);
    expect(file.status, JSON.stringify(file.body)).toBe(200);
    expect(schemaErrors(SCHEMA, file.body)).toEqual([]);
    expect(file.body.DocDtls.Typ).toBe('CRN');
    expect(file.body.RefDtls?.PrecDocDtls).toEqual([{ InvNo: order.invoice.number, InvDt: '12/01/2027' }]);
    expect((await admin.get<Refusal>(`/api/admin/orders/${order.id}/e-invoice?creditNote=2`)).status).toBe(400);

    const b2c = await invoiced(90, null);
    const refused = await admin.get<Refusal>(`/api/admin/orders/${b2c.id}/e-invoice`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      `Invoice ${b2c.invoice.number}: the customer has no GSTIN (a B2C supply): the portal registers only invoices to registered buyers, so this one is valid as issued`,
    );
    expect(refused.body.errors).toHaveProperty('customerGstin');
    expect(await invoiceMails(b2c.email)).toHaveLength(1);
  });
});
