/**
 * The time in India, read in one place. India keeps one time zone and no daylight saving, so IST is always UTC+05:30:
 * a day there starts at 18:30 UTC the day before. The database keeps one twin of `istDate` for its per-day enquiry
 * counts, the SQL function `ist_day` (platform/db/migrations/0017_list-counts.sql); tests/api/india-time.test.ts runs
 * both on the same moments.
 */
import { MONTHS, WEEKDAYS } from './calendar.ts';

export const IST_OFFSET = '+05:30';
export const IST_OFFSET_MS = 330 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The wall clock in IST as the UTC fields of a shifted date: getUTCDay, getUTCHours... read Indian time. */
export const istWall = (at: Date): Date => new Date(at.getTime() + IST_OFFSET_MS);
/** The moment an IST wall clock (as istWall makes it) shows. */
export const fromIstWall = (wall: Date): Date => new Date(wall.getTime() - IST_OFFSET_MS);

/** '2026-11-23': the day in India at `at` (export file names, quote validity, due dates). */
export const istDate = (at: Date): string => istWall(at).toISOString().slice(0, 10);

/** '2026-11-23 12:21': a moment in India time as a spreadsheet reads it (the CSV exports). */
export const istDateTime = (at: Date): string => istWall(at).toISOString().slice(0, 16).replace('T', ' ');

/** The hour in India at `at`, 0 to 23. */
export const istHour = (at: Date): number => istWall(at).getUTCHours();

/** The moment the India day of `at` began: its 00:00 IST. */
export const istDayStart = (at: Date): Date =>
  new Date(Math.floor((at.getTime() + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS);

/** The moment a 'YYYY-MM-DD' day begins in India. */
export const istMidnight = (day: string): Date => new Date(`${day}T00:00:00${IST_OFFSET}`);

/** The day `days` after `day` (a 'YYYY-MM-DD'; negative goes back). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** '11 AM', '5:30 PM'. */
export function clock(wall: Date): string {
  const hours = wall.getUTCHours();
  const minutes = wall.getUTCMinutes();
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** 'Monday 30 November, 11 AM' in IST: for texts read later than they were written (e-mails). */
export function datedMoment(moment: Date): string {
  const wall = istWall(moment);
  return `${WEEKDAYS[wall.getUTCDay()]} ${wall.getUTCDate()} ${MONTHS[wall.getUTCMonth()]}, ${clock(wall)}`;
}
