/**
 * Quotes: the staff's priced answer to an enquiry, with GST (domains/tax/gst.ts). The shapes here are stored as sent; the
 * document view (domains/tax/document.ts) built from them is what the customer, the staff, the e-mail and the PDF show.
 */
import type { SentLine } from '#domains/enquiry/model.ts';
import { dayText } from '#domains/enquiry/reply-promise.ts';
import { handlingDaysText, returnsTerm } from '#domains/settings/terms.ts';
import {
  type DocumentTotals,
  type Issuer,
  shipToParties,
  taxDocument,
  type TaxDocumentView,
  type TaxedLine,
  taxedRows,
} from '#domains/tax/document.ts';
import { GST_STATES, type GstRate, type GstStateCode, type LineTax, quoteTax, stateOfGstin } from '#domains/tax/gst.ts';
import { type HsnDigits, shortHsnWarning } from '#domains/tax/hsn.ts';
import { dateText } from '#lib/calendar.ts';
import { msg, type Translate, translator } from '#lib/i18n/translate.ts';
import { addDays, istDate } from '#lib/india-time.ts';
import type { Language } from '#lib/language.ts';
import { formatRupees, type Paise } from '#lib/money.ts';

/** A quote's words unless its customer wrote in another language. */
const english = translator('en');

/**
 * A quote's stored state. 'superseded': a newer version replaced it while it waited; 'withdrawn': the staff sent a
 * revision after the customer had accepted it (an explicit step, see domains/quote/service.server.ts);
 * 'withdrawn-at-invoice': it still waited when the tax invoice was issued from lines the staff confirmed, which are
 * then what was agreed (domains/invoice/).
 */
export const STORED_QUOTE_STATUSES = ['sent', 'accepted', 'declined', 'superseded', 'withdrawn', 'withdrawn-at-invoice'] as const;
export type StoredQuoteStatus = (typeof STORED_QUOTE_STATUSES)[number];
/** Expired is not stored: a sent quote is expired once its last day (IST) has passed. */
export type QuoteStatus = StoredQuoteStatus | 'expired';

export const QUOTE_STATUS_WORDS: Record<QuoteStatus, string> = {
  sent: msg('Waiting for your answer'),
  accepted: msg('Accepted'),
  declined: msg('Declined'),
  superseded: msg('Replaced by a newer quote'),
  withdrawn: msg('Accepted, then replaced by a revised quote'),
  'withdrawn-at-invoice': msg('Withdrawn: the tax invoice was issued'),
  expired: msg('Expired'),
};

/** Why a quote withdrawn at the invoice can no longer be accepted: the customer's page and the refusal say it. */
export function withdrawnAtInvoiceText(invoiceNumber: string, t: Translate = translator('en')): string {
  return t('This quote was withdrawn: the tax invoice {number} has been issued', { number: invoiceNumber });
}

/** The same states in the staff's words (their list, the CSV export, the order details). */
export const QUOTE_STATE_LABELS: Record<QuoteStatus, string> = {
  sent: 'Waiting',
  accepted: 'Accepted',
  declined: 'Declined',
  superseded: 'Superseded',
  withdrawn: 'Withdrawn after acceptance',
  'withdrawn-at-invoice': 'Withdrawn at invoice',
  expired: 'Expired',
};

/** How long a new quote stays open unless the staff choose otherwise, and the longest they may choose. */
export const DEFAULT_QUOTE_DAYS = 7;
export const MAX_QUOTE_DAYS = 90;
/** A waiting quote whose last day is this close is 'expiring' in the staff's list. */
export const EXPIRING_DAYS = 2;

export type QuoteLineInput = Omit<TaxedLine, 'taxable' | 'cgst' | 'sgst' | 'igst'>;

export interface QuoteTotals extends DocumentTotals {
  /** The delivery charge's tax (at the principal supply's rate), when there is a charge. */
  delivery: LineTax | null;
}

/**
 * Prices a quote: each line's tax, the delivery's, the totals rounded to the rupee. A place of supply in `shopState`,
 * the shop's own (its GSTIN's), is intra-state: CGST + SGST.
 */
export function priceQuote(
  lines: readonly QuoteLineInput[],
  delivery: Paise,
  placeOfSupply: GstStateCode,
  shopState: GstStateCode,
): { lines: TaxedLine[]; totals: QuoteTotals } {
  const tax = quoteTax(
    lines.map((line) => ({ taxable: line.price * line.quantity, rate: line.gstRate })),
    delivery,
    placeOfSupply === shopState,
  );
  const priced = lines.map((line, index) => {
    const { taxable, cgst, sgst, igst } = tax.lines[index] as LineTax;
    return { ...line, taxable, cgst, sgst, igst };
  });
  const { taxable, cgst, sgst, igst, roundOff, total } = tax;
  return {
    lines: priced,
    totals: { taxable, cgst, sgst, igst, roundOff, total, delivery: delivery > 0 ? (tax.lines.at(-1) ?? null) : null },
  };
}

