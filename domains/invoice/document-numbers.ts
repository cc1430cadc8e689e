/**
 * Numbers of the documents that leave the shop after a yes: tax invoices and credit notes, each a consecutive series
 * of its own per Indian financial year (1 April to 31 March, India time), such as GL/2026-27/0001. A GST invoice's
 * number may have at most 16 characters (letters, digits, '-' and '/') and is unique for the financial year; the
 * database hands out the serials (domains/invoice/numbering.server.ts), this file only names them.
 */
import { istDate } from '#lib/india-time.ts';

/** Each series' prefix: short, so that a five-digit serial still fits in 16 characters. */
export const DOCUMENT_SERIES = { invoice: 'GL', 'credit-note': 'CN' } as const;
export type DocumentKind = keyof typeof DOCUMENT_SERIES;

export const MAX_DOCUMENT_NUMBER_LENGTH = 16;
const SERIAL_DIGITS = 4;

/** '2026-27': the financial year a moment falls in, by the calendar in India. */
export function financialYearOf(at: Date): string {
  const [year, month] = istDate(at).split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The first calendar year of a financial year: 2026 for '2026-27'. */
export const financialYearStart = (financialYear: string): number => Number(financialYear.slice(0, 4));

/** The highest serial whose number still fits in 16 characters (99,999 with a two-letter prefix). */
export function maxSerial(kind: DocumentKind, prefix: string = DOCUMENT_SERIES[kind]): number {
  const fixed = `${prefix}/2026-27/`.length;
  return 10 ** (MAX_DOCUMENT_NUMBER_LENGTH - fixed) - 1;
}

/**
 * 'GL/2026-27/0001'; serials past 9,999 take a fifth digit. The prefix is the shop's setting (the demo shop's by
 * default); a change of prefix carries on the year's one count of serials.
 */
export function documentNumber(
  kind: DocumentKind,
  financialYear: string,
  serial: number,
  prefix: string = DOCUMENT_SERIES[kind],
): string {
  if (!Number.isSafeInteger(serial) || serial < 1 || serial > maxSerial(kind, prefix)) {
    throw new RangeError(`No ${kind} number ${serial} in ${financialYear}`);
  }
  return `${prefix}/${financialYear}/${String(serial).padStart(SERIAL_DIGITS, '0')}`;
}

/**
 * The last day a credit note may be issued against an invoice: 30 November after the end of the invoice's financial
 * year: GST law allows none later (docs/decisions/352-credit-notes.md).
 */
export const creditNoteDeadline = (invoiceFinancialYear: string): string =>
  `${financialYearStart(invoiceFinancialYear) + 1}-11-30`;

/** GST began in July 2017: no return is older. */
const FIRST_GST_MONTH = '2017-07';

/**
 * Why a month ('2026-11') has no return to ask for, or null: before GST began, or more than a year after the month
 * it is now in India (a slip of the keyboard, not a return to prepare).
 */
export function gstr1MonthProblem(month: string, now: Date): string | null {
  const [year, number] = istDate(now).split('-');
  const last = `${Number(year) + 1}-${number}`;
  return month < FIRST_GST_MONTH || month > last ? `'month' must be from ${FIRST_GST_MONTH} (when GST began) to ${last}` : null;
}
