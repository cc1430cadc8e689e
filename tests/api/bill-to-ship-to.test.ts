// Bill to and Ship to (Rule 46(f) and (o)) and the HSN digits the tax settings ask for, on both databases: the
// business name the checkout takes starts the quote's billing party; the quote, the tax invoice and its credit note
// keep the party they were issued with; the PDFs, read back with pdftotext, print "Bill to" (the GSTIN holder's legal
// name, address, GSTIN and state) apart from "Ship to" (the delivery, with its state); GSTR-1 names the party billed.
import { describe, expect, it } from 'vitest';

import type { Gstr1 } from '#domains/handoff/gstr1.ts';
import type { OrderInvoice } from '#domains/invoice/model.ts';
import type { QuoteDraft, QuotePreview } from '#domains/quote/model.ts';
import { expectBody } from '#tests/support/accounts.ts';
import { TestClock } from '#tests/support/clock.ts';
import { databaseKinds } from '#tests/support/databases.ts';
import { browserLine, enquiryPayload } from '#tests/support/enquiry.ts';
import { expectShows, pdfText } from '#tests/support/pdf.ts';
import { QUOTE_LINES, quoteBody, SHOP_PAYMENTS, type StaffApp, steps, useStaffApp } from '#tests/support/staff-app.ts';

const ROUND = 'Areca Leaf Round Plate';
const CUP = 'Bagasse Cup 200 ml';
/** 12 February 2032, noon in India: a month no other test file uses. */
const START = Date.UTC(2032, 1, 12, 6, 30);
const DELIVERY = 'Hall 3, Marine Drive, Ernakulam, Kochi, Kerala 682031';
const BILLING = '14/220 Temple Road, Edappally, Kochi, Kerala 682024';

