// A customer who sends their enquiry from the Malayalam pages, on both databases: the enquiry keeps the language,
// and what the shop sends them (the acknowledgement, the quote's e-mail, the quotation's PDF) is written in it, the
// legal title in both; an English enquiry's stay exactly as they were. The sitemap lists both languages.
import { desc, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';

import { orders } from '#domains/enquiry/tables.ts';
import type { Quote } from '#domains/quote/model.ts';
import { outbox } from '#platform/mail/tables.ts';
import { TestClock } from '#tests/support/clock.ts';
import { databaseKinds } from '#tests/support/databases.ts';
import { browserLine, CUSTOMER, enquiryPayload } from '#tests/support/enquiry.ts';
import { expectShows } from '#tests/support/pdf.ts';
import { quoteBody, type StaffApp, steps, useStaffApp } from '#tests/support/staff-app.ts';

const ROUND = 'Areca Leaf Round Plate'; // 8 inch: ₹560.00 a carton of 100, 5% GST
const CUP = 'Bagasse Cup 200 ml'; // ₹260.00 a carton, 18% GST
// Thursday 26 November 2026, 10:30 AM IST: a working morning.
const START = Date.UTC(2026, 10, 26, 5, 0, 15);

describe.each(databaseKinds())('an enquiry sent in Malayalam on %s', (kind) => {
  let { ctx, ids, admin, visitor } = {} as StaffApp;
  const clock = new TestClock(START);

  useStaffApp(kind, { clock }, (app) => ({ ctx, ids, admin, visitor } = app));

  const lastMailTo = async (to: string) => {
    const [mail] = await ctx.database.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1);
    return mail!;
  };
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
});
