/**
 * The shop's commercial terms, in one place: shown where they matter (product page, checkout) and read by the
 * structured data (delivery ₹50, Kerala, 1-2 days handling, 2-5 days transit, 7-day free return).
 *
 * DEMO VALUES for the GST rates: set them to the shop's own before going live.
 */
export const terms = {
  delivery: { charge: '50.00', currency: 'INR', area: 'Kerala', handlingDays: [1, 2], transitDays: [2, 5] },
  returns: { days: 7, free: true },
  /** No minimum: a single carton can be asked for. */
  minimumCartons: 1,
  gst: { includedInPrices: false, rates: [5, 18] },
} as const;

const range = ([from, to]: readonly [number, number]) => (from === to ? `${from}` : `${from}-${to}`);

/** '1-2': the working days between an order agreed and its dispatch (a quote's terms say it too). */
export const handlingDaysText = range(terms.delivery.handlingDays);

/** The returns term, the same on the pages and on every quote. */
export const RETURNS_TERM = `${terms.returns.free ? 'Free returns' : 'Returns'} within ${terms.returns.days} days of delivery for unopened cartons.`;

/** The terms as a customer reads them before a quote, each a short line (a quote has its own: domains/quote/model.ts). */
export function termsLines(): string[] {
  const { delivery, gst } = terms;
  return [
    `Delivery anywhere in ${delivery.area} for ₹${delivery.charge.replace(/\.00$/, '')} an order: dispatched in ${handlingDaysText} working days, with you ${range(delivery.transitDays)} days later.`,
    terms.minimumCartons === 1 ? 'No minimum order: one carton is enough.' : `Minimum order: ${terms.minimumCartons} cartons.`,
    `Prices exclude GST (${gst.rates.map((rate) => `${rate}%`).join(' or ')} by product); it is added on the quote we send you.`,
    RETURNS_TERM,
  ];
}

/** What checkout's 'Tax ₹0.00' means (the enquiry's tax is always 0.00: GST comes with the quote). */
export const TAX_NOTE = 'GST is not included here: it is added on the quote we send you, with delivery.';