describe.each(databaseKinds())('Bill to and Ship to on %s', (kind) => {
  let { ids, admin, visitor } = {} as StaffApp;
  const clock = new TestClock(START);

  useStaffApp(kind, { clock, config: { payments: SHOP_PAYMENTS } }, (app) => ({ ids, admin, visitor } = app));

  const send = (overrides: Record<string, unknown>) =>
    steps.enquiry(
      visitor,
      enquiryPayload([browserLine(ids, ROUND, '8 inch', 3), browserLine(ids, CUP, null, 2)], {
        customerName: 'Anitha Menon',
        customerEmail: 'billing@example.in',
        deliveryLocation: DELIVERY,
        ...overrides,
      }),
    );
  const draftOf = async (id: number) =>
    (await expectBody(admin.get<{ draft: QuoteDraft }>(`/api/admin/orders/${id}/quotes`), 200)).draft;
  const pdfOf = async (url: string) => {
    const response = await admin.download(url);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    return pdfText(new Uint8Array(response.rawPayload));
  };

  it('the business name from the checkout starts the billing party; the invoice and credit note bill it and ship apart', async () => {
    const sent = await send({ customerBusinessName: '  Menon Caterers LLP ', customerGstin: '32BBBCK5678L1Z4' });
    const draft = await draftOf(sent.id);
    expect([draft.billingName, draft.billingAddress, draft.customerGstin]).toEqual(['Menon Caterers LLP', '', '32BBBCK5678L1Z4']);

    const body = quoteBody(clock, {
      customerGstin: draft.customerGstin,
      billingName: 'Menon Caterers LLP',
      billingAddress: BILLING,
    });
    const preview = await expectBody(admin.post<QuotePreview>(`/api/admin/orders/${sent.id}/quotes/preview`, body), 200);
    expect(preview.quote.document.parties).toEqual([
      {
        heading: 'Quotation for',
        lines: ['Menon Caterers LLP', BILLING, 'GSTIN 32BBBCK5678L1Z4', 'Place of supply: Kerala (32)'],
      },
      { heading: 'Ship to', lines: ['Anitha Menon', DELIVERY, 'State: Kerala (32)'] },
    ]);
    await steps.quoteAndAccept({ admin, visitor }, sent, body);
    // The next draft repeats the party the quote named.
    const again = await draftOf(sent.id);
    expect([again.billingName, again.billingAddress]).toEqual(['Menon Caterers LLP', BILLING]);

    const { invoice } = await steps.invoice<OrderInvoice>(admin, sent.id);
    expect(invoice.recipient).toEqual({
      name: 'Menon Caterers LLP',
      address: BILLING,
      gstin: '32BBBCK5678L1Z4',
      state: { code: '32', name: 'Kerala' },
    });
    expect(invoice.shipTo).toEqual({ name: 'Anitha Menon', address: DELIVERY });

    const text = await pdfOf(`/api/admin/orders/${sent.id}/invoice/pdf?copy=original`);
    expectShows(text, [
      'Bill to',
      'Ship to',
      'Menon Caterers LLP',
      'Anitha Menon',
      'GSTIN 32BBBCK5678L1Z4',
      'State: Kerala (32)',
      'Place of supply: Kerala (32)',
    ]);
    // The two blocks side by side: the billed party's name on the line of the delivery's name.
    expect(text).toMatch(/Bill to\s+Ship to/);
    expect(text).toMatch(/Menon Caterers LLP\s+Anitha Menon/);
    expect(text).toMatch(
      /14\/220 Temple Road, Edappally, Kochi, Kerala 682024\s+Hall 3, Marine Drive, Ernakulam, Kochi, Kerala 682031/,
    );

    const note = await admin.post(`/api/admin/orders/${sent.id}/credit-notes`, {
      reason: 'One carton of cups returned damaged',
      lines: [{ line: 2, quantity: 1 }],
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const noteText = await pdfOf(`/api/admin/orders/${sent.id}/credit-notes/1/pdf`);
    expect(noteText).toMatch(/Bill to\s+Ship to/);
    expect(noteText).toMatch(/Menon Caterers LLP\s+Anitha Menon/);

    // GSTR-1 names the party billed, on the invoice and on the note.
    const report = (await admin.get<Gstr1>('/api/admin/reports/gstr1?month=2032-02')).body;
    expect(new Set(report.b2b.rows.map((row) => row.recipientName))).toEqual(new Set(['Menon Caterers LLP']));
    expect(new Set(report.cdnr.rows.map((row) => row.recipientName))).toEqual(new Set(['Menon Caterers LLP']));
  });

  it('without another party the invoice bills the customer at the delivery address, with no Ship to block', async () => {
    const sent = await send({ customerName: 'Biju Varghese' });
    const draft = await draftOf(sent.id);
    expect([draft.billingName, draft.billingAddress]).toEqual(['', '']);
    await steps.quoteAndAccept({ admin, visitor }, sent, quoteBody(clock));
    const { invoice } = await steps.invoice<OrderInvoice>(admin, sent.id);
    expect(invoice.recipient.name).toBe('Biju Varghese');
    expect(invoice.recipient.address).toBe(DELIVERY);
    const text = await pdfOf(`/api/admin/orders/${sent.id}/invoice/pdf?copy=original`);
    expectShows(text, ['Bill to', 'Biju Varghese', 'Unregistered (no GSTIN)']);
    expect(text).not.toContain('Ship to');
  });

  it('a billing party longer than the form allows is refused with the field named', async () => {
    const sent = await send({});
    const refused = await admin.post<{ errors: Record<string, string> }>(
      `/api/admin/orders/${sent.id}/quotes/preview`,
      quoteBody(clock, { billingName: 'x'.repeat(201), billingAddress: 5 }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toMatchObject({
      billingName: 'Legal name must be at most 200 characters',
      billingAddress: 'Billing address must be text',
    });
  });

  it('with six HSN digits in the tax settings, a four-digit code is refused at issuing with the line named; the quote warns', async () => {
    const tax = (hsnDigits: 4 | 6) =>
      expectBody(
        admin.request('PUT', '/api/admin/settings/tax', { payload: { gstRates: [0, 5, 18, 40], eInvoicing: false, hsnDigits } }),
        200,
      );
    await tax(6);
    try {
      const sent = await send({});
      const lines = [QUOTE_LINES[0], { ...QUOTE_LINES[1], hsnCode: '4823' }];
      const preview = await expectBody(
        admin.post<QuotePreview>(`/api/admin/orders/${sent.id}/quotes/preview`, quoteBody(clock, { lines })),
        200,
      );
      expect(preview.warnings).toContain(`${CUP} has HSN code 4823: the invoice needs at least 6 digits.`);
      await steps.quoteAndAccept({ admin, visitor }, sent, quoteBody(clock, { lines }));
      const refused = await admin.post<{ message: string; errors: Record<string, string> }>(
        `/api/admin/orders/${sent.id}/invoice`,
      );
      expect(refused.status).toBe(400);
      const message = `Line 2 (${CUP}) needs an HSN code of at least 6 digits before it is issued`;
      expect(refused.body.message).toBe(message);
      expect(refused.body.errors).toEqual({ 'lines.1.hsnCode': message });
      // Nothing was issued; with four digits asked for, the same quote is invoiced.
      await tax(4);
      await steps.invoice(admin, sent.id);
    } finally {
      await tax(4);
    }
  });
});
