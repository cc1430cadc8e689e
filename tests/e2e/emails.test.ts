// Every kind of e-mail the shop sends, drawn by Chromium on a 390 px phone as a mail program shows it (pictures the
// message carries in place of their cid: addresses): nothing is wider than the screen, and the invoice's UPI request
// is a button that opens the UPI app and a QR code picture that scans to the same request.
import { describe, expect, test } from 'vitest';

import { customerAcknowledgementMail, shopEnquiryMail, statusLinkMail } from '#domains/enquiry/mail.server.ts';
import {
  cancelledMail,
  creditNoteMail,
  deliveredMail,
  dispatchedMail,
  invoiceIssuedMail,
  paymentReceivedMail,
} from '#domains/invoice/mail.server.ts';
import { creditFor, creditNoteDocument, invoiceBasis, invoiceDocument } from '#domains/invoice/model.ts';
import { paymentPosition } from '#domains/invoice/payments.ts';
import { shopContactMail } from '#domains/message/mail.server.ts';
import { quoteAnsweredMail, quoteAnswerReceiptMail, quoteMail, quoteReminderMail } from '#domains/quote/mail.server.ts';
import { priceQuote, type Quote, quoteDocument } from '#domains/quote/model.ts';
import { ROUND_PLATES } from '#domains/quote/quote-lines.fixture.ts';
import { invoiceReminderMail } from '#domains/reminder/mail.server.ts';
import { EARLIER_ISSUER, publicShopOf } from '#domains/settings/shop.ts';
import { upiAmount, upiPayLink } from '#domains/settings/upi.ts';
import { customerPasswordResetMail, invitationMail, passwordResetMail } from '#domains/staff/mail.server.ts';
import { amountInWords } from '#domains/tax/gst.ts';
import { formatRupees } from '#lib/money.ts';
import { loadConfig } from '#platform/config.ts';
import type { OutgoingMail } from '#platform/mail/outbox.ts';
import { qrPng } from '#platform/pdf/qr.ts';
import { seedSettings } from '#server/seed-settings.ts';

import { CHROMIUM, useBrowser, VIEWPORTS } from './support/browser.ts';
import { scanQrCode } from './support/qr.ts';

/** The demo shop a fresh install starts with; its e-mail takes the shop's own mails. */
const SHOP = publicShopOf(seedSettings(loadConfig({ SHOP_EMAIL: 'orders@example.in' })));
/** Long unbroken words a customer or a transporter may type, and a 43-character token in every link. */
const TOKEN = 'x'.repeat(43);
const STATUS_URL = `http://localhost:3000/enquiry/${TOKEN}`;
const NAME = 'അനിത മേനോൻ Kunjikrishnan-Thekkedathu-Puthenveettil';
const EMAIL = 'anitha.menon.kunjikrishnan.thekkedathu@example-catering-services.in';
const ADDRESS = '14/220 Temple Road, Edappally, Kochi, Kerala 682024';
const to = { displayId: 1042, customerName: NAME, customerEmail: EMAIL, statusUrl: STATUS_URL };