/** Who a quote is for, as its document prints it. */
export interface QuoteParty {
  displayId: number;
  customerName: string;
  deliveryLocation: string | null;
}

/** A quote as the customer, the staff and the document read it. */
export interface Quote {
  /** 'Q-1042-2'. */
  number: string;
  version: number;
  status: QuoteStatus;
  lines: TaxedLine[];
  delivery: Paise;
  totals: QuoteTotals;
  totalInWords: string;
  placeOfSupply: { code: GstStateCode; name: string };
  intraState: boolean;
  customerGstin: string | null;
  /** The billing party's legal name and address (Bill to); null: the customer's name, the delivery address. */
  billingName: string | null;
  billingAddress: string | null;
  /** The last day it can be accepted, 'YYYY-MM-DD' (IST). */
  validUntil: string;
  note: string | null;
  sentAt: string;
  respondedAt: string | null;
  declineReason: string | null;
  /** The document every renderer lays out: page, print, e-mail, PDF. */
  document: TaxDocumentView;
}

/** What the staff review before sending: the quote as the customer will get it, the cautions and the e-mail. */
export interface QuotePreview {
  quote: Quote;
  warnings: string[];
  mail: { to: string; subject: string; text: string; html?: string };
}

/** What a quote is made of when it is sent: the stored snapshot, before it has a status. */
export interface QuoteContent {
  version: number;
  lines: TaxedLine[];
  delivery: Paise;
  totals: QuoteTotals;
  placeOfSupply: GstStateCode;
  customerGstin: string | null;
  billingName: string | null;
  billingAddress: string | null;
  validUntil: string;
  note: string | null;
  sentAt: Date;
  /** The shop as it sent the quote. */
  issuer: Issuer;
}

/** A line of the quote form: the enquiry's line with the price, HSN code and rate it starts from. */
interface QuoteDraftLine extends SentLine {
  hsnCode: string;
  gstRate: GstRate;
  /** The carton price the catalogue gave when the enquiry was sent: the review compares the quote's with it. */
  listPrice: string;
}

/**
 * What the quote form starts from: the last version sent, when there is one (a revision changes what was agreed,
 * it does not start again), else the enquiry's prices, the products' HSN codes and rates and the usual terms.
 */
export interface QuoteDraft {
  /** The version the draft repeats ('Q-1042-2'), or null for a first quote. */
  basis: string | null;
  lines: QuoteDraftLine[];
  delivery: string;
  placeOfSupply: GstStateCode;
  /** The shop's own state (its GSTIN's, as the settings stand): a place of supply there is intra-state. */
  shopState: GstStateCode;
  /** Whether the place of supply was read from the delivery address's pincode (or repeats the last version's). */
  placeFromPincode: boolean;
  customerGstin: string;
  /** The billing party as the last version named it, else the business name the checkout took (blank: none). */
  billingName: string;
  billingAddress: string;
  validUntil: string;
  note: string;
  /** The accepted quote a new version would replace ('Q-1042-1'): sending one then is an explicit step. */
  accepted: string | null;
}

export const quoteNumber = (displayId: number, version: number): string => `Q-${displayId}-${version}`;

/** A stored quote's status on `today` (IST): a sent quote past its last day is expired. */
export const quoteStatusOn = (stored: StoredQuoteStatus, validUntil: string, today: string): QuoteStatus =>
  stored === 'sent' && today > validUntil ? 'expired' : stored;

export const stateName = (code: GstStateCode): string => GST_STATES[code];

/** The terms printed under a quote: they follow its own delivery charge, place and validity. */
export function quoteTerms(
  quote: {
    delivery: Paise;
    placeOfSupply: GstStateCode;
    validUntil: string;
    issuer: Issuer;
  },
  language: Language = 'en',
  t: Translate = english,
): string[] {
  const place = stateName(quote.placeOfSupply);
  return [
    t('Prices are per carton before GST; the GST of each line is shown beside it.'),
    quote.delivery > 0
      ? t('Delivery to {place}: {charge} before GST, shown as its own line.', { place, charge: formatRupees(quote.delivery) })
      : t('Delivery to {place} at no charge.', { place }),
    t('Dispatched {days} working days after you accept this quotation.', { days: handlingDaysText }),
    t('Valid until {day}; after that, please ask us for a new quotation.', { day: dayText(quote.validUntil, language) }),
    t('Payment on delivery, by UPI or bank transfer; no payment is taken online.'),
    returnsTerm(t),
    t('Questions: {phone}, {email}.', { phone: quote.issuer.phone, email: quote.issuer.email }),
    t('This quotation is not a tax invoice.'),
  ];
}

