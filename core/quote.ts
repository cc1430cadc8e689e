/**
 * Quotes: the staff's priced answer to an enquiry, with GST (core/gst.ts). The shapes here are stored as sent and
 * shown to the customer, the staff and on the printed quote and its PDF.
 */
import { business } from './business.ts';
import type { SentLine } from './enquiry.ts';
import { amountInWords, GST_STATES, type GstRate, type GstStateCode, type LineTax, quoteTax } from './gst.ts';
import type { Paise } from './money.ts';

export const STORED_QUOTE_STATUSES = ['sent', 'accepted', 'declined', 'superseded'] as const;
export type StoredQuoteStatus = (typeof STORED_QUOTE_STATUSES)[number];
/** Expired is not stored: a sent quote is expired once its last day (IST) has passed. */
export type QuoteStatus = StoredQuoteStatus | 'expired';

export const QUOTE_STATUS_WORDS: Record<QuoteStatus, string> = {
  sent: 'Waiting for your answer',
  accepted: 'Accepted',
  declined: 'Declined',
  superseded: 'Replaced by a newer quote',
  expired: 'Expired',
};

/** How long a new quote stays open unless the staff choose otherwise, and the longest they may choose. */
export const DEFAULT_QUOTE_DAYS = 7;
export const MAX_QUOTE_DAYS = 90;

/** The shop's own state, from its GSTIN: a place of supply there is intra-state (CGST + SGST). */
export const SHOP_STATE = business.gstin.slice(0, 2) as GstStateCode;

export interface QuoteLineSnapshot {
  productName: string;
  /** 'Size: 10 inch', or ''. */
  options: string;
  hsnCode: string;
  gstRate: GstRate;
  quantity: number;
  unitsPerCarton: number;
  unitType: string;
  /** A carton, before tax. */
  price: Paise;
  taxable: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
}

export type QuoteLineInput = Omit<QuoteLineSnapshot, 'taxable' | 'cgst' | 'sgst' | 'igst'>;

export interface QuoteTotals {
  taxable: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  roundOff: Paise;
  total: Paise;
  /** The delivery charge's tax (at the principal supply's rate), when there is a charge. */
  delivery: LineTax | null;
}

/** Prices a quote: each line's tax, the delivery's, the totals rounded to the rupee. */
export function priceQuote(
  lines: readonly QuoteLineInput[],
  delivery: Paise,
  placeOfSupply: GstStateCode,
): { lines: QuoteLineSnapshot[]; totals: QuoteTotals } {
  const tax = quoteTax(
    lines.map((line) => ({ taxable: line.price * line.quantity, rate: line.gstRate })),
    delivery,
    placeOfSupply === SHOP_STATE,
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

/** A quote as the customer, the staff and the document read it. */
export interface Quote {
  /** 'Q-1042-2'. */
  number: string;
  version: number;
  status: QuoteStatus;
  lines: QuoteLineSnapshot[];
  delivery: Paise;
  totals: QuoteTotals;
  totalInWords: string;
  placeOfSupply: { code: GstStateCode; name: string };
  intraState: boolean;
  customerGstin: string | null;
  /** The last day it can be accepted, 'YYYY-MM-DD' (IST). */
  validUntil: string;
  note: string | null;
  sentAt: string;
  respondedAt: string | null;
  declineReason: string | null;
}

/** What the quote form starts from: the enquiry's prices, the products' HSN codes and rates, the usual terms. */
export interface QuoteDraft {
  lines: Array<SentLine & { hsnCode: string; gstRate: GstRate }>;
  delivery: string;
  placeOfSupply: GstStateCode;
  /** Whether the place of supply was read from the delivery address's pincode. */
  placeFromPincode: boolean;
  validUntil: string;
}

export const quoteNumber = (displayId: number, version: number): string => `Q-${displayId}-${version}`;

/** A stored quote's status on `today` (IST): a sent quote past its last day is expired. */
export const quoteStatusOn = (stored: StoredQuoteStatus, validUntil: string, today: string): QuoteStatus =>
  stored === 'sent' && today > validUntil ? 'expired' : stored;

export const stateName = (code: GstStateCode): string => GST_STATES[code];

/** The totals in words, as the document prints them. */
export const totalInWords = (totals: QuoteTotals): string => amountInWords(totals.total);

/** The terms printed on every quote. */
export const QUOTE_TERMS = [
  'Prices are per carton and exclude GST, which is shown line by line.',
  'Payment on delivery, by UPI or bank transfer; no payment is taken online.',
  `Questions: ${business.phone}, ${business.email}.`,
];