const placeOfSupply = '32';
const priced = priceQuote([ROUND_PLATES, { ...ROUND_PLATES, quantity: 250, price: 9_999_99 }], 50_00, placeOfSupply, '32');
const PAY_TO = {
  upi: { id: 'greenleaf@okaxis', name: 'Green Leaf Eco Tableware' },
  bank: {
    accountName: 'Green Leaf Eco Tableware Private Limited',
    account: '001234567890123456',
    ifsc: 'SBIN0070123',
    bank: 'State Bank of India, Aluva Market Road Branch (Ernakulam District)',
  },
};
const invoice = invoiceDocument({
  number: 'GL/2026-27/0007',
  date: '2026-11-26',
  enquiry: 1042,
  basis: invoiceBasis('Q-1042-1', priced, placeOfSupply, '32BBBCK5678L1Z4'),
  shipTo: { name: NAME, address: ADDRESS },
  dueOn: '2026-12-03',
  payTo: PAY_TO,
});
const credit = creditFor(invoice, [], { everything: true });
if (!credit.ok) throw new Error(credit.message);
const creditNote = creditNoteDocument({ number: 'CN/2026-27/0001', date: '2026-11-28', reason: 'Cancelled', invoice, credit });
const content = {
  version: 2,
  lines: priced.lines,
  delivery: 50_00,
  totals: priced.totals,
  placeOfSupply,
  customerGstin: '32BBBCK5678L1Z4',
  billingName: null,
  billingAddress: null,
  validUntil: '2026-12-03',
  note: 'Deliver to the back gate of the auditorium; call the supervisor on 9847012345 before unloading.',
  sentAt: new Date('2026-11-26T10:00:00+05:30'),
  issuer: EARLIER_ISSUER,
} as const;
const quote: Quote = {
  number: 'Q-1042-2',
  version: 2,
  status: 'sent',
  lines: priced.lines,
  delivery: 50_00,
  totals: priced.totals,
  totalInWords: amountInWords(priced.totals.total),
  placeOfSupply: { code: placeOfSupply, name: 'Kerala' },
  intraState: true,
  customerGstin: '32BBBCK5678L1Z4',
  billingName: null,
  billingAddress: null,
  validUntil: '2026-12-03',
  note: content.note,
  sentAt: content.sentAt.toISOString(),
  respondedAt: null,
  declineReason: null,
  document: quoteDocument(content, { displayId: 1042, customerName: NAME, deliveryLocation: ADDRESS }),
};
const enquiry = {
  ...to,
  customerPhone: '9847012345',
  deliveryLocation: ADDRESS,
  specialRequests: 'Please-deliver-before-the-wedding-on-Sunday-morning-at-the-Edappally-auditorium-back-gate',
  customerGstin: '32BBBCK5678L1Z4',
  isGuest: true,
  total: '2501677.50',
  sentAt: new Date('2026-11-28T17:30:00+05:30'),
  lines: [
    {
      productName: 'Areca Leaf Round Plate',
      variationName: 'Size',
      variationValue: '8 inch',
      quantity: 250,
      unitsPerCarton: 100,
      unitType: 'plates',
      price: '9999.99',
    },
  ],
};
// The invoice is above what one UPI payment to a personal ID may be: the request asks for that much, the bank leads.
const upiAsks = upiAmount(PAY_TO.upi, invoice.totals.total);
const upiLink = upiPayLink(PAY_TO.upi, upiAsks, invoice.number);
const expiresAt = new Date('2026-11-28T17:30:00+05:30');
const position = paymentPosition(
  { invoiced: invoice.totals.total, credited: 0, paid: 1_000_00, refunded: 0 },
  '2026-12-03',
  '2026-11-27',
);