/** The quote as a document: the shop, the customer, the lines and delivery with their tax, totals, words, terms. */
export function quoteDocument(
  content: QuoteContent,
  party: QuoteParty,
  language: Language = 'en',
  t: Translate = english,
): TaxDocumentView {
  const intraState = content.placeOfSupply === stateOfGstin(content.issuer.gstin);
  const place = `${stateName(content.placeOfSupply)} (${content.placeOfSupply})`;
  // The party billed (the legal name and address the staff gave, else the customer's), and the delivery when apart.
  const shipTo = { name: party.customerName, address: party.deliveryLocation };
  const billed = { name: content.billingName ?? shipTo.name, address: content.billingAddress ?? shipTo.address };
  return taxDocument({
    title: msg('Quotation'),
    number: quoteNumber(party.displayId, content.version),
    facts: [
      { label: t('Date'), value: dateText(istDate(content.sentAt), language) },
      { label: t('Valid until'), value: dayText(content.validUntil, language) },
      { label: t('Enquiry'), value: `#${party.displayId}` },
      ...(content.version > 1 ? [{ label: t('Revises'), value: quoteNumber(party.displayId, content.version - 1) }] : []),
    ],
    parties: [
      {
        heading: t('Quotation for'),
        lines: [
          billed.name,
          ...(billed.address ? [billed.address] : []),
          ...(content.customerGstin ? [`GSTIN ${content.customerGstin}`] : []),
          t('Place of supply: {place}', { place }),
        ],
      },
      ...shipToParties(billed, shipTo, place, t),
    ],
    rows: taxedRows(content.lines, content.totals.delivery, t),
    totals: content.totals,
    intraState,
    note: content.note,
    terms: quoteTerms(content, language, t),
    issuer: content.issuer,
    language,
    t,
  });
}

/** The review's cautions before a quote goes out: what a careful colleague would ask about. */
export function quoteWarnings(
  lines: ReadonlyArray<{ label: string; price: Paise; listPrice: Paise; hsnCode: string }>,
  delivery: Paise,
  hsnDigits: HsnDigits = 4,
): string[] {
  const warnings: string[] = [];
  for (const line of lines) {
    if (line.price === 0) warnings.push(`${line.label} is priced at ₹0.00.`);
    else if (isFarBelow(line.price, line.listPrice)) {
      warnings.push(
        `${line.label} is at ${formatRupees(line.price)} a carton, ${Math.round(((line.listPrice - line.price) / line.listPrice) * 100)}% below the catalogue's ${formatRupees(line.listPrice)}.`,
      );
    }
    if (!line.hsnCode) warnings.push(`${line.label} has no HSN code (its product may have been deleted).`);
    const short = shortHsnWarning(line.label, line.hsnCode, hsnDigits);
    if (short) warnings.push(short);
  }
  if (delivery === 0) warnings.push('There is no delivery charge: delivery is free on this quote.');
  return warnings;
}

/** More than a quarter below the catalogue: docs/decisions/096-quotes.md. */
const FAR_BELOW = 0.75;
const isFarBelow = (price: Paise, listPrice: Paise) => price < listPrice * FAR_BELOW;

/** The day a new quote is valid until unless the staff choose otherwise. */
export const defaultValidUntil = (now: Date, days = DEFAULT_QUOTE_DAYS): string => addDays(istDate(now), days);

/** The latest quote of an enquiry in a list: its number, state and amount. */
export interface QuoteSummary {
  number: string;
  status: QuoteStatus;
  total: Paise;
  validUntil: string;
}

/** The staff's quote filter on the enquiries list. */
export const QUOTE_FILTERS = ['none', 'waiting', 'expiring', 'expired', 'accepted', 'declined'] as const;
export type QuoteFilter = (typeof QUOTE_FILTERS)[number];
export const QUOTE_FILTER_WORDS: Record<QuoteFilter, string> = {
  none: 'No quote yet',
  waiting: 'Quote waiting',
  expiring: `Quote expiring (${EXPIRING_DAYS} days)`,
  expired: 'Quote expired',
  accepted: 'Quote accepted',
  declined: 'Quote declined',
};
