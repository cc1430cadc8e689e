// Quotes with GST, on both databases: the staff's draft and versions, the customer's accept
// and decline by status link and from 'My enquiries', expiry, refusals, the e-mails and the history, and the PDF.
// The figures are worked by hand in the comments (the same example as domains/tax/gst.test.ts).
import { and, desc, eq, inArray } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';

import { dayText } from '#domains/enquiry/reply-promise.ts';
import type { CheckoutDetails } from '#domains/enquiry/status-link.ts';
import { orders } from '#domains/enquiry/tables.ts';
import type { CustomerEnquiry } from '#domains/order-file/customer-view.ts';
import type { AdminDashboard, AdminOrder } from '#domains/order-file/schema.ts';
import type { Quote, QuoteDraft, QuotePreview, QuoteSummary } from '#domains/quote/model.ts';
import { quotes } from '#domains/quote/tables.ts';
import type { AuditEntry } from '#lib/audit.ts';
import { addDays, istDate } from '#lib/india-time.ts';
import { parseRupees } from '#lib/money.ts';
import type { AdminPage } from '#lib/schemas/list.ts';
import { loadConfig } from '#platform/config.ts';
import { outbox } from '#platform/mail/tables.ts';
import { Client, createAccount, STRONG_PASSWORD } from '#tests/support/accounts.ts';
import { DAY, TestClock } from '#tests/support/clock.ts';
import { databaseKinds } from '#tests/support/databases.ts';
import { browserLine, enquiryPayload } from '#tests/support/enquiry.ts';
import { expectShows } from '#tests/support/pdf.ts';
import { quoteBody as sharedQuoteBody, type Sent, type StaffApp, steps, useStaffApp } from '#tests/support/staff-app.ts';

const ROUND = 'Areca Leaf Round Plate'; // 8 inch: ₹560.00 a carton, demo HSN 14049090 at 5%
const CUP = 'Bagasse Cup 200 ml'; // ₹260.00 a carton, demo HSN 48237090 (moulded pulp) at 18%
const KERALA_ADDRESS = '14/220 Temple Road, Edappally, Kochi, Kerala 682024';
const BENGALURU_ADDRESS = '12 Residency Road, Bengaluru, Karnataka 560025';
// Thursday 26 November 2026, 10:30 AM IST: a working morning, the same on every run.
const START = Date.UTC(2026, 10, 26, 5, 0, 15);
type Drafted = { draft: QuoteDraft; quotes: Quote[] };
/** '₹1,764.00' in paise. */
const paiseOf = (text: string) => parseRupees(text.replace(/[₹,]/g, ''))!;

describe('the GST_RATES setting', () => {
  it('defaults to the slabs in force (0, 5, 18, 40), takes a list as written, refuses what is not one', () => {
    expect(loadConfig({}).gstRates).toEqual([0, 5, 18, 40]);
    expect(loadConfig({ GST_RATES: '0, 5, 12, 18, 28' }).gstRates).toEqual([0, 5, 12, 18, 28]);
    expect(() => loadConfig({ GST_RATES: '5%,18' })).toThrow(/^GST_RATES must be whole per cents from 0 to 100/);
  });
});