async function everyMail(): Promise<Array<[string, OutgoingMail]>> {
  const pdf = { filename: 'Tax-invoice-GL-2026-27-0007.pdf', contentType: 'application/pdf', base64: '' };
  return [
    ['new enquiry (shop)', shopEnquiryMail(SHOP, { ...enquiry, panelUrl: `http://localhost:3000/admin/orders?q=%231042` })],
    ['enquiry received', customerAcknowledgementMail(SHOP, enquiry)],
    ['new status link', statusLinkMail(SHOP, to)],
    ['quote', quoteMail(SHOP, { ...to, quote, replaces: { number: 'Q-1042-1', acceptedAt: expiresAt } })],
    ['quote answered (shop)', quoteAnsweredMail(SHOP, { ...to, quote, accepted: false, reason: enquiry.specialRequests })],
    ['quote accepted (receipt)', quoteAnswerReceiptMail(SHOP, { ...to, quote, accepted: true, reason: null })],
    [
      'contact message (shop)',
      shopContactMail(SHOP, {
        id: 7,
        name: NAME,
        email: EMAIL,
        phone: null,
        company: null,
        inquiryType: 'general',
        message: enquiry.specialRequests,
      }),
    ],
    ['invoice', invoiceIssuedMail(SHOP, to, invoice, { link: upiLink, qrPng: await qrPng(upiLink) }, pdf)],
    [
      'payment received',
      paymentReceivedMail(
        SHOP,
        to,
        invoice.number,
        { amount: 1_000_00, receivedOn: '2026-11-27', method: 'upi', reference: '4061234567890123456789' },
        position,
      ),
    ],
    ['credit note', creditNoteMail(SHOP, to, creditNote, { ...pdf, filename: 'Credit-note-CN-2026-27-0001.pdf' })],
    [
      'payment reminder',
      invoiceReminderMail(SHOP, to, invoice, position, { link: upiLink, qrPng: await qrPng(upiLink) }, '2026-12-10'),
    ],
    [
      'quote reminder',
      quoteReminderMail(SHOP, { ...to, number: 'Q-1042-2', total: quote.totals.total, validUntil: '2026-12-03' }),
    ],
    [
      'dispatched',
      dispatchedMail(SHOP, to, {
        transporter: 'Kerala-Roadways-Express-Logistics',
        docketNumber: 'KRE2026112800012345678',
        vehicleNumber: 'KL07AB1234',
        expectedOn: '2026-12-01',
        ewayBillNumber: '123456789012',
        distanceKm: 180,
        transportMode: 'road',
        transporterId: '32AAACG1234A1ZN',
        transportDocDate: '2026-11-28',
      }),
    ],
    ['delivered', deliveredMail(SHOP, to)],
    [
      'cancelled',
      cancelledMail(SHOP, to, invoice.number, [{ number: creditNote.number, total: creditNote.totals.total }], {
        ...pdf,
        filename: 'Credit-note-CN-2026-27-0001.pdf',
      }),
    ],
    [
      'invitation',
      invitationMail(SHOP, {
        email: EMAIL,
        firstName: NAME,
        role: 'staff',
        invitedBy: null,
        url: `http://localhost:3000/join#${TOKEN}`,
        expiresAt,
      }),
    ],
    [
      'staff password reset',
      passwordResetMail(SHOP, {
        email: EMAIL,
        firstName: '',
        username: 'kunjikrishnan_thekkedathu',
        resetBy: 'Asha',
        url: `http://localhost:3000/reset-password#${TOKEN}`,
        expiresAt,
      }),
    ],
    [
      'customer password reset',
      customerPasswordResetMail(SHOP, {
        email: EMAIL,
        firstName: '',
        username: 'kunjikrishnan_thekkedathu',
        url: `http://localhost:3000/reset-password#${TOKEN}`,
        expiresAt,
      }),
    ],
  ];
}

/** The message's HTML with each attached picture in place of its cid: address, as a mail program draws it. */
const asShown = (mail: OutgoingMail): string =>
  (mail.attachments ?? []).reduce(
    (html, file) => (file.cid ? html.replaceAll(`cid:${file.cid}`, `data:${file.contentType};base64,${file.base64}`) : html),
    mail.html ?? '',
  );

describe.skipIf(!CHROMIUM)('every e-mail at 390 px', () => {
  const browser = useBrowser();

  test(
    'fits the phone’s width; the invoice’s UPI request is a button and a QR code that scans',
    { timeout: 60_000 },
    async () => {
      const { page } = await browser.open(VIEWPORTS.phone);
      for (const [kind, mail] of await everyMail()) {
        await page.setContent(asShown(mail));
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${kind}: ${mail.subject}`).toBeLessThanOrEqual(VIEWPORTS.phone.width);
        if (kind !== 'invoice') continue;
        const pay = page.getByRole('link', { name: `Pay ${formatRupees(upiAsks)} by UPI` });
        expect(await pay.getAttribute('href')).toBe(upiLink);
        const qr = page.getByRole('img', { name: /^QR code to pay .* by UPI to greenleaf@okaxis$/ });
        expect(await scanQrCode(qr)).toBe(upiLink);
        expect(await page.getByText(upiLink).count()).toBe(0);
      }
    },
  );
});
