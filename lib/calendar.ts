/**
 * Calendar words in English and Malayalam, written out: the same text on the server and in every browser, and no Intl
 * to load.
 */
import type { Language } from './language.ts';

const WEEKDAYS: readonly string[] = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const MONTHS: readonly string[] = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const MALAYALAM_WEEKDAYS: readonly string[] = ['ഞായർ', 'തിങ്കൾ', 'ചൊവ്വ', 'ബുധൻ', 'വ്യാഴം', 'വെള്ളി', 'ശനി'];

const MALAYALAM_MONTHS: readonly string[] = [
  'ജനുവരി',
  'ഫെബ്രുവരി',
  'മാർച്ച്',
  'ഏപ്രിൽ',
  'മേയ്',
  'ജൂൺ',
  'ജൂലൈ',
  'ഓഗസ്റ്റ്',
  'സെപ്റ്റംബർ',
  'ഒക്ടോബർ',
  'നവംബർ',
  'ഡിസംബർ',
];

/** The weekdays (Sunday first) in a language. */
export const weekdaysIn = (language: Language): readonly string[] => (language === 'ml' ? MALAYALAM_WEEKDAYS : WEEKDAYS);

/** The months (January first) in a language. */
export const monthsIn = (language: Language): readonly string[] => (language === 'ml' ? MALAYALAM_MONTHS : MONTHS);

/** '12 January 2026' for the day '2026-01-12'; in Malayalam 'ജനുവരി 12, 2026' (Western digits). */
export function dateText(day: string, language: Language = 'en'): string {
  const date = new Date(`${day}T00:00:00Z`);
  const month = monthsIn(language)[date.getUTCMonth()];
  return language === 'ml'
    ? `${month} ${date.getUTCDate()}, ${date.getUTCFullYear()}`
    : `${date.getUTCDate()} ${month} ${date.getUTCFullYear()}`;
}

/** Whether `value` is a day that exists, written 'YYYY-MM-DD' (not '2026-02-30'). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}