describe.each(databaseKinds())('quotes on %s', (kind) => {
  let { ctx, ids, admin, user, visitor } = {} as StaffApp;
  const clock = new TestClock(START);

  useStaffApp(kind, { clock }, (app) => ({ ctx, ids, admin, user, visitor } = app));

  const send = async (client: Client, deliveryLocation = KERALA_ADDRESS) => {
    const payload = enquiryPayload([browserLine(ids, ROUND, '8 inch', 3), browserLine(ids, CUP, null, 2)], {
      deliveryLocation,
    });
    return steps.enquiry(client, payload);
  };
  const today = () => istDate(clock.now());
  /** The shared quote with an empty GSTIN box and a note. */
  const quoteBody = (overrides: Record<string, unknown> = {}) =>
    sharedQuoteBody(clock, { customerGstin: '', note: 'Delivery on Thursday morning.', ...overrides });
  const sendQuote = (id: number, overrides: Record<string, unknown> = {}) =>
    steps.quote<Quote & { message?: string }>(admin, id, quoteBody(overrides));
  const statusOf = async (token: string) => (await visitor.get<CustomerEnquiry>(`/api/enquiries/status/${token}`)).body;
  const answer = (token: string, action: 'accept' | 'decline', body: Record<string, unknown>) =>
    visitor.post<Quote & { message?: string }>(`/api/enquiries/status/${token}/quote/${action}`, body);
  const lastMailTo = async (to: string) => {
    const [mail] = await ctx.database.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1);
    return mail!;
  };
  const orderRow = async (id: number) => (await ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  it('the draft starts from the enquiry: its prices, the products’ HSN and rate, Kerala from the pincode, ₹50 delivery, 7 days', async () => {
    const sent = await send(visitor);
    const response = await admin.get<Drafted>(`/api/admin/orders/${sent.id}/quotes`);
    expect(response.status).toBe(200);
    expect(response.body.quotes).toEqual([]);
    const { draft } = response.body;
    expect(draft.lines.map((line) => [line.productName, line.price, line.hsnCode, line.gstRate, line.quantity])).toEqual([
      [ROUND, '560.00', '14049090', 5, 3],
      [CUP, '260.00', '48237090', 18, 2],
    ]);
    expect(draft).toMatchObject({
      basis: null,
      delivery: '50.00',
      placeOfSupply: '32',
      placeFromPincode: true,
      customerGstin: '',
      note: '',
      accepted: null,
    });
    expect(draft.validUntil).toBe(addDays(today(), 7));
  });

  it('the first draft takes the GSTIN given at checkout; the place of supply stays the state of delivery', async () => {
    // A Maharashtra business having the goods delivered in Kerala: the supply is in Kerala.
    const payload = enquiryPayload([browserLine(ids, ROUND, '8 inch', 3), browserLine(ids, CUP, null, 2)], {
      deliveryLocation: KERALA_ADDRESS,
      customerGstin: '27aapfu0939f1zv',
    });
    const sent = (await visitor.post<Sent>('/api/orders', payload)).body;
    const drafted = async () => (await admin.get<Drafted>(`/api/admin/orders/${sent.id}/quotes`)).body.draft;
    expect(await drafted()).toMatchObject({
      basis: null,
      customerGstin: '27AAPFU0939F1ZV',
      placeOfSupply: '32',
      placeFromPincode: true,
    });
    // A revision starts from what was sent: the staff's GSTIN, not the checkout's.
    await sendQuote(sent.id, { customerGstin: '' });
    expect(await drafted()).toMatchObject({ basis: `Q-${sent.displayId}-1`, customerGstin: '' });
  });

  it('a customer’s next checkout takes the GSTIN of their last quote when none of their enquiries gave one', async () => {
    const customer = new Client(ctx.app);
    await createAccount(ctx.services, { username: 'quoted_business' });
    await customer.signIn('quoted_business', STRONG_PASSWORD);
    const gstin = async () => (await customer.get<CheckoutDetails>('/api/account/checkout-details')).body.customerGstin;
    const first = await send(customer);
    expect(await gstin()).toBeNull();
    await sendQuote(first.id, { customerGstin: '27aapfu0939f1zv' });
    expect(await gstin()).toBe('27AAPFU0939F1ZV');
    // One given at checkout comes before any quote's.
    const payload = enquiryPayload([browserLine(ids, CUP, null, 1)], { customerGstin: '32AAACG1234A1ZN' });
    expect((await customer.post<Sent>('/api/orders', payload)).status).toBe(201);
    expect(await gstin()).toBe('32AAACG1234A1ZN');
  });

  it('a pincode written 3 + 3 is accepted at checkout and gives the place of supply', async () => {
    const sent = await send(visitor, 'No. 4, Residency Road, Bengaluru, Karnataka 560 025');
    const { draft } = (await admin.get<Drafted>(`/api/admin/orders/${sent.id}/quotes`)).body;
    expect(draft).toMatchObject({ placeOfSupply: '29', placeFromPincode: true });
  });

  it('within Kerala: CGST + SGST per line and on delivery, rounded to the rupee; the customer is e-mailed the link', async () => {
    const sent = await send(visitor);
    const quote = await sendQuote(sent.id);
    expect(quote).toMatchObject({ number: `Q-${sent.displayId}-1`, version: 1, status: 'sent', intraState: true });
    // 3 × 560 = 1,680.00 at 5%: 42.00 + 42.00. 2 × 260 = 520.00 at 18%: 46.80 + 46.80. Delivery 50.00 at the
    // highest rate, 18%: 4.50 + 4.50. Taxable 2,250.00; CGST = SGST = 93.30; 2,436.60 rounds to 2,437.00 (+0.40).
    expect(quote.lines.map((line) => [line.taxable, line.cgst, line.sgst, line.igst])).toEqual([
      [168_000, 4_200, 4_200, 0],
      [52_000, 4_680, 4_680, 0],
    ]);
    expect(quote.totals).toEqual({
      taxable: 225_000,
      cgst: 9_330,
      sgst: 9_330,
      igst: 0,
      roundOff: 40,
      total: 243_700,
      delivery: { taxable: 5_000, rate: 18, cgst: 450, sgst: 450, igst: 0 },
    });
    expect(quote.totalInWords).toBe('Rupees Two Thousand Four Hundred Thirty-Seven Only');
    const mail = await lastMailTo('anitha@example.in');
    expect(mail.subject).toBe(`Your quote Q-${sent.displayId}-1 for enquiry #${sent.displayId}`);
    expect(mail.text).toContain('Total: ₹2,437.00');
    expect(mail.text).toContain(`/enquiry/${sent.statusToken}`);
    // The e-mail's rows are the quote's: each with its tax, delivery included, and they add up to its total:
    // 1,764.00 + 613.60 + 59.00 = 2,436.60, and the round-off +0.40 makes 2,437.00.
    const amounts = [...mail.text.matchAll(/^ {2}.*: (₹[\d,]+\.\d{2})$/gm)].map((match) => paiseOf(match[1]!));
    expect(amounts).toEqual([176_400, 61_360, 5_900]);
    expect(mail.text).toContain('  ₹50.00 + CGST 9% ₹4.50 + SGST 9% ₹4.50: ₹59.00');
    expect(mail.text).toContain('Round off: +₹0.40');
    expect(amounts.reduce((sum, amount) => sum + amount, 0) + 40).toBe(243_700);
    expect(mail.html).toContain('₹2,437.00');
    expect(mail.html).toContain(`/enquiry/${sent.statusToken}`);
    const view = await statusOf(sent.statusToken);
    expect(view.quotes.map((q) => [q.number, q.status])).toEqual([[`Q-${sent.displayId}-1`, 'sent']]);
    // The shop has answered: the reply countdown is over.
    expect(view.reply).toBeNull();
  });

  it('a product keeps the HSN code and GST rate the staff give it, and refuses wrong ones', async () => {
    const plate = { name: 'Test Plate', description: 'A plate.', price: '100', category: 'plates' };
    const created = await admin.post<{ id: number }>('/api/admin/products', { ...plate, hsnCode: '4823 ', gstRate: '40' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const read = await admin.get<{ hsnCode: string; gstRate: number }>(`/api/admin/products/${created.body.id}`);
    expect(read.body).toMatchObject({ hsnCode: '4823', gstRate: 40 });
    const defaulted = await admin.post<{ id: number }>('/api/admin/products', plate);
    expect((await admin.get(`/api/admin/products/${defaulted.body.id}`)).body).toMatchObject({ hsnCode: null, gstRate: 18 });
    // The slabs in force (GST_RATES, by default 0, 5, 18, 40): 12 and 28 % are gone since September 2025.
    for (const [field, value, message] of [
      ['gstRate', 12, /GST rate must be one of 0, 5, 18, 40 per cent/],
      ['gstRate', 7, /GST rate must be one of 0, 5, 18, 40 per cent/],
      ['gstRate', '', /GST rate must be a whole per cent/],
      ['gstRate', null, /GST rate must be a whole per cent/],
      ['hsnCode', '48231', /HSN code must be 4, 6 or 8 digits/],
    ] as const) {
      const refused = await admin.post('/api/admin/products', { ...plate, [field]: value });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toMatch(message);
    }
  });

  it('to another state: IGST only; a valid customer GSTIN is kept, in capitals', async () => {
    const sent = await send(visitor, BENGALURU_ADDRESS);
    const drafted = (await admin.get<Drafted>(`/api/admin/orders/${sent.id}/quotes`)).body.draft;
    expect(drafted).toMatchObject({ placeOfSupply: '29', delivery: '' });
    const quote = await sendQuote(sent.id, { placeOfSupply: '29', customerGstin: '27aapfu0939f1zv', delivery: '0' });
    // 1,680.00 × 5% = 84.00; 520.00 × 18% = 93.60; 2,200.00 + 177.60 = 2,377.60, rounds to 2,378.00.
    expect(quote.totals).toMatchObject({ cgst: 0, sgst: 0, igst: 17_760, roundOff: 40, total: 237_800, delivery: null });
    expect(quote).toMatchObject({ intraState: false, customerGstin: '27AAPFU0939F1ZV' });
    expect(quote.placeOfSupply).toEqual({ code: '29', name: 'Karnataka' });
  });

  it('a revision is a new version; the old one cannot be accepted; the new one is, once; the staff see it', async () => {
    const sent = await send(visitor);
    await sendQuote(sent.id);
    await ctx.database.db.update(orders).set({ seen: true }).where(eq(orders.id, sent.id));
    const revised = await sendQuote(sent.id, {
      lines: [
        { price: '540.00', hsnCode: '14049090', gstRate: 5 },
        { price: '250.00', hsnCode: '48236900', gstRate: 18 },
      ],
    });
    expect(revised.version).toBe(2);
    expect((await lastMailTo('anitha@example.in')).subject).toBe(
      `Revised quote Q-${sent.displayId}-2 for enquiry #${sent.displayId}`,
    );
    expect((await statusOf(sent.statusToken)).quotes.map((q) => [q.version, q.status])).toEqual([
      [2, 'sent'],
      [1, 'superseded'],
    ]);

    const old = await answer(sent.statusToken, 'accept', { version: 1 });
    expect(old.status).toBe(409);
    expect(old.body.message).toBe('A newer quote replaced this one');

    const accepted = await answer(sent.statusToken, 'accept', { version: 2 });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.status).toBe('accepted');
    expect(await orderRow(sent.id)).toMatchObject({ status: 'confirmed', seen: false });
    const shopMail = await lastMailTo(ctx.config.shopEmail);
    expect(shopMail.subject).toBe(`Quote Q-${sent.displayId}-2 accepted by Anitha Menon`);
    // The customer has their own record of what they agreed to, and what happens next.
    const receipt = await lastMailTo('anitha@example.in');
    expect(receipt.subject).toBe(`You accepted quote Q-${sent.displayId}-2 for enquiry #${sent.displayId}`);
    expect(receipt.text).toContain(`you accepted our quote Q-${sent.displayId}-2 for ${revised.document.total.text}`);
    expect(receipt.text).toContain('What happens next:');
    expect(receipt.text).toContain(`/enquiry/${sent.statusToken}`);

    const twice = await answer(sent.statusToken, 'accept', { version: 2 });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This quote was already accepted');
    expect((await answer(sent.statusToken, 'decline', { version: 2 })).status).toBe(409);

    const history = (await admin.get<{ history: AuditEntry[] }>(`/api/admin/orders/${sent.id}`)).body.history;
    expect(history.map((entry) => [entry.action, entry.actor])).toEqual([
      ['quote-accepted', 'customer (status link)'],
      ['quote-sent', 'staff_admin'],
      ['quote-sent', 'staff_admin'],
    ]);
  });

  it('sending is idempotent per draft: the version the review named, clicked twice, retried or sent twice at once, is sent once', async () => {
    const quoteMails = async (displayId: number) =>
      (await ctx.database.db.select().from(outbox).orderBy(desc(outbox.id))).filter((mail) =>
        mail.subject.includes(`Q-${displayId}-`),
      );
    const versionsOf = async (id: number) =>
      (await ctx.database.db.select().from(quotes).where(eq(quotes.orderId, id)).orderBy(quotes.version)).map((row) => [
        row.version,
        row.status,
      ]);

    // One after the other (a retry after a lost answer): the repeat answers the version already sent.
    const retried = await send(visitor);
    const first = await sendQuote(retried.id, { version: 1 });
    const repeat = await sendQuote(retried.id, { version: 1 });
    expect(repeat).toEqual(first);
    expect(await versionsOf(retried.id)).toEqual([[1, 'sent']]);
    expect((await quoteMails(retried.displayId)).map((mail) => mail.subject)).toEqual([
      `Your quote Q-${retried.displayId}-1 for enquiry #${retried.displayId}`,
    ]);
    // A draft made before a version it did not see is refused, not sent over it.
    const stale = await admin.post<{ message: string }>(
      `/api/admin/orders/${retried.id}/quotes`,
      quoteBody({ version: 1, note: 'Delivery on Friday.' }),
    );
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      `Q-${retried.displayId}-1 was already sent, and differs from this one: open the quote form again to revise it`,
    );
    const ahead = await admin.post<{ message: string }>(`/api/admin/orders/${retried.id}/quotes`, quoteBody({ version: 3 }));
    expect(ahead.status).toBe(409);
    expect(ahead.body.message).toBe(`Q-${retried.displayId}-3 is not this enquiry's next quote: open the quote form again`);
    expect(await versionsOf(retried.id)).toEqual([[1, 'sent']]);

    // At the same moment (a double click): one of them sends, the other answers what it sent.
    const clicked = await send(visitor);
    const both = await Promise.all(
      [1, 2].map(() => admin.post<Quote>(`/api/admin/orders/${clicked.id}/quotes`, quoteBody({ version: 1 }))),
    );
    expect(both.map((response) => [response.status, response.body.number])).toEqual([
      [201, `Q-${clicked.displayId}-1`],
      [201, `Q-${clicked.displayId}-1`],
    ]);
    expect(await versionsOf(clicked.id)).toEqual([[1, 'sent']]);
    expect(await quoteMails(clicked.displayId)).toHaveLength(1);
    const history = (await admin.get<{ history: AuditEntry[] }>(`/api/admin/orders/${clicked.id}`)).body.history;
    expect(history.map((entry) => entry.action)).toEqual(['quote-sent']);

    // The next draft names the next version; without a version, a send is the next version, as before.
    await sendQuote(clicked.id, { version: 2, note: 'Delivery on Friday morning.' });
    expect((await sendQuote(clicked.id, { note: 'Delivery on Friday morning.' })).version).toBe(3);
    expect(await versionsOf(clicked.id)).toEqual([
      [1, 'superseded'],
      [2, 'superseded'],
      [3, 'sent'],
    ]);
  });

  it('at most one accepted quote: revising an accepted one is an explicit step the customer sees; the database refuses a second', async () => {
    const sent = await send(visitor);
    await sendQuote(sent.id);
    expect((await answer(sent.statusToken, 'accept', { version: 1 })).status).toBe(200);
    expect(await orderRow(sent.id)).toMatchObject({ status: 'confirmed' });

    // The customer has agreed to version 1: a revision that does not say it replaces that agreement is refused.
    const unasked = await admin.post<{ message: string }>(`/api/admin/orders/${sent.id}/quotes`, quoteBody());
    expect(unasked.status).toBe(409);
    expect(unasked.body.message).toBe(
      `The customer accepted Q-${sent.displayId}-1: confirm that this revision replaces the accepted quote`,
    );

    const revised = await sendQuote(sent.id, { replacesAccepted: true });
    expect(revised).toMatchObject({ version: 2, status: 'sent' });
    // The acceptance is withdrawn, so the enquiry waits for the customer's answer again.
    expect(await orderRow(sent.id)).toMatchObject({ status: 'pending' });
    const view = await statusOf(sent.statusToken);
    expect(view.quotes.map((q) => [q.version, q.status])).toEqual([
      [2, 'sent'],
      [1, 'withdrawn'],
    ]);
    const mail = await lastMailTo('anitha@example.in');
    expect(mail.text).toContain(`replaces quote Q-${sent.displayId}-1, which you accepted`);

    const old = await answer(sent.statusToken, 'accept', { version: 1 });
    expect(old.status).toBe(409);
    expect((await answer(sent.statusToken, 'accept', { version: 2 })).status).toBe(200);
    const statuses = (await statusOf(sent.statusToken)).quotes.map((q) => q.status);
    expect(statuses).toEqual(['accepted', 'withdrawn']);

    // Once the tax invoice is issued from the accepted quote, a change is a credit note, not another quote.
    const invoiced = await admin.post<{ invoice: { number: string } }>(`/api/admin/orders/${sent.id}/invoice`, {});
    expect(invoiced.status, JSON.stringify(invoiced.body)).toBe(201);
    const afterInvoice = await admin.post<{ message: string }>(
      `/api/admin/orders/${sent.id}/quotes`,
      quoteBody({ replacesAccepted: true }),
    );
    expect(afterInvoice.status).toBe(409);
    expect(afterInvoice.body.message).toBe(
      `This enquiry has its tax invoice ${invoiced.body.invoice.number}: a change now is a credit note, not a new quote`,
    );

    // Even a write that skips the service cannot leave two accepted quotes on one enquiry.
    await expect(
      ctx.database.db
        .update(quotes)
        .set({ status: 'accepted' })
        .where(and(eq(quotes.orderId, sent.id), eq(quotes.version, 1))),
    ).rejects.toThrow();
  });

  it('a decline keeps the enquiry pending, with the reason, and tells the staff', async () => {
    const sent = await send(visitor);
    await sendQuote(sent.id);
    const declined = await answer(sent.statusToken, 'decline', { version: 1, reason: 'Found a cheaper supplier' });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: 'declined', declineReason: 'Found a cheaper supplier' });
    expect(await orderRow(sent.id)).toMatchObject({ status: 'pending', seen: false });
    expect((await lastMailTo(ctx.config.shopEmail)).text).toContain('Their reason: Found a cheaper supplier');
    const receipt = await lastMailTo('anitha@example.in');
    expect(receipt.subject).toBe(`You declined quote Q-${sent.displayId}-1 for enquiry #${sent.displayId}`);
    expect(receipt.text).toContain('(your reason: Found a cheaper supplier)');
  });

  it('a revision starts from the last version sent: prices as typed (1,100), delivery, GSTIN, note, place and last day', async () => {
    const sent = await send(visitor);
    const first = await sendQuote(sent.id, {
      lines: [
        { price: '1,100', hsnCode: '14049090', gstRate: 5 },
        { price: '₹250.50', hsnCode: '', gstRate: 18 },
      ],
      delivery: '500',
      customerGstin: '32aaacg1234a1zn',
      validUntil: addDays(today(), 10),
      note: 'നന്ദി: delivery on Thursday.',
    });
    expect(first.lines.map((line) => line.price)).toEqual([110_000, 25_050]);
    const { draft } = (await admin.get<Drafted>(`/api/admin/orders/${sent.id}/quotes`)).body;
    expect(draft).toMatchObject({
      basis: `Q-${sent.displayId}-1`,
      delivery: '500.00',
      placeOfSupply: '32',
      customerGstin: '32AAACG1234A1ZN',
      validUntil: addDays(today(), 10),
      note: 'നന്ദി: delivery on Thursday.',
      accepted: null,
    });
    expect(draft.lines.map((line) => [line.price, line.hsnCode, line.gstRate, line.listPrice])).toEqual([
      ['1100.00', '14049090', 5, '560.00'],
      ['250.50', '', 18, '260.00'],
    ]);
    // Sent again as the draft stands, the revision is the same quote as the version before.
    const again = await sendQuote(sent.id, {
      lines: draft.lines.map(({ price, hsnCode, gstRate }) => ({ price, hsnCode, gstRate })),
      delivery: draft.delivery,
      placeOfSupply: draft.placeOfSupply,
      customerGstin: draft.customerGstin,
      validUntil: draft.validUntil,
      note: draft.note,
    });
    expect(again.version).toBe(2);
    expect([again.lines, again.totals, again.customerGstin, again.note, again.validUntil]).toEqual([
      first.lines,
      first.totals,
      first.customerGstin,
      first.note,
      first.validUntil,
    ]);
  });

  it('the review shows the quote, the cautions and the e-mail before anything is sent, and stores nothing', async () => {
    const sent = await send(visitor);
    const outboxBefore = (await ctx.database.db.select().from(outbox)).length;
    const preview = await admin.post<QuotePreview>(
      `/api/admin/orders/${sent.id}/quotes/preview`,
      quoteBody({
        lines: [
          { price: '0', hsnCode: '14049090', gstRate: 5 },
          { price: '100', hsnCode: '', gstRate: 18 },
        ],
        delivery: '0',
      }),
    );
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    // ₹100 against the catalogue's ₹260: (260 - 100) / 260 = 61.5 %, said as 62 %.
    expect(preview.body.warnings).toEqual([
      `${ROUND} (Size: 8 inch) is priced at ₹0.00.`,
      `${CUP} is at ₹100.00 a carton, 62% below the catalogue's ₹260.00.`,
      `${CUP} has no HSN code (its product may have been deleted).`,
      'There is no delivery charge: delivery is free on this quote.',
    ]);
    // 2 × 100.00 = 200.00 at 18 %: 18.00 + 18.00; the ₹0 line adds nothing: 236.00.
    expect(preview.body.quote).toMatchObject({ number: `Q-${sent.displayId}-1`, status: 'sent' });
    expect(preview.body.quote.document.total.text).toBe('₹236.00');
    expect(preview.body.mail).toMatchObject({
      to: 'anitha@example.in',
      subject: `Your quote Q-${sent.displayId}-1 for enquiry #${sent.displayId}`,
    });
    expect(preview.body.mail.text).toContain('Total: ₹236.00');
    expect((await admin.get<Drafted>(`/api/admin/orders/${sent.id}/quotes`)).body.quotes).toEqual([]);
    expect((await ctx.database.db.select().from(outbox)).length).toBe(outboxBefore);
    expect((await user.post(`/api/admin/orders/${sent.id}/quotes/preview`, quoteBody())).status).toBe(403);
  });

  it('lists carry the latest quote’s state and amount, and the staff filter by it', async () => {
    const none = await send(user);
    const waiting = await send(user);
    const expiring = await send(user);
    const accepted = await send(user);
    const declined = await send(user);
    await sendQuote(waiting.id, { validUntil: addDays(today(), 7) });
    await sendQuote(expiring.id, { validUntil: addDays(today(), 1) });
    await sendQuote(accepted.id);
    await sendQuote(declined.id);
    const byAccount = (sent: Sent, action: 'accept' | 'decline') =>
      user.post(`/api/account/enquiries/${sent.displayId}/quote/${action}`, { version: 1 });
    expect((await byAccount(accepted, 'accept')).status).toBe(200);
    expect((await byAccount(declined, 'decline')).status).toBe(200);

    const mine = await user.get<{ items: Array<{ displayId: number; quote: QuoteSummary | null }> }>('/api/account/enquiries');
    const quoteOf = (sent: Sent) => mine.body.items.find((item) => item.displayId === sent.displayId)?.quote;
    expect(quoteOf(none)).toBeNull();
    // Within Kerala the quote of the tests comes to ₹2,437.00 (worked out above).
    expect(quoteOf(waiting)).toEqual({
      number: `Q-${waiting.displayId}-1`,
      status: 'sent',
      total: 243_700,
      validUntil: addDays(today(), 7),
    });
    expect(quoteOf(accepted)).toMatchObject({ status: 'accepted', total: 243_700 });
    expect(quoteOf(declined)).toMatchObject({ status: 'declined' });

    const listed = async (filter: string) => {
      const page = await admin.get<AdminPage<AdminOrder>>(`/api/admin/orders?pageSize=100&quote=${filter}`);
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      const ours = new Set([none, waiting, expiring, accepted, declined].map((sent) => sent.id));
      return page.body.items.filter((order) => ours.has(order.id)).map((order) => order.id);
    };
    expect(await listed('none')).toEqual([none.id]);
    expect(await listed('waiting')).toEqual([expiring.id, waiting.id]);
    expect(await listed('expiring')).toEqual([expiring.id]);
    expect(await listed('accepted')).toEqual([accepted.id]);
    expect(await listed('declined')).toEqual([declined.id]);
    const page = await admin.get<AdminPage<AdminOrder>>(`/api/admin/orders?pageSize=100&quote=accepted`);
    expect(page.body.items.find((order) => order.id === accepted.id)?.quote).toMatchObject({
      number: `Q-${accepted.displayId}-1`,
      status: 'accepted',
      total: 243_700,
    });
    expect((await admin.get('/api/admin/orders?quote=lost')).status).toBe(400);
  });

  it('a ₹3.9 lakh quote with a Malayalam name and note: every amount whole in its PDF, the Malayalam readable, a signatory', async () => {
    const payload = enquiryPayload([browserLine(ids, CUP, null, 500), browserLine(ids, ROUND, '8 inch', 10)], {
      customerName: 'അനിത മേനോൻ',
      deliveryLocation: KERALA_ADDRESS,
    });
    const sent = await steps.enquiry(visitor, payload);
    const quote = await sendQuote(sent.id, {
      lines: [
        { price: '650', hsnCode: '48236900', gstRate: 18 },
        { price: '560', hsnCode: '14049090', gstRate: 5 },
      ],
      delivery: '555.50',
      customerGstin: '32AAACG1234A1ZN',
      note: 'നന്ദി',
    });
    // 500 × 650.00 = 3,25,000.00 at 18 %: CGST = SGST = 29,250.00, amount 3,83,500.00. 10 × 560.00 = 5,600.00 at
    // 5 %: 140.00 + 140.00, amount 5,880.00. Delivery 555.50 at 18 %: 49.995 rounds to 50.00 a head, 655.50.
    // Taxable 3,31,155.50; CGST = SGST = 29,440.00 (29,300.00 at 9 %, 140.00 at 2.5 %); 3,90,035.50 rounds to
    // 3,90,036.00 (+0.50).
    expect(quote.totals).toMatchObject({
      taxable: 33_115_550,
      cgst: 2_944_000,
      sgst: 2_944_000,
      roundOff: 50,
      total: 39_003_600,
    });
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/enquiries/status/${sent.statusToken}/quotes/1/pdf`,
    });
    expect(response.statusCode).toBe(200);
    const size = response.rawPayload.length;
    expect(size).toBeLessThan(60_000);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(response.rawPayload)), { mergePages: true });
    expectShows(text, [
      '₹650.00',
      '₹3,25,000.00',
      '₹29,250.00',
      '₹3,83,500.00',
      '₹5,880.00',
      '₹655.50',
      '₹3,31,155.50',
      '₹29,300.00',
      '₹140.00',
      '+₹0.50',
      '₹3,90,036.00',
      'Rupees Three Lakh Ninety Thousand Thirty-Six Only',
      'Cartons',
      'നന്ദി',
      'അനിത',
      'GSTIN 32AAACG1234A1ZN',
      'Authorised signatory',
      'Delivery to Kerala: ₹555.50 before GST, shown as its own line.',
    ]);
    expect(text).not.toContain('for ₹50');
  });

  it('a cancelled enquiry’s quote cannot be accepted; one already in progress keeps its status when accepted', async () => {
    const cancelled = await send(visitor);
    await sendQuote(cancelled.id);
    const setStatus = (id: number, status: string) =>
      admin.request('PATCH', `/api/admin/orders/${id}/status`, { payload: { status } });
    expect((await setStatus(cancelled.id, 'cancelled')).status).toBe(200);
    const refused = await answer(cancelled.statusToken, 'accept', { version: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This enquiry was cancelled: please contact us for a new quote');
    expect(await orderRow(cancelled.id)).toMatchObject({ status: 'cancelled' });

    const moving = await send(visitor);
    await sendQuote(moving.id);
    expect((await setStatus(moving.id, 'processing')).status).toBe(200);
    expect((await answer(moving.statusToken, 'accept', { version: 1 })).status).toBe(200);
    expect(await orderRow(moving.id)).toMatchObject({ status: 'processing', seen: false });
  });

  it('issuing the invoice from confirmed lines withdraws the open quote: it cannot be accepted, and says why', async () => {
    const sent = await send(visitor);
    await sendQuote(sent.id);
    const confirmed = { lines: sharedQuoteBody(clock).lines, delivery: '50.00', placeOfSupply: '32', customerGstin: null };
    const invoice = await steps.invoice<{ invoice: { number: string } }>(admin, sent.id, { confirmed });
    const withdrawn = `This quote was withdrawn: the tax invoice ${invoice.invoice.number} has been issued`;

    const refused = await answer(sent.statusToken, 'accept', { version: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(withdrawn);
    expect((await answer(sent.statusToken, 'decline', { version: 1 })).body.message).toBe(withdrawn);
    const page = await statusOf(sent.statusToken);
    expect(page.quotes.map((quote) => [quote.number, quote.status])).toEqual([[`Q-${sent.displayId}-1`, 'withdrawn-at-invoice']]);
    expect(page.invoice?.number).toBe(invoice.invoice.number);
    const history = (await admin.get<{ history: AuditEntry[] }>(`/api/admin/orders/${sent.id}`)).body.history;
    expect(history[0]).toMatchObject({ action: 'invoice-issued', after: { withdrawnQuotes: [`Q-${sent.displayId}-1`] } });
    // And it cannot be revised either: a change after the invoice is a credit note.
    expect((await admin.post(`/api/admin/orders/${sent.id}/quotes`, quoteBody())).status).toBe(409);
  });

  it('past its last day a quote shows as expired and cannot be accepted', async () => {
    const sent = await send(visitor);
    const lastDay = today();
    await sendQuote(sent.id, { validUntil: lastDay });
    expect((await statusOf(sent.statusToken)).quotes[0]?.status).toBe('sent');
    clock.advance(2 * DAY);
    try {
      expect((await statusOf(sent.statusToken)).quotes[0]?.status).toBe('expired');
      const late = await answer(sent.statusToken, 'accept', { version: 1 });
      expect(late.status).toBe(409);
      expect(late.body.message).toBe(`This quote expired on ${dayText(lastDay)}: please ask us for a new one`);
    } finally {
      clock.advance(-2 * DAY);
    }
  });

  it('refuses a wrong quote with a message: line count, GSTIN, rate, HSN, state, dates', async () => {
    const sent = await send(visitor);
    const refusals: Array<[Record<string, unknown>, RegExp]> = [
      [{ lines: [{ price: '1', hsnCode: '4823', gstRate: 18 }] }, /one price for each of the enquiry's 2 lines/],
      [{ customerGstin: '27AAPFU0939F1ZW' }, /check character/],
      [{ lines: quoteBody().lines.map((line) => ({ ...line, gstRate: 12 })) }, /GST rate must be one of 0, 5, 18, 40 per cent/],
      [{ lines: quoteBody().lines.map((line) => ({ ...line, hsnCode: '48A' })) }, /HSN code must be 4, 6 or 8 digits/],
      [{ placeOfSupply: '99' }, /Choose the state of delivery/],
      [{ validUntil: addDays(today(), -1) }, /cannot be in the past/],
      [{ validUntil: addDays(today(), 91) }, /at most 90 days/],
      [{ validUntil: `${addDays(today(), 10).slice(0, 8)}32` }, /Valid until must be a date/],
      [{ delivery: '-5' }, /Delivery charge must be 0 or more/],
      [{ delivery: '1,2,0' }, /Delivery charge must be a number/],
      [{ delivery: '200000' }, /Delivery charge must be at most ₹1,00,000/],
    ];
    for (const [overrides, message] of refusals) {
      const response = await admin.post<{ message: string }>(`/api/admin/orders/${sent.id}/quotes`, quoteBody(overrides));
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect(JSON.stringify(response.body), JSON.stringify(overrides)).toMatch(message);
    }
    expect((await admin.post(`/api/admin/orders/999999/quotes`, quoteBody())).status).toBe(404);
    expect((await user.post(`/api/admin/orders/${sent.id}/quotes`, quoteBody())).status).toBe(403);
    expect((await visitor.get(`/api/admin/orders/${sent.id}/quotes`)).status).toBe(401);
    expect((await answer(sent.statusToken, 'accept', { version: 1 })).status).toBe(404);
    expect((await answer(sent.statusToken, 'accept', { version: 'one' })).status).toBe(400);
    expect((await answer(sent.statusToken, 'accept', { version: 3_000_000_000 })).status).toBe(400);
  });

  it('a signed-in customer answers from My enquiries; nobody else can', async () => {
    const sent = await send(user);
    await sendQuote(sent.id);
    expect((await visitor.post(`/api/account/enquiries/${sent.displayId}/quote/accept`, { version: 1 })).status).toBe(401);
    const accepted = await user.post<Quote>(`/api/account/enquiries/${sent.displayId}/quote/accept`, { version: 1 });
    expect(accepted.status).toBe(200);
    const history = (await admin.get<{ history: AuditEntry[] }>(`/api/admin/orders/${sent.id}`)).body.history;
    expect(history[0]).toMatchObject({ action: 'quote-accepted', actor: 'plain_user' });
  });

  it('the quote as a PDF: small, and its text holds the shop, the lines with HSN, the tax and the total in words', async () => {
    const sent = await send(visitor);
    await sendQuote(sent.id);
    for (const path of [`/api/enquiries/status/${sent.statusToken}/quotes/1/pdf`, `/api/admin/orders/${sent.id}/quotes/1/pdf`]) {
      const client = path.startsWith('/api/admin') ? admin : visitor;
      const response = await client.download(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="Quotation-Q-${sent.displayId}-1.pdf"`);
      expect(response.rawPayload.length).toBeLessThan(100_000);
      const pdf = await getDocumentProxy(new Uint8Array(response.rawPayload));
      const { text } = await extractText(pdf, { mergePages: true });
      expectShows(text, [
        'QUOTATION',
        `Q-${sent.displayId}-1`,
        'GSTIN 32AAACG1234A1ZN',
        ROUND,
        CUP,
        '14049090',
        '48236900',
        'CGST 2.5%',
        'SGST 9%',
        '₹51.30',
        '₹2,437.00',
        'Rupees Two Thousand Four Hundred Thirty-Seven Only',
        'Place of supply: Kerala (32)',
      ]);
    }
    expect((await visitor.get(`/api/enquiries/status/${sent.statusToken}/quotes/2/pdf`)).status).toBe(404);
  });

  it('the dashboard calls an enquiry late when its customer’s page does: by the promised call, not a flat 24 hours', async () => {
    const saturday = await send(visitor);
    const quoted = await send(visitor);
    // Everything else in this database was sent a week before; these two on Saturday 28 November at 5 PM IST.
    const sentAt = new Date('2026-11-28T17:00:00+05:30');
    await ctx.database.db.update(orders).set({ createdAt: new Date('2026-11-20T10:00:00+05:30') });
    await ctx.database.db
      .update(orders)
      .set({ createdAt: sentAt })
      .where(inArray(orders.id, [saturday.id, quoted.id]));
    await sendQuote(quoted.id);
    // Days later the morning's sign-in has lapsed: the staff sign in again at each moment.
    const dashboardAt = async (wall: string) => {
      clock.set(new Date(`${wall}:00+05:30`));
      const { admin: staff } = await steps.signInAgain(ctx);
      const response = await staff.get<AdminDashboard>('/api/admin/dashboard');
      expect(response.status).toBe(200);
      return response.body;
    };
    const lateAt = async (wall: string) => {
      const figures = await dashboardAt(wall);
      return { count: figures.overdue.count, ids: figures.overdue.items.map((item) => item.id), items: figures.overdue.items };
    };
    try {
      // Promised Monday 11 AM (the shop is closed on Sunday): not late on Sunday evening, 24 hours on.
      const sunday = await lateAt('2026-11-29T17:01');
      expect(sunday.ids).not.toContain(saturday.id);
      const before = await lateAt('2026-11-30T10:59');
      expect(before.count).toBe(sunday.count);
      const monday = await lateAt('2026-11-30T11:00');
      expect(monday.count).toBe(before.count + 1);
      expect(monday.items).toContainEqual({
        id: saturday.id,
        displayId: saturday.displayId,
        customerName: 'Anitha Menon',
        createdAt: sentAt.toISOString(),
        dueBy: new Date('2026-11-30T11:00:00+05:30').toISOString(),
      });
      // The status page says the same of it, and nothing of the quoted one: the quote was the answer.
      expect((await statusOf(saturday.statusToken)).reply?.overdue).toBe(true);
      expect((await statusOf(quoted.statusToken)).reply).toBeNull();
      expect(monday.ids).not.toContain(quoted.id);
    } finally {
      clock.set(START);
    }
  });

  it('a quote keeps the shop it was sent by: the demo shop’s specimen stays so after the shop’s own details are saved', async () => {
    const pdfText = async (id: number) => {
      const response = await admin.download(`/api/admin/orders/${id}/quotes/1/pdf`);
      expect(response.statusCode).toBe(200);
      return (await extractText(await getDocumentProxy(new Uint8Array(response.rawPayload)), { mergePages: true })).text;
    };
    const before = await send(visitor);
    await sendQuote(before.id);
    const address = {
      street: '41/1020 MG Road',
      locality: 'Ravipuram',
      city: 'Ernakulam',
      state: 'Kerala',
      postalCode: '682016',
    };
    const business = {
      tradingName: 'Kochi Leafware',
      legalName: 'Kochi Leafware LLP',
      gstin: '32ABCDE1234F1Z9',
      address,
      phone: '9895012345',
      whatsapp: '9895012345',
      email: 'orders@kochi-leafware.example',
    };
    const saved = await admin.request('PUT', '/api/admin/settings/business', { payload: business });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await send(visitor);
    await sendQuote(after.id);

    const old = await pdfText(before.id);
    expectShows(old, ['SPECIMEN, NOT A TAX INVOICE', 'Green Leaf Eco Tableware Private Limited', 'GSTIN 32AAACG1234A1ZN']);
    expect(old).not.toContain('Kochi Leafware');
    const fresh = await pdfText(after.id);
    expectShows(fresh, ['Kochi Leafware LLP', '41/1020 MG Road, Ravipuram, Ernakulam, Kerala 682016', 'GSTIN 32ABCDE1234F1Z9']);
    expectShows(fresh, ['+91 98950 12345, orders@kochi-leafware.example']);
    expect(fresh).not.toContain('SPECIMEN');
    expect(fresh).not.toContain('32AAACG1234A1ZN');
  });
});
