import { msg, type Translate, translator } from '#lib/i18n/translate.ts';

/**
 * The shop's commercial terms, in one place: shown where they matter (product page, checkout) and read by the
 * structured data (delivery ₹50, Kerala, 1-2 days handling, 2-5 days transit, 7-day free return).
 *
 * DEMO VALUES for the GST rates: set them to the shop's own before going live.
 */
export const terms = {
  delivery: { charge: '50.00', currency: 'INR', area: msg('Kerala'), handlingDays: [1, 2], transitDays: [2, 5] },
  returns: { days: 7, free: true },
  /** No minimum: a single carton can be asked for. */
  minimumCartons: 1,
  gst: { includedInPrices: false, rates: [5, 18] },
} as const;

const range = ([from, to]: readonly [number, number]) => (from === to ? `${from}` : `${from}-${to}`);

/** '1-2': the working days between an order agreed and its dispatch (a quote's terms say it too). */
export const handlingDaysText = range(terms.delivery.handlingDays);

/** The returns term in a language, the same on the pages, on every quote and on every invoice. */
export function returnsTerm(t: Translate): string {
  const days = terms.returns.days;
  return terms.returns.free
    ? t('Free returns within {days} days of delivery for unopened cartons.', { days })
    : t('Returns within {days} days of delivery for unopened cartons.', { days });
}

/** The terms as a customer reads them before a quote, each a short line (a quote has its own: domains/quote/model.ts). */
export function termsLines(t: Translate = translator('en')): string[] {
  const { delivery, gst } = terms;
  return [
    t(
      'Delivery anywhere in {area} for ₹{charge} an order: dispatched in {handling} working days, with you {transit} days later.',
      {
        area: t(delivery.area),
        charge: delivery.charge.replace(/\.00$/, ''),
        handling: handlingDaysText,
        transit: range(delivery.transitDays),
      },
    ),
    terms.minimumCartons === 1
      ? t('No minimum order: one carton is enough.')
      : t('Minimum order: {count} cartons.', { count: terms.minimumCartons }),
    t('Prices exclude GST ({rates} by product); it is added on the quote we send you.', {
      rates: gst.rates.map((rate) => `${rate}%`).join(t(' or ')),
    }),
    returnsTerm(t),
  ];
}

/** What checkout's 'Tax ₹0.00' means (the enquiry's tax is always 0.00: GST comes with the quote). */
export const TAX_NOTE = msg('GST is not included here: it is added on the quote we send you, with delivery.');
