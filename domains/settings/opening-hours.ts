/**
 * The shop's week and holidays (the settings' hours section): which days it works, from when to when, in India time,
 * and the same said for people (the pages, the e-mails) and for search engines (schema.org). A working day is a weekday
 * with hours that is not a holiday.
 */
import { weekdaysIn } from '#lib/calendar.ts';
import { type Translate, translator } from '#lib/i18n/translate.ts';
import { clock } from '#lib/india-time.ts';
import type { Language } from '#lib/language.ts';

import type { HoursSettings } from './schema.ts';

export type OpeningHours = HoursSettings;

/** The shop's promise to an enquiry or a message: a reply within this many hours (domains/enquiry/reply-promise.ts). */
export const REPLY_WITHIN_HOURS = 24;
type Opening = NonNullable<HoursSettings['week'][number]>;

/** The hours of the day `day` ('YYYY-MM-DD', India), or null: closed (no hours that weekday, or a holiday). */
export function openingOn(day: string, hours: OpeningHours): Opening | null {
  if (hours.holidays.some((holiday) => holiday.date === day)) return null;
  return hours.week[new Date(`${day}T00:00:00Z`).getUTCDay()] ?? null;
}

/** Monday first, as people read a week. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];
const SCHEMA_DAYS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'];

/** Neighbouring weekdays (Monday first) with the same hours: from `first` to `last`, `days` of them. */
interface Run {
  first: number;
  last: number;
  days: number;
  opening: Opening | null;
}

function runs(week: OpeningHours['week']): Run[] {
  const found: Run[] = [];
  for (const day of WEEK_ORDER) {
    const opening = week[day] ?? null;
    const last = found.at(-1);
    if (last && last.opening?.opens === opening?.opens && last.opening?.closes === opening?.closes) {
      last.last = day;
      last.days += 1;
    } else found.push({ first: day, last: day, days: 1, opening });
  }
  return found;
}

const openRuns = (hours: OpeningHours) =>
  runs(hours.week).flatMap((run) => (run.opening ? [{ ...run, opening: run.opening }] : []));

/** 'Sunday', 'Saturday and Sunday', 'Monday to Saturday'; in Malayalam 'തിങ്കൾ മുതൽ ശനി വരെ'. */
function dayRun({ first, last, days }: Run, language: Language, t: Translate): string {
  const weekdays = weekdaysIn(language);
  const values = { first: weekdays[first] ?? '', last: weekdays[last] ?? '' };
  if (days === 1) return values.first;
  return days === 2 ? t('{first} and {last}', values) : t('{first} to {last}', values);
}

/** '9:00 AM', '6:00 PM', '12:00 noon', 'midnight'; in Malayalam 'രാവിലെ 9', 'ഉച്ചയ്ക്ക് 12', 'അർധരാത്രി 12'. */
function hourText(hour: number, language: Language): string {
  if (language === 'ml') return hour % 24 === 0 ? 'അർധരാത്രി 12' : clock(new Date(Date.UTC(2000, 0, 1, hour)), 'ml');
  if (hour === 12) return '12:00 noon';
  if (hour === 0 || hour === 24) return 'midnight';
  return `${hour % 12 === 0 ? 12 : hour % 12}:00 ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * The week as people read it: open 'Monday to Saturday 9:00 AM to 6:00 PM IST'; closed 'Sunday closed' (null when the
 * shop works every day). In Malayalam on the Malayalam pages (and e-mails, when they pass the language).
 */
export function hoursText(hours: OpeningHours, language: Language = 'en'): { open: string; closed: string | null } {
  const t = translator(language);
  const open = openRuns(hours).map((run) =>
    t('{days} {opens} to {closes}', {
      days: dayRun(run, language, t),
      opens: hourText(run.opening.opens, language),
      closes: hourText(run.opening.closes, language),
    }),
  );
  const closed = runs(hours.week)
    .filter((run) => !run.opening)
    .map((run) => dayRun(run, language, t));
  return {
    open: t('{hours} IST', { hours: open.join(', ') }),
    closed: closed.length ? t('{days} closed', { days: closed.join(', ') }) : null,
  };
}

const twoDigits = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** schema.org's openingHours: 'Mo-Sa 09:00-18:00', one entry per run of days with the same hours. */
export function schemaOpeningHours(hours: OpeningHours): string[] {
  return openRuns(hours).map(({ first, last, days, opening }) => {
    const range = days === 1 ? SCHEMA_DAYS[first] : `${SCHEMA_DAYS[first]}-${SCHEMA_DAYS[last]}`;
    return `${range} ${twoDigits(opening.opens)}-${twoDigits(opening.closes)}`;
  });
}

/**
 * The holidays as schema.org's special opening hours: a day whose opens and closes are both 00:00 is closed all day
 * (schema.org's OpeningHoursSpecification).
 */
export const schemaHolidays = (hours: OpeningHours) =>
  hours.holidays.map((holiday) => ({
    '@type': 'OpeningHoursSpecification',
    name: holiday.name,
    validFrom: holiday.date,
    validThrough: holiday.date,
    opens: '00:00',
    closes: '00:00',
  }));
