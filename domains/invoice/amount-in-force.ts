// What an enquiry comes to now, one rule for the staff's list, the details dialog and its print.
import type { QuoteStatus } from '#domains/quote/model.ts';
import type { DocumentTotals } from '#domains/tax/document.ts';
import type { Paise } from '#lib/money.ts';

/** Which figure is in force: the tax invoice's, a quote's, or the catalogue estimate the customer saw. */
export type AmountBasis = 'invoice' | 'quote' | 'estimate';

/** The kind of figure in a word, where the row has no room for the document's number. */
export const AMOUNT_BASIS_WORDS: Record<AmountBasis, string> = { invoice: 'invoice', quote: 'quote', estimate: 'estimate' };

/** The amount in force, its breakdown and the words that say which figure it is. */
export interface AmountInForce {
  basis: AmountBasis;
  /** 'Invoice GL/2026-27/0001', 'Quote Q-1042-2, accepted', 'Estimate before GST and delivery'. */
  label: string;
  taxable: Paise;
  tax: Paise;
  /** To the nearest rupee (invoices and quotes); 0 for the estimate. */
  roundOff: Paise;
  total: Paise;
}

/** Only a quote still open or agreed states what the customer will pay; a declined, expired or replaced one does not. */
const QUOTE_IN_FORCE: Partial<Record<QuoteStatus, string>> = { sent: 'waiting', accepted: 'accepted' };

const taxed = (totals: DocumentTotals) => ({
  taxable: totals.taxable,
  tax: totals.cgst + totals.sgst + totals.igst,
  roundOff: totals.roundOff,
  total: totals.total,
});

/**
 * The invoice's figures once there is one (an issued document is what is owed), else the waiting or accepted quote's,
 * else the estimate from the catalogue's prices the enquiry was sent with.
 */
export function amountInForce(
  invoice: { number: string; totals: DocumentTotals } | null,
  quote: { number: string; status: QuoteStatus; totals: DocumentTotals } | null,
  estimate: { subtotal: Paise; tax: Paise; total: Paise },
): AmountInForce {
  if (invoice) return { basis: 'invoice', label: `Invoice ${invoice.number}`, ...taxed(invoice.totals) };
  const state = quote && QUOTE_IN_FORCE[quote.status];
  if (quote && state) return { basis: 'quote', label: `Quote ${quote.number}, ${state}`, ...taxed(quote.totals) };
  return {
    basis: 'estimate',
    label: 'Estimate before GST and delivery',
    taxable: estimate.subtotal,
    tax: estimate.tax,
    roundOff: 0,
    total: estimate.total,
  };
}
