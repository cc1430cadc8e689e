// A customer who sends their enquiry from the Malayalam pages, on both databases: the enquiry keeps the language,
// and what the shop sends them (the acknowledgement, the quote's e-mail, the quotation's PDF, the answer's receipt,
// the tax invoice and the credit note with their e-mails and PDFs, the payment's receipt, a new status link, the
// statement of account, the payment reminder) is written in it, the legal titles in both; an English enquiry's stay
// exactly as they were. The sitemap lists both languages.
import { desc, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';

import { orders } from '#domains/enquiry/tables.ts';
import type { OrderInvoice } from '#domains/invoice/model.ts';
import type { Quote } from '#domains/quote/model.ts';
import { istDate } from '#lib/india-time.ts';
import { outbox } from '#platform/mail/tables.ts';
import { TestClock } from '#tests/support/clock.ts';
import { databaseKinds } from '#tests/support/databases.ts';
import { browserLine, CUSTOMER, enquiryPayload } from '#tests/support/enquiry.ts';
import { expectShows } from '#tests/support/pdf.ts';
import { quoteBody, SHOP_PAYMENTS, type StaffApp, steps, useStaffApp } from '#tests/support/staff-app.ts';

const ROUND = 'Areca Leaf Round Plate'; // 8 inch: ₹560.00 a carton of 100, 5% GST
const CUP = 'Bagasse Cup 200 ml'; // ₹260.00 a carton, 18% GST
// Thursday 26 November 2026, 10:30 AM IST: a working morning.
const START = Date.UTC(2026, 10, 26, 5, 0, 15);

describe.each(databaseKinds())('an enquiry sent in Malayalam on %s', (kind) => {
  let { ctx, ids, admin, visitor } = {} as StaffApp;
  const clock = new TestClock(START);

  useStaffApp(kind, { clock, config: { payments: SHOP_PAYMENTS } }, (app) => ({ ctx, ids, admin, visitor } = app));

  const lastMailTo = async (to: string) => {
    const [mail] = await ctx.database.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1);
    return mail!;
  };
  /** A PDF's text as pdf.js reads it (Malayalam in drawing order: the words checked have no vowel sign drawn first). */
  const textOf = async (pdf: Uint8Array) => (await extractText(await getDocumentProxy(pdf), { mergePages: true })).text;
  const attachedPdf = (mail: { attachments: Array<{ filename: string; base64: string }> | null }) =>
    textOf(new Uint8Array(Buffer.from(mail.attachments![0]!.base64, 'base64')));
  const send = (language?: string) =>
    steps.enquiry(
      visitor,
      enquiryPayload(
        [browserLine(ids, ROUND, '8 inch', 3), browserLine(ids, CUP, null, 2)],
        language === undefined ? {} : { language },
      ),
    );

  it('keeps its language; the acknowledgement is in Malayalam and its link opens the Malayalam status page', async () => {
    const sent = await send('ml');
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, sent.id));
    expect(row!.language).toBe('ml');
    const mail = await lastMailTo(CUSTOMER.customerEmail);
    expect(mail.subject).toBe(`നിങ്ങളുടെ അന്വേഷണം #${sent.displayId} ലഭിച്ചു`);
    expect(mail.html).toContain('<html lang="ml-IN">');
    expect(mail.text).toContain(`പ്രിയ ${CUSTOMER.customerName},`);
    // 3 cartons of 100 plates, counted in Malayalam; the figures stay Western with Indian grouping.
    expect(mail.text).toContain('3 കാർട്ടൺ × 100 പ്ലേറ്റ് = 300 പ്ലേറ്റ്, ഒരു കാർട്ടണിന് ₹560.00: ₹1,680.00');
    // 1,680.00 + 2 × 260.00 = 2,200.00.
    expect(mail.text).toContain('₹2,200.00');
    expect(mail.text).toContain(`/ml/enquiry/${sent.statusToken}`);
    expect(mail.text).not.toMatch(/Thank you|Follow your enquiry|Dear /);
  });

  it('an English enquiry stores English and its acknowledgement reads as before', async () => {
    const sent = await send();
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, sent.id));
    expect(row!.language).toBe('en');
    const mail = await lastMailTo(CUSTOMER.customerEmail);
    expect(mail.subject).toBe(`We received your enquiry #${sent.displayId}`);
    expect(mail.html).toContain('<html lang="en-IN">');
    expect(mail.text).toContain(`/enquiry/${sent.statusToken}`);
    expect(mail.text).not.toContain('/ml/');
  });

  it('refuses a language the shop does not write', async () => {
    const response = await visitor.post<{ errors?: Record<string, string> }>(
      '/api/orders',
      enquiryPayload([browserLine(ids, ROUND, '8 inch', 1)], { language: 'hi' }),
    );
    expect(response.status).toBe(400);
    expect(response.body.errors).toHaveProperty('language');
  });

  it('the quote’s e-mail and PDF are in Malayalam, the title in both languages; the figures are the same', async () => {
    const sent = await send('ml');
    const quote = await steps.quote<Quote>(admin, sent.id, quoteBody(clock, { customerGstin: '', note: '' }));
    expect(quote.document.title).toBe('Quotation / ക്വട്ടേഷൻ');
    const mail = await lastMailTo(CUSTOMER.customerEmail);
    expect(mail.subject).toBe(`അന്വേഷണം #${sent.displayId}-നുള്ള നിങ്ങളുടെ ക്വട്ടേഷൻ Q-${sent.displayId}-1`);
    expect(mail.html).toContain('<html lang="ml-IN">');
    expect(mail.text).toContain('ക്വട്ടേഷൻ കാണുക, ഡൗൺലോഡ് ചെയ്യുക, സ്വീകരിക്കുക');
    expect(mail.text).toContain(`/ml/enquiry/${sent.statusToken}`);
    const response = await ctx.app.inject({ url: `/api/enquiries/status/${sent.statusToken}/quotes/1/pdf` });
    expect(response.statusCode).toBe(200);
    // Read as pdf.js reads it: Malayalam comes out in the order drawn, so the words checked have no vowel sign
    // written before its consonant (the page itself shows them right: docs/malayalam.md).
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(response.rawPayload)), { mergePages: true });
    // 3 × 560 = 1,680.00 at 5%, 2 × 260 = 520.00 at 18%, delivery 50.00 at 18%: taxable 2,250.00, CGST = SGST =
    // 93.30, 2,436.60 rounded to 2,437.00.
    expectShows(text, ['QUOTATION / ', 'ഇനം', 'നിബന്ധനകൾ', 'നികുതി ബാധകമായ തുക', 'തുക അക്ഷരത്തിൽ', '₹1,680.00', '₹2,437.00']);
    expect(text).not.toMatch(/\bTerms\b|Amount in words|not a tax invoice/);
  });

  it('a quote for an English enquiry keeps its English title and terms', async () => {
    const sent = await send();
    const quote = await steps.quote<Quote>(admin, sent.id, quoteBody(clock, { customerGstin: '', note: '' }));
    expect(quote.document.title).toBe('Quotation');
    expect(quote.document.terms).toContain('This quotation is not a tax invoice.');
  });

  it('the answer’s receipt, the tax invoice and its PDF, the payment’s receipt and the credit note are in Malayalam', async () => {
    const sent = await send('ml');
    await steps.quoteAndAccept({ admin, visitor }, sent, quoteBody(clock, { customerGstin: '', note: '' }));
    const receipt = await lastMailTo(CUSTOMER.customerEmail);
    expect(receipt.subject).toBe(`അന്വേഷണം #${sent.displayId}-നുള്ള ക്വട്ടേഷൻ Q-${sent.displayId}-1 നിങ്ങൾ സ്വീകരിച്ചു`);
    expect(receipt.html).toContain('<html lang="ml-IN">');

    const { invoice } = await steps.invoice<OrderInvoice>(admin, sent.id);
    const mail = await lastMailTo(CUSTOMER.customerEmail);
    expect(mail.subject).toBe(`നിങ്ങളുടെ ഓർഡർ #${sent.displayId}-നുള്ള നികുതി ഇൻവോയ്സ് ${invoice.number}`);
    expect(mail.html).toContain('<html lang="ml-IN">');
    expectShows(mail.text, [
      `പ്രിയ ${CUSTOMER.customerName},`,
      `നിങ്ങളുടെ ഓർഡർ #${sent.displayId}-നുള്ള ഞങ്ങളുടെ നികുതി ഇൻവോയ്സ് ${invoice.number} (നവംബർ 26, 2026) ഇതാ.`,
      // Due 7 days after: Thursday 3 December 2026.
      'ദയവായി പണം അടയ്ക്കുക; അവസാന തീയതി: ഡിസംബർ 3, 2026, വ്യാഴം.',
      `Tax invoice / നികുതി ഇൻവോയ്സ് ${invoice.number}`,
      '₹2,437.00',
      'UPI വഴി ₹2,437.00 അടയ്ക്കുക',
      'ഇൻവോയ്സ് കാണുക, ഡൗൺലോഡ് ചെയ്യുക, പ്രിന്റ് ചെയ്യുക',
      `/ml/enquiry/${sent.statusToken}`,
    ]);
    expect(mail.text).not.toMatch(/Dear |Please pay|Here is our|attached as a PDF|By UPI to/);
    expect(mail.attachments![0]!.filename).toBe(`Tax-invoice-${invoice.number.replace(/\//g, '-')}.pdf`);
    const pdf = await attachedPdf(mail);
    // 3 × 560 = 1,680.00 at 5%, 2 × 260 = 520.00 at 18%, delivery 50.00 at 18%: 2,437.00 with GST, rounded.
    expectShows(pdf, ['TAX INVOICE /', 'ORIGINAL FOR RECIPIENT', 'ഇനം', 'നിബന്ധനകൾ', 'തീയതി', 'നവംബർ 26, 2026', 'ഇല്ല']);
    expectShows(pdf, ['ഡിസംബർ 3, 2026', 'മുകളിൽ നൽകിയ വിവരങ്ങൾ സത്യവും', 'GSTIN', 'CGST', 'SGST', '₹1,680.00', '₹2,437.00']);
    expect(pdf).not.toMatch(/\bTerms\b|Bill to|Reverse charge|Certified|Amount in words|Due by/);
    // The status page's download is the same document.
    const download = await ctx.app.inject({ url: `/api/enquiries/status/${sent.statusToken}/invoice/pdf` });
    expect(download.statusCode).toBe(200);
    expectShows(await textOf(new Uint8Array(download.rawPayload)), ['TAX INVOICE /', 'നിബന്ധനകൾ']);

    // The row's created_at is the database's time, not the test clock's: the payment today must not come before it.
    await ctx.database.db.update(orders).set({ createdAt: clock.now() }).where(eq(orders.id, sent.id));
    const paid = await admin.post(`/api/admin/orders/${sent.id}/payments`, {
      amount: '1000.00',
      method: 'bank-transfer',
      receivedOn: istDate(clock.now()),
      reference: 'FDRLN26112600001',
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const thanks = await lastMailTo(CUSTOMER.customerEmail);
    expect(thanks.subject).toBe(`ഇൻവോയ്സ് ${invoice.number}-നുള്ള പേയ്മെന്റ് ലഭിച്ചു`);
    expectShows(thanks.text, [
      `നന്ദി: ഇൻവോയ്സ് ${invoice.number}-നായി നവംബർ 26, 2026-ന് ബാങ്ക് ട്രാൻസ്ഫർ വഴി ₹1,000.00 ഞങ്ങൾക്ക് ലഭിച്ചു (റഫറൻസ് FDRLN26112600001).`,
      'ഇനി അടയ്ക്കാനുള്ളത്: ₹1,437.00.',
    ]);

    // A carton of plates back: 560.00 + 5% = 588.00.
    const credited = await admin.post(`/api/admin/orders/${sent.id}/credit-notes`, {
      reason: 'One carton damaged',
      lines: [{ line: 1, quantity: 1 }],
    });
    expect(credited.status, JSON.stringify(credited.body)).toBe(201);
    const note = await lastMailTo(CUSTOMER.customerEmail);
    expect(note.subject).toMatch(new RegExp(`^ഇൻവോയ്സ് ${invoice.number}-നുള്ള ക്രെഡിറ്റ് നോട്ട് \\S+$`));
    expectShows(note.text, ['കാരണം: One carton damaged', 'Credit note / ക്രെഡിറ്റ് നോട്ട്', '₹588.00']);
    expect(note.text).not.toMatch(/Dear |We have issued|attached as a PDF/);
    expect(note.attachments![0]!.filename).toMatch(/^Credit-note-/);
    const notePdf = await attachedPdf(note);
    expectShows(notePdf, ['CREDIT NOTE /', 'കാരണം: One carton damaged', 'ഇനം', 'നിബന്ധനകൾ', '₹588.00']);
    expect(notePdf).not.toMatch(/\bTerms\b|Against invoice|Reason:/);
  });

  it('a new status link is e-mailed in Malayalam and the staff’s copy of the link opens the Malayalam page', async () => {
    const sent = await send('ml');
    const link = await admin.get<{ url: string }>(`/api/admin/orders/${sent.id}/status-link`);
    expect(link.body.url).toContain(`/ml/enquiry/${sent.statusToken}`);
    expect((await admin.post(`/api/admin/orders/${sent.id}/status-link`, {})).status).toBe(200);
    const mail = await lastMailTo(CUSTOMER.customerEmail);
    expect(mail.subject).toBe(`നിങ്ങളുടെ അന്വേഷണം #${sent.displayId} പിന്തുടരാൻ പുതിയ ലിങ്ക്`);
    const fresh = await admin.get<{ url: string }>(`/api/admin/orders/${sent.id}/status-link`);
    expect(fresh.body.url).toMatch(/\/ml\/enquiry\//);
    expect(mail.text).toContain(fresh.body.url);
  });

  it('the statement of account speaks the language of the customer’s latest enquiry', async () => {
    const customer = { customerName: 'രമ്യ നായർ', customerEmail: 'ramya@example.in', customerPhone: '9847055555' };
    const first = await steps.enquiry(
      visitor,
      enquiryPayload([browserLine(ids, ROUND, '8 inch', 2)], { ...customer, language: 'ml' }),
    );
    await steps.invoice(admin, first.id, {
      confirmed: {
        lines: [{ price: '560.00', hsnCode: '14049090', gstRate: 5 }],
        delivery: '50.00',
        placeOfSupply: '32',
        customerGstin: null,
      },
    });
    const response = await admin.post(`/api/admin/customers/${first.id}/statement/email`, {});
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const mail = await lastMailTo(customer.customerEmail);
    expect(mail.subject).toMatch(/^അക്കൗണ്ട് സ്റ്റേറ്റ്മെന്റ്, ഏപ്രിൽ 1, 2026 മുതൽ നവംബർ 26, 2026 വരെ$/);
    expect(mail.html).toContain('<html lang="ml-IN">');
    // 2 × 560.00 + 5% + 50.00 delivery + 5% (the goods' rate) = 1,228.50, rounded to 1,229.00.
    expectShows(mail.text, ['പ്രിയ രമ്യ നായർ,', 'അടയ്ക്കാനുള്ള തുക: ₹1,229.00', 'പ്രാരംഭ ബാക്കി', 'അവസാന ബാക്കി']);
    expect(mail.text).not.toMatch(/Dear |Amount due|Opening balance|Closing balance/);
    const pdf = await attachedPdf(mail);
    expectShows(pdf, ['STATEMENT OF ACCOUNT /', 'വിവരങ്ങൾ', 'അവസാന ബാക്കി', 'നവംബർ 26, 2026', '₹1,229.00']);
    expect(pdf).not.toMatch(/Particulars|Opening balance|Amount due/);
  });

  it('the payment reminder is in Malayalam; an English enquiry’s invoice and its e-mail read as before', async () => {
    const english = await send();
    await steps.quoteAndAccept({ admin, visitor }, english, quoteBody(clock, { customerGstin: '', note: '' }));
    const { invoice } = await steps.invoice<OrderInvoice>(admin, english.id);
    const mail = await lastMailTo(CUSTOMER.customerEmail);
    expect(mail.subject).toBe(`Tax invoice ${invoice.number} for your order #${english.displayId}`);
    expect(mail.html).toContain('<html lang="en-IN">');
    expect(mail.text).toContain(`Tax invoice ${invoice.number}`);
    expect(mail.text).not.toMatch(/[\u0D00-\u0D7F]/);
    expect(mail.attachments![0]!.filename).toBe(`Tax-invoice-${invoice.number.replace(/\//g, '-')}.pdf`);
    const pdf = await attachedPdf(mail);
    expectShows(pdf, ['TAX INVOICE', 'Bill to', 'Terms', 'Reverse charge']);
    expect(pdf).not.toMatch(/TAX INVOICE \/|[\u0D00-\u0D7F]/);

    // Thursday 3 December 2026, 10:30 AM IST: the invoices of 26 November are due today.
    clock.set(START + 7 * 24 * 60 * 60 * 1000);
    await ctx.services.reminders.runDue();
    const reminders = await ctx.database.db.select().from(outbox).where(eq(outbox.to, CUSTOMER.customerEmail));
    const malayalam = reminders.filter((sent) => sent.subject.startsWith('പേയ്മെന്റ് ഓർമ്മപ്പെടുത്തൽ'));
    expect(malayalam.length).toBeGreaterThan(0);
    expect(malayalam[0]!.subject).toMatch(/^പേയ്മെന്റ് ഓർമ്മപ്പെടുത്തൽ: ഇൻവോയ്സ് \S+-ൽ ₹[\d,.]+ അടയ്ക്കാനുണ്ട്$/);
    expectShows(malayalam[0]!.text, ['അടയ്ക്കേണ്ട തീയതി ഇന്നാണ്.', 'ഇനി അടയ്ക്കാനുള്ളത്', 'ഇൻവോയ്സും പേയ്മെന്റുകളും കാണുക']);
    expect(malayalam[0]!.text).not.toMatch(/Dear |is still to pay|If you have already paid/);
    const englishReminder = reminders.find((sent) => sent.subject.endsWith(`due on invoice ${invoice.number}`));
    expect(englishReminder?.subject).toBe(`Payment reminder: ₹2,437.00 due on invoice ${invoice.number}`);
    expect(englishReminder?.text).toContain(
      `₹2,437.00 is still to pay on our tax invoice ${invoice.number} for your order #${english.displayId}: it is due today.`,
    );
  });
});
