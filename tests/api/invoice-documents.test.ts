// The tax invoice and the credit note as the customer and the staff get them, on both databases: the PDFs read back
// with pdftotext (every field a GST tax invoice carries, amounts each on one line, Malayalam kept) and their UPI QR
// code scanned from the rendered page; the status page's timeline and invoice. The figures are worked by hand in the
// comments.
import { and, asc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { dayText } from '#domains/enquiry/reply-promise.ts';
import type { Gstr1 } from '#domains/handoff/gstr1.ts';
import type { OrderInvoice } from '#domains/invoice/model.ts';
import type { CustomerEnquiry } from '#domains/order-file/customer-view.ts';
import { istDate } from '#lib/india-time.ts';
import { outbox } from '#platform/mail/tables.ts';
import { Client, expectBody } from '#tests/support/accounts.ts';
import { TestClock } from '#tests/support/clock.ts';
import { databaseKinds } from '#tests/support/databases.ts';
import { browserLine, enquiryPayload } from '#tests/support/enquiry.ts';
import { expectShows, pdfPages, pdfQrCode, pdfText } from '#tests/support/pdf.ts';
import { SAVED } from '#tests/support/settings.ts';
import { QUOTE_LINES, quoteBody, type Sent, SHOP_PAYMENTS, type StaffApp, steps, useStaffApp } from '#tests/support/staff-app.ts';

const ROUND = 'Areca Leaf Round Plate';
const CUP = 'Bagasse Cup 200 ml';
/** 10 December 2031, noon in India: a month and financial year (2031-32) no other test file uses. */
const START = Date.UTC(2031, 11, 10, 6, 30);

describe.each(databaseKinds())('invoice documents on %s', (kind) => {
  let { ctx, ids, admin, visitor } = {} as StaffApp;
  const clock = new TestClock(START);

  useStaffApp(kind, { clock, config: { payments: SHOP_PAYMENTS } }, (app) => ({ ctx, ids, admin, visitor } = app));

  const send = async (name: string, quantities: [number, number], address: string) => {
    const payload = enquiryPayload(
      [browserLine(ids, ROUND, '8 inch', quantities[0]), browserLine(ids, CUP, null, quantities[1])],
      { customerName: name, customerEmail: 'docs@example.in', deliveryLocation: address },
    );
    return steps.enquiry(visitor, payload);
  };
  const quoteAndAccept = (sent: Sent, place: string, gstin: string | null, lines = QUOTE_LINES) =>
    steps.quoteAndAccept({ admin, visitor }, sent, quoteBody(clock, { lines, placeOfSupply: place, customerGstin: gstin }));
  const issue = (id: number) => expectBody(admin.post<OrderInvoice>(`/api/admin/orders/${id}/invoice`), 201);
  const pay = (id: number, amount: string) =>
    expectBody(admin.post(`/api/admin/orders/${id}/payments`, { amount, method: 'cash', receivedOn: istDate(clock.now()) }), 201);
  const download = async (url: string, client: Client) => {
    const response = await client.download(url);
    expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toMatch(/no-store/);
    return { pdf: new Uint8Array(response.rawPayload), disposition: response.headers['content-disposition'] };
  };

  it('the invoice PDF, by status link and for the staff: every GST field, the figures worked by hand, the UPI QR code', async () => {
    const sent = await send('Anitha Menon', [3, 2], '14/220 Temple Road, Edappally, Kochi, Kerala 682024');
    await quoteAndAccept(sent, '32', '32BBBCK5678L1Z4');
    const { invoice, upiLink } = await issue(sent.id);
    expect(invoice.number).toBe('GL/2031-32/0001');
    const upi =
      'upi://pay?pa=greenleaf@okaxis&pn=Green%20Leaf%20Eco%20Tableware&am=2437.00&cu=INR&tn=GL%2F2031-32%2F0001&tr=GL%2F2031-32%2F0001';
    expect(upiLink).toBe(upi);

    // Rule 48's copies: the customer's link gives the original; the staff's download the three, one a page, or the
    // one they name.
    const marks = ['ORIGINAL FOR RECIPIENT', 'DUPLICATE FOR TRANSPORTER', 'TRIPLICATE FOR SUPPLIER'];
    for (const [url, client, copies] of [
      [`/api/enquiries/status/${sent.statusToken}/invoice/pdf`, visitor, marks.slice(0, 1)],
      [`/api/admin/orders/${sent.id}/invoice/pdf`, admin, marks],
    ] as const) {
      const { pdf, disposition } = await download(url, client);
      expect(disposition).toBe('attachment; filename="Tax-invoice-GL-2031-32-0001.pdf"');
      expect(pdf.length).toBeLessThan(150_000);
      expect(pdfPages(pdf)).toBe(copies.length);
      const text = pdfText(pdf);
      const pages = text.split('\f').filter((page) => page.trim());
      expect(pages.map((page) => marks.filter((mark) => page.includes(mark)))).toEqual(copies.map((mark) => [mark]));
      // Worked by hand: 3 × ₹560.00 = ₹1,680.00 at 5% (CGST ₹42.00 + SGST ₹42.00); 2 × ₹260.00 = ₹520.00 at 18%
      // (₹46.80 + ₹46.80); delivery ₹50.00 at 18% (₹4.50 + ₹4.50). Taxable ₹2,250.00, CGST = SGST = ₹93.30,
      // ₹2,436.60 rounds up by ₹0.40 to ₹2,437.00.
      expectShows(text, [
        'Green Leaf Eco Tableware Private Limited',
        'GSTIN 32AAACG1234A1ZN',
        'TAX INVOICE',
        'GL/2031-32/0001',
        'Date: 10 December 2031',
        'Due by: Wednesday 17 December 2031',
        `Order: #${sent.displayId}`,
        `Quote: Q-${sent.displayId}-1`,
        'Reverse charge: No',
        "Supplier's state: Kerala (32)",
        'State: Kerala (32)',
        'Bill to',
        'Anitha Menon',
        'GSTIN 32BBBCK5678L1Z4',
        'Place of supply: Kerala (32)',
        '14049090',
        '48236900',
        '₹560.00',
        '₹1,680.00',
        '₹42.00',
        '₹46.80',
        '₹4.50',
        '₹2,250.00',
        'CGST %',
        'SGST %',
        '2.5%',
        '9%',
        '₹51.30',
        '+₹0.40',
        '₹2,437.00',
        'Rupees Two Thousand Four Hundred Thirty-Seven Only',
        'Payment: Unpaid',
        '₹2,437.00 due by Wednesday 17 December 2031',
        'UPI: greenleaf@okaxis (Green Leaf Eco Tableware)',
        'Bank transfer to Green Leaf Eco Tableware Private Limited',
        'Account 12345678901234 · IFSC FDRL0001234 · Federal Bank, Aluva',
        'Scan to pay by UPI',
        'For Green Leaf Eco Tableware Private Limited',
        'Authorised signatory',
      ]);
      // Each tax head at its own rate (₹42.00 at 2.5 %; ₹46.80 + ₹4.50 at 9 %), never a combined GST rate.
      expect(text).toMatch(/CGST 2\.5%\s+₹42\.00/);
      expect(text).toMatch(/CGST 9%\s+₹51\.30/);
      expect(text).toMatch(/SGST 2\.5%\s+₹42\.00/);
      expect(text).toMatch(/SGST 9%\s+₹51\.30/);
      expect(text).not.toMatch(/\bGST\s+5%/);
      expect(text).toMatch(/Round off\s+\+₹0\.40/);
      expect(text).toMatch(/Total\s+₹2,437\.00/);
      expect(pdfQrCode(pdf)).toBe(upi);
    }

    const duplicate = (await download(`/api/admin/orders/${sent.id}/invoice/pdf?copy=duplicate`, admin)).pdf;
    expect(pdfPages(duplicate)).toBe(1);
    expect(marks.filter((mark) => pdfText(duplicate).includes(mark))).toEqual(['DUPLICATE FOR TRANSPORTER']);
    const wrong = await admin.get<{ error: string }>(`/api/admin/orders/${sent.id}/invoice/pdf?copy=quadruplicate`);
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain("'copy' must be one of original, duplicate, triplicate");

    // After ₹1,000.00, the PDF asks for the ₹1,437.00 left, and its QR code says so; paid in full, no code at all.
    await pay(sent.id, '1000');
    const part = (await download(`/api/enquiries/status/${sent.statusToken}/invoice/pdf`, visitor)).pdf;
    expect(pdfText(part)).toContain('Payment: Part paid');
    // A new request for the new balance: its own reference, so the two never read as one on the statement.
    expect(pdfQrCode(part)).toBe(
      upi.replace('am=2437.00', 'am=1437.00').replace('tr=GL%2F2031-32%2F0001', 'tr=GL%2F2031-32%2F0001-2'),
    );
    await pay(sent.id, '1437');
    const paid = (await download(`/api/admin/orders/${sent.id}/invoice/pdf`, admin)).pdf;
    expect(pdfText(paid)).toContain('Payment: Paid');
    // Paid, the copy says when instead of asking to pay by the due day.
    const paidOn = `Paid on ${dayText(istDate(clock.now()))}`;
    expect(pdfText(paid)).toContain(`${paidOn}, with thanks.`);
    expect(pdfText(paid)).not.toContain('Please pay by');
    expect(pdfText(paid)).not.toContain('Scan to pay');
    expect(pdfQrCode(paid)).toBeNull();

    // The e-mails are HTML with their text: the invoice's rows and totals, how to pay, the status page's button.
    const mails = await ctx.database.db.select().from(outbox).where(eq(outbox.to, 'docs@example.in')).orderBy(asc(outbox.id));
    const issuedMail = mails.find((mail) => mail.subject === `Tax invoice GL/2031-32/0001 for your order #${sent.displayId}`);
    expectShows(issuedMail?.html ?? '', [
      'Tax invoice GL/2031-32/0001',
      ROUND,
      '₹2,437.00',
      'Rupees Two Thousand Four Hundred Thirty-Seven Only',
      `/enquiry/${sent.statusToken}`,
      'See, download or print your invoice',
      upi.replace(/&/g, '&amp;'),
      'IFSC FDRL0001234',
    ]);
    // The PDF goes with it, asking for the whole amount as it stood at issue.
    expect(issuedMail?.text).toContain('The invoice is attached as a PDF (Tax-invoice-GL-2031-32-0001.pdf).');
    const [attached] = issuedMail?.attachments ?? [];
    expect(attached).toMatchObject({ filename: 'Tax-invoice-GL-2031-32-0001.pdf', contentType: 'application/pdf' });
    const attachedPdf = new Uint8Array(Buffer.from(attached?.base64 ?? '', 'base64'));
    expect(pdfText(attachedPdf)).toContain('Payment: Unpaid');
    expect(pdfQrCode(attachedPdf)).toBe(upi);
    const receipts = mails.filter((mail) => mail.subject === 'Payment received for invoice GL/2031-32/0001');
    expect(receipts).toHaveLength(2);
    expect(receipts[0]?.html).toContain('Still to pay: ₹1,437.00.');
    expect(receipts[1]?.html).toContain('Invoice GL/2031-32/0001: Paid.');

    // The status page: the invoice, paid, and the timeline up to paid.
    const page = (await visitor.get<CustomerEnquiry>(`/api/enquiries/status/${sent.statusToken}`)).body;
    expect(page.invoice).toMatchObject({ number: 'GL/2031-32/0001', payment: { status: 'Paid', balance: '₹0.00' }, upi: null });
    expect(page.timeline.map((step) => [step.key, step.state])).toEqual([
      ['received', 'done'],
      ['quoted', 'done'],
      ['accepted', 'done'],
      ['invoiced', 'done'],
      ['paid', 'done'],
      ['dispatched', 'current'],
      ['delivered', 'todo'],
    ]);
  });

  it('a large inter-state invoice to a Malayalam name: IGST, amounts never broken, the name printed as written', async () => {
    const sent = await send('അനിത മേനോൻ', [250, 250], 'MG Road, Bengaluru, Karnataka 560001');
    // 250 × ₹9,999.99 = ₹24,99,997.50 at 5% IGST ₹1,24,999.875, ₹1,24,999.88 to the paisa; 250 × ₹260.00 =
    // ₹65,000.00 at 18% IGST ₹11,700.00; delivery ₹50.00 at 18% IGST ₹9.00 (the principal supply's rate). Taxable
    // ₹25,65,047.50; IGST ₹1,36,708.88; ₹27,01,756.38 rounds down by ₹0.38 to ₹27,01,756.00.
    await quoteAndAccept(sent, '29', null, [{ price: '9999.99', hsnCode: '14049090', gstRate: 5 }, QUOTE_LINES[1]!]);
    const { invoice } = await issue(sent.id);
    expect(invoice.totals).toMatchObject({ taxable: 25_65_047_50, igst: 1_36_708_88, roundOff: -38, total: 27_01_756_00 });
    const { pdf } = await download(`/api/admin/orders/${sent.id}/invoice/pdf`, admin);
    const text = pdfText(pdf);
    expectShows(text, [
      'അനിത മേനോൻ',
      'Unregistered (no GSTIN)',
      'Place of supply: Karnataka (29)',
      'IGST %',
      '₹9,999.99',
      '₹24,99,997.50',
      '₹1,24,999.88',
      '₹65,000.00',
      '₹11,700.00',
      '₹25,65,047.50',
      '−₹0.38',
      '₹27,01,756.00',
    ]);
    // IGST ₹1,36,708.88 in all, printed per rate.
    expect(text).toMatch(/IGST 5%\s+₹1,24,999\.88/);
    expect(text).toMatch(/IGST 18%\s+₹11,709\.00/);
    expect(text).not.toContain('CGST');
  });

  it('a credit note PDF refers to its invoice; a missing one is 404, another enquiry’s link sees nothing', async () => {
    const sent = await send('Credit Customer', [3, 2], 'Temple Road, Aluva, Kerala 683101');
    await quoteAndAccept(sent, '32', null);
    const { invoice } = await issue(sent.id);
    const note = await admin.post(`/api/admin/orders/${sent.id}/credit-notes`, {
      reason: 'One carton of cups returned damaged',
      lines: [{ line: 2, quantity: 1 }],
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    for (const [url, client] of [
      [`/api/enquiries/status/${sent.statusToken}/credit-notes/1/pdf`, visitor],
      [`/api/admin/orders/${sent.id}/credit-notes/1/pdf`, admin],
    ] as const) {
      const { pdf, disposition } = await download(url, client);
      expect(disposition).toMatch(/^attachment; filename="Credit-note-CN-2031-32-\d{4}\.pdf"$/);
      const text = pdfText(pdf);
      // 1 × ₹260.00 at 18%: CGST = SGST = ₹23.40, ₹306.80 rounds up by ₹0.20 to ₹307.00.
      expectShows(text, [
        'CREDIT NOTE',
        `Against invoice: ${invoice.number} of 10 December 2031`,
        'Reason: One carton of cups returned damaged',
        '₹260.00',
        '₹23.40',
        '₹307.00',
        'Rupees Three Hundred Seven Only',
        'Authorised signatory',
      ]);
      expect(text).toMatch(/CGST 9%\s+₹23\.40/);
      expect(text).toMatch(/SGST 9%\s+₹23\.40/);
      expect(text).not.toContain('Scan to pay');
    }
    // Its e-mail carries the same PDF, as the invoice's does.
    const [noteMail] = await ctx.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, 'docs@example.in'), like(outbox.subject, `Credit note % for invoice ${invoice.number}`)));
    const [attachedNote] = noteMail?.attachments ?? [];
    expect(attachedNote?.filename).toMatch(/^Credit-note-CN-2031-32-\d{4}\.pdf$/);
    expect(noteMail?.text).toContain(`The credit note is attached as a PDF (${attachedNote?.filename}).`);
    expectShows(pdfText(new Uint8Array(Buffer.from(attachedNote?.base64 ?? '', 'base64'))), [
      'CREDIT NOTE',
      `Against invoice: ${invoice.number} of 10 December 2031`,
      'Rupees Three Hundred Seven Only',
    ]);
    expect((await admin.get(`/api/admin/orders/${sent.id}/credit-notes/2/pdf`)).status).toBe(404);
    expect((await visitor.get(`/api/enquiries/status/${sent.statusToken}/credit-notes/0/pdf`)).status).toBe(400);
    const other = await send('No Invoice', [1, 1], 'Temple Road, Aluva, Kerala 683101');
    expect((await visitor.get(`/api/enquiries/status/${other.statusToken}/invoice/pdf`)).status).toBe(404);
    expect((await new Client(ctx.app).get(`/api/admin/orders/${sent.id}/invoice/pdf`)).status).toBe(401);
    // The order details ask whether there is an invoice: none is an answer, a missing enquiry a 404.
    expect((await admin.get(`/api/admin/orders/${other.id}/invoice-status`)).body).toEqual({ invoice: null });
    const status = await admin.get<{ invoice: OrderInvoice }>(`/api/admin/orders/${sent.id}/invoice-status`);
    expect(status.body.invoice.invoice.number).toBe(invoice.number);
    expect(status.body.invoice.creditNotes).toHaveLength(1);
    expect((await admin.get('/api/admin/orders/999999/invoice-status')).status).toBe(404);
  });

  it('GSTR-1 as a CSV per table: the portal tool’s headings, amounts in rupees, figures that match the JSON', async () => {
    const report = (await admin.get<Gstr1>('/api/admin/reports/gstr1?month=2031-12')).body;
    const csv = async (table: string) => {
      const response = await admin.download(`/api/admin/reports/gstr1?month=2031-12&format=csv&table=${table}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="GSTR-1-2031-12-${table}.csv"`);
      return response.body.trimEnd().split('\r\n');
    };
    // The first test's invoice to a registered buyer: ₹1,680.00 at 5% and ₹570.00 (cups and delivery) at 18%.
    const b2b = await csv('b2b');
    expect(b2b[0]).toBe(
      'GSTIN/UIN of Recipient,Receiver Name,Invoice Number,Invoice date,Invoice Value,Place Of Supply,Reverse Charge,Applicable % of Tax Rate,Invoice Type,E-Commerce GSTIN,Rate,Taxable Value,Cess Amount',
    );
    expect(b2b.slice(1)).toEqual([
      '32BBBCK5678L1Z4,Anitha Menon,GL/2031-32/0001,10-Dec-2031,2437.00,32-Kerala,N,,Regular B2B,,5,1680.00,',
      '32BBBCK5678L1Z4,Anitha Menon,GL/2031-32/0001,10-Dec-2031,2437.00,32-Kerala,N,,Regular B2B,,18,570.00,',
    ]);
    expect(report.b2b.totals).toEqual({ taxable: 2_250_00, igst: 0, cgst: 93_30, sgst: 93_30 });
    const docs = await csv('docs');
    expect(docs[0]).toBe('Nature of Document,Sr. No. From,Sr. No. To,Total Number,Cancelled');
    expect(docs[1]).toBe(`Invoices for outward supply,GL/2031-32/0001,GL/2031-32/0003,3,0`);
    // The heading, then one line per row of the report: no totals line.
    const tables = { b2cl: report.b2cl, b2cs: report.b2cs, cdnr: report.cdnr, cdnur: report.cdnur, 'hsn-b2b': report.hsnB2b };
    for (const [table, { rows }] of Object.entries({ ...tables, 'hsn-b2c': report.hsnB2c }))
      expect(await csv(table), table).toHaveLength(rows.length + 1);
    const refused = await admin.get<{ message: string }>('/api/admin/reports/gstr1?month=2031-12&format=csv');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("A CSV is one table: give 'table'");
  });

  it('a ₹1,19,700 balance on a personal UPI ID: no UPI request for the whole, the bank transfer first, then the rest', async () => {
    const sent = await send('Lakh Customer', [100, 100], 'Temple Road, Aluva, Kerala 683101');
    // 100 × ₹1,000.00 + 100 × ₹140.00 = ₹1,14,000.00 at 5% (CGST = SGST = ₹2,850.00), no delivery: ₹1,19,700.00.
    const lines = [
      { price: '1000.00', hsnCode: '14049090', gstRate: 5 },
      { price: '140.00', hsnCode: '48236900', gstRate: 5 },
    ];
    await steps.quoteAndAccept({ admin, visitor }, sent, quoteBody(clock, { lines, delivery: '0.00' }));
    const { invoice, upiLink } = await issue(sent.id);
    expect(invoice.totals.total).toBe(1_19_700_00);
    // greenleaf@okaxis has no merchant code: a personal UPI ID, ₹1,00,000 a payment at most.
    const first = new URL(upiLink ?? '').searchParams;
    expect([first.get('am'), first.get('tr'), first.get('mc')]).toEqual(['100000.00', invoice.number, null]);

    const { pdf } = await download(`/api/enquiries/status/${sent.statusToken}/invoice/pdf`, visitor);
    const text = pdfText(pdf);
    expectShows(text, ['₹1,19,700.00 due by', 'UPI takes up to ₹1,00,000.00 a payment']);
    expect(text.indexOf('Bank transfer to')).toBeLessThan(text.indexOf('UPI: greenleaf@okaxis'));
    expect(pdfQrCode(pdf)).toBe(upiLink);
    const page = (await visitor.get<CustomerEnquiry>(`/api/enquiries/status/${sent.statusToken}`)).body;
    expect(page.invoice?.upi).toMatchObject({ link: upiLink, amount: '₹1,00,000.00' });
    expect(page.invoice?.document.payment?.lines[0]).toBe('Bank transfer to Green Leaf Eco Tableware Private Limited');
    const [mail] = await ctx.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, `Tax invoice ${invoice.number} for your order #${sent.displayId}`));
    const mailText = mail?.text ?? '';
    expect(mailText.indexOf('By bank transfer')).toBeGreaterThan(0);
    expect(mailText.indexOf('By bank transfer')).toBeLessThan(mailText.indexOf('By UPI'));
    expect(mailText).toContain('up to ₹1,00,000.00 a payment: the button and the QR code ask for ₹1,00,000.00');
    expect(mailText).toContain(`Pay ₹1,00,000.00 by UPI: ${upiLink}`);

    // ₹1,00,000 arrives by UPI: the next request is for the ₹19,700 left, with a reference of its own.
    await pay(sent.id, '100000');
    const after = await expectBody(admin.get<OrderInvoice>(`/api/admin/orders/${sent.id}/invoice`), 200);
    const second = new URL(after.upiLink ?? '').searchParams;
    expect([second.get('am'), second.get('tr')]).toEqual(['19700.00', `${invoice.number}-2`]);
  });
  // Last in this file: it changes the shop's details for the rest of the suite.
  it('an invoice issued before the shop’s details change renders as issued; one issued after carries the new details', async () => {
    const before = await send('Kavya Pillai', [1, 1], '7/12 Market Lane, Thrissur, Kerala 680001');
    await quoteAndAccept(before, '32', null);
    const { invoice: old } = await issue(before.id);
    const saved = await admin.request('PUT', '/api/admin/settings/business', { payload: SAVED.business });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const oldText = pdfText((await download(`/api/admin/orders/${before.id}/invoice/pdf?copy=original`, admin)).pdf);
    for (const issued of ['Green Leaf Eco Tableware Private Limited', '32AAACG1234A1ZN', 'Market Road', old.number]) {
      expect(oldText).toContain(issued);
    }
    expect(oldText).not.toContain('Kochi Leafware');

    const after = await send('Kavya Pillai', [1, 1], '7/12 Market Lane, Thrissur, Kerala 680001');
    await quoteAndAccept(after, '32', null);
    await issue(after.id);
    const newText = pdfText((await download(`/api/admin/orders/${after.id}/invoice/pdf?copy=original`, admin)).pdf);
    for (const issued of ['Kochi Leafware LLP', '32ABCDE1234F1Z9', '41/1020 MG Road']) expect(newText).toContain(issued);
    // The payee and the signatory are the payments and documents sections', which were not changed.
    for (const earlier of ['32AAACG1234A1ZN', 'Market Road']) {
      expect(newText).not.toContain(earlier);
    }
    // The shop's own details are saved: no longer a specimen.
    expect(newText).not.toMatch(/Specimen/i);
  });
});
