/**
 * When the shop promises to call back (within 24 hours), worked out from its hours and holidays (the settings' hours
 * section, domains/settings/opening-hours.ts). An enquiry is answered within 24 hours; when that moment falls while the shop is
 * closed, the promise is the next working morning, two hours after opening (the overnight enquiries are called first),
 * or that day's closing if it works less than two hours. The time in India is read by lib/india-time.ts.
 */
import { type OpeningHours, openingOn, REPLY_WITHIN_HOURS } from '#domains/settings/opening-hours.ts';
import { dateText, weekdaysIn } from '#lib/calendar.ts';
import { translator } from '#lib/i18n/translate.ts';
import { clock, datedMoment, fromIstWall, istWall } from '#lib/india-time.ts';
import type { Language } from '#lib/language.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MINUTE = 60_000;
const MORNING_GRACE_HOURS = 2;

/** The day of a shifted wall clock, 'YYYY-MM-DD'. */
const dayOf = (wall: Date) => wall.toISOString().slice(0, 10);

export function isOpen(at: Date, hours: OpeningHours): boolean {
  const wall = istWall(at);
  const opening = openingOn(dayOf(wall), hours);
  const hour = wall.getUTCHours() + wall.getUTCMinutes() / 60;
  return opening !== null && hour >= opening.opens && hour < opening.closes;
}

/**
 * The days looked at for the next opening: the settings keep at most 100 holidays and open at least one weekday, so
 * a working day always comes within this many.
 */
const LONGEST_CLOSURE_DAYS = 800;

/** The next opening strictly after `at` (the same day's, if the shop has not opened yet), with that day's closing. */
function nextOpening(at: Date, hours: OpeningHours): { opens: Date; closes: Date } {
  const wall = istWall(at);
  const day = new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate()));
  for (let days = 0; days <= LONGEST_CLOSURE_DAYS; days += 1, day.setUTCDate(day.getUTCDate() + 1)) {
    const opening = openingOn(dayOf(day), hours);
    const opens = new Date(day.getTime() + (opening?.opens ?? 0) * HOUR);
    if (opening && opens > wall)
      return { opens: fromIstWall(opens), closes: fromIstWall(new Date(day.getTime() + opening.closes * HOUR)) };
  }
  throw new Error('The shop opens on no day: the hours need at least one working weekday');
}

/** The nearest a promise can be to its enquiry: the 24 hours, when they end while the shop is open. */
export const SHORTEST_PROMISE_MS = REPLY_WITHIN_HOURS * HOUR;

/** The moment the shop promises to have called by, for an enquiry sent at `sentAt`. */
export function replyBy(sentAt: Date, hours: OpeningHours): Date {
  const due = new Date(sentAt.getTime() + SHORTEST_PROMISE_MS);
  if (isOpen(due, hours)) return due;
  const { opens, closes } = nextOpening(due, hours);
  return new Date(Math.min(opens.getTime() + MORNING_GRACE_HOURS * HOUR, closes.getTime()));
}

/**
 * Whether the reply promised for an enquiry sent at `sentAt` is late at `now`: the one rule behind the status
 * page's 'Our call is late' and the dashboard's list of late enquiries.
 */
export const replyIsLate = (sentAt: Date, now: Date, hours: OpeningHours): boolean => now >= replyBy(sentAt, hours);

/**
 * For a database query: enquiries sent before `surely` are late at `now` whatever the day they were sent; those
 * sent after `possibly` are not late yet; the ones between are asked of `replyIsLate`. A later enquiry is never
 * promised earlier, so `surely` is found by halving the time between a moment surely late and `possibly`, to the
 * minute.
 */
export function lateBounds(now: Date, hours: OpeningHours): { surely: Date; possibly: Date } {
  const possibly = now.getTime() - SHORTEST_PROMISE_MS;
  let late = possibly - (LONGEST_CLOSURE_DAYS + 1) * DAY;
  let notLate = possibly + 1;
  while (notLate - late > MINUTE) {
    const middle = Math.floor((late + notLate) / 2);
    if (replyIsLate(new Date(middle), now, hours)) late = middle;
    else notLate = middle;
  }
  return { surely: new Date(late), possibly: new Date(possibly) };
}

/**
 * 'today 5 PM', 'tomorrow 11 AM', 'Monday 11 AM', in IST, as seen at `now`; in Malayalam 'ഇന്ന് വൈകിട്ട് 5',
 * 'നാളെ രാവിലെ 11', 'തിങ്കൾ രാവിലെ 11'.
 */
export function describeMoment(moment: Date, now: Date, language: Language = 'en'): string {
  const t = translator(language);
  const wall = istWall(moment);
  const dayNumber = (d: Date) => Math.floor(d.getTime() / DAY);
  const days = dayNumber(wall) - dayNumber(istWall(now));
  const time = clock(wall, language);
  if (days === 0) return t('today {time}', { time });
  if (days === 1) return t('tomorrow {time}', { time });
  return `${weekdaysIn(language)[wall.getUTCDay()]} ${time}`;
}

/** 'Wednesday 2 December 2026' for a 'YYYY-MM-DD' day (a quote's last day); in Malayalam 'ഡിസംബർ 2, 2026, ബുധൻ'. */
export function dayText(day: string, language: Language = 'en'): string {
  const weekday = weekdaysIn(language)[new Date(`${day}T00:00:00Z`).getUTCDay()];
  return language === 'ml' ? `${dateText(day, language)}, ${weekday}` : `${weekday} ${dateText(day)}`;
}

/**
 * The promise said as it is, for a text read later (e-mails): 'within 24 hours, by Monday 30 November, 5 PM IST' when
 * the 24 hours end while the shop is open; else the later moment with the reason for it, never 'within 24 hours' for a
 * moment 34 hours away.
 */
export function promisedReply(sentAt: Date, hours: OpeningHours, language: Language = 'en'): string {
  const t = translator(language);
  const by = replyBy(sentAt, hours);
  const values = { hours: REPLY_WITHIN_HOURS, when: datedMoment(by, language) };
  return by.getTime() === sentAt.getTime() + SHORTEST_PROMISE_MS
    ? t('within {hours} hours, by {when} IST', values)
    : t('by {when} IST (the first working morning after {hours} hours)', values);
}

/**
 * 'We will call you by Monday 11 AM to confirm details and pricing.': the promise as the customer reads it at the moment
 * of sending, with what the call is for (the spec's checkout success).
 */
export function replyPromise(sentAt: Date, hours: OpeningHours, language: Language = 'en'): string {
  const t = translator(language);
  return t('We will call you by {moment} to confirm details and pricing.', {
    moment: describeMoment(replyBy(sentAt, hours), sentAt, language),
  });
}

/** How much of the time between two moments the shop is open: the countdown only runs in working hours. */
export function workingTimeBetween(from: Date, to: Date, hours: OpeningHours): number {
  let total = 0;
  const start = istWall(from);
  const end = istWall(to);
  const day = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate()));
  for (; day < end; day.setUTCDate(day.getUTCDate() + 1)) {
    const opening = openingOn(dayOf(day), hours);
    if (!opening) continue;
    const opens = day.getTime() + opening.opens * HOUR;
    const closes = day.getTime() + opening.closes * HOUR;
    total += Math.max(0, Math.min(closes, end.getTime()) - Math.max(opens, start.getTime()));
  }
  return total;
}

export interface ReplyCountdown {
  /** The promised moment. */
  by: Date;
  /** Working minutes until then (0 once it has passed). */
  workingMinutesLeft: number;
  overdue: boolean;
  /** Whether the shop is open at `now`. */
  open: boolean;
}

/** Where the reply promise stands at `now`, for an enquiry sent at `sentAt`. */
export function replyCountdown(sentAt: Date, now: Date, hours: OpeningHours): ReplyCountdown {
  const by = replyBy(sentAt, hours);
  return {
    by,
    workingMinutesLeft: Math.ceil(workingTimeBetween(now, by, hours) / MINUTE),
    overdue: now >= by,
    open: isOpen(now, hours),
  };
}

/** '3 hours and 20 minutes', '1 hour', '45 minutes': spelt out, as a person says it. */
export function workingDuration(minutes: number, language: Language = 'en'): string {
  const t = translator(language);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hoursText = () =>
    hours === 1 ? t('{count} hour', { count: String(hours) }) : t('{count} hours', { count: String(hours) });
  const minutesText = () =>
    rest === 1 ? t('{count} minute', { count: String(rest) }) : t('{count} minutes', { count: String(rest) });
  if (hours === 0) return minutesText();
  return rest === 0 ? hoursText() : t('{hours} and {minutes}', { hours: hoursText(), minutes: minutesText() });
}

/** The countdown as the customer reads it on the status page. */
export function countdownText(countdown: ReplyCountdown, now: Date, hours: OpeningHours, language: Language = 'en'): string {
  const t = translator(language);
  const by = describeMoment(countdown.by, now, language);
  if (countdown.overdue)
    return t('Our call is late: it was due by {moment}. We are sorry. Please call or WhatsApp us.', { moment: by });
  const left = workingDuration(countdown.workingMinutesLeft, language);
  if (countdown.open) return t('We will call you by {moment}, within the next {left} the shop is open.', { moment: by, left });
  return t('We will call you by {moment}, within the first {left} the shop is open: it is closed now and opens {opens}.', {
    moment: by,
    left,
    opens: describeMoment(nextOpening(now, hours).opens, now, language),
  });
}
