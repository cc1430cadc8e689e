/**
 * When the shop promises to call back (within 24 hours), worked out from its hours: Monday to Saturday,
 * 9:00 to 18:00 IST. An enquiry is answered within 24 hours; when that moment falls while the shop is closed,
 * the promise is the next working morning, two hours after opening (the overnight enquiries are called first).
 * India keeps no daylight saving, so IST is always UTC+5:30.
 */
import { dateText, MONTHS, WEEKDAYS } from './calendar.ts';

const HOUR = 3_600_000;
const IST_OFFSET = 5.5 * HOUR;
export const WORKING_HOURS = { opens: 9, closes: 18, days: [1, 2, 3, 4, 5, 6] as readonly number[] };
export const REPLY_WITHIN_HOURS = 24;
const MORNING_GRACE_HOURS = 2;

/** The wall clock in IST as UTC fields of a shifted date: getUTCDay, getUTCHours... read Indian time. */
const ist = (at: Date) => new Date(at.getTime() + IST_OFFSET);
const fromIst = (wall: Date) => new Date(wall.getTime() - IST_OFFSET);

/** '2026-11-23': the day in India at `at` (export file names, quote validity). */
export const istDate = (at: Date): string => ist(at).toISOString().slice(0, 10);

/** '2026-11-23 12:21': a moment in India time as a spreadsheet reads it (the CSV exports). */
export const istDateTime = (at: Date): string => ist(at).toISOString().slice(0, 16).replace('T', ' ');

/** The day in India `days` after `from` (a 'YYYY-MM-DD'). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function isOpen(at: Date): boolean {
  const wall = ist(at);
  const hour = wall.getUTCHours() + wall.getUTCMinutes() / 60;
  return WORKING_HOURS.days.includes(wall.getUTCDay()) && hour >= WORKING_HOURS.opens && hour < WORKING_HOURS.closes;
}

/** The next opening strictly after `at` (the same day's, if the shop has not opened yet). */
function nextOpening(at: Date): Date {
  const wall = ist(at);
  const day = new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate(), WORKING_HOURS.opens));
  while (day <= wall || !WORKING_HOURS.days.includes(day.getUTCDay())) day.setUTCDate(day.getUTCDate() + 1);
  return fromIst(day);
}

/** The nearest a promise can be to its enquiry: the 24 hours, when they end while the shop is open. */
export const SHORTEST_PROMISE_MS = REPLY_WITHIN_HOURS * HOUR;

/** The moment the shop promises to have called by, for an enquiry sent at `sentAt`. */
export function replyBy(sentAt: Date): Date {
  const due = new Date(sentAt.getTime() + SHORTEST_PROMISE_MS);
  if (isOpen(due)) return due;
  return new Date(nextOpening(due).getTime() + MORNING_GRACE_HOURS * HOUR);
}

/**
 * Whether the reply promised for an enquiry sent at `sentAt` is late at `now`: the one rule behind the status
 * page's 'Our call is late' and the dashboard's list of late enquiries.
 */
export const replyIsLate = (sentAt: Date, now: Date): boolean => now >= replyBy(sentAt);

/** The longest the shop is closed in a week, in hours: from one day's closing to the next working day's opening. */
const LONGEST_CLOSED_HOURS = Math.max(
  ...WORKING_HOURS.days.map((day) => {
    let next = 1;
    while (!WORKING_HOURS.days.includes((day + next) % 7)) next += 1;
    return next * 24 - WORKING_HOURS.closes + WORKING_HOURS.opens;
  }),
);
/** The furthest a promise can be from its enquiry: the 24 hours, a whole closure, then the morning's grace. */
export const LONGEST_PROMISE_MS = (REPLY_WITHIN_HOURS + LONGEST_CLOSED_HOURS + MORNING_GRACE_HOURS) * HOUR;

/**
 * For a database query: enquiries sent before `surely` are late at `now` whatever the day they were sent; those
 * sent after `possibly` are not late yet; the ones between are asked of `replyIsLate`.
 */
export const lateBounds = (now: Date): { surely: Date; possibly: Date } => ({
  surely: new Date(now.getTime() - LONGEST_PROMISE_MS),
  possibly: new Date(now.getTime() - SHORTEST_PROMISE_MS),
});

/** '11 AM', '5:30 PM'. */
function clock(wall: Date): string {
  const hours = wall.getUTCHours();
  const minutes = wall.getUTCMinutes();
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** 'today 5 PM', 'tomorrow 11 AM', 'Monday 11 AM', in IST, as seen at `now`. */
export function describeMoment(moment: Date, now: Date): string {
  const wall = ist(moment);
  const dayOf = (d: Date) => Math.floor(d.getTime() / (24 * HOUR));
  const days = dayOf(wall) - dayOf(ist(now));
  const day = days === 0 ? 'today' : days === 1 ? 'tomorrow' : WEEKDAYS[wall.getUTCDay()];
  return `${day} ${clock(wall)}`;
}

/** 'Monday 30 November, 11 AM' in IST: for texts read later than they were written (e-mails). */
export function datedMoment(moment: Date): string {
  const wall = ist(moment);
  return `${WEEKDAYS[wall.getUTCDay()]} ${wall.getUTCDate()} ${MONTHS[wall.getUTCMonth()]}, ${clock(wall)}`;
}

/** 'Wednesday 2 December 2026' for a 'YYYY-MM-DD' day (a quote's last day). */
export function dayText(day: string): string {
  return `${WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()]} ${dateText(day)}`;
}

/**
 * The promise said as it is, for a text read later (e-mails): 'within 24 hours, by Monday 30 November, 5 PM IST' when
 * the 24 hours end while the shop is open; else the later moment with the reason for it, never 'within 24 hours' for a
 * moment 34 hours away.
 */
export function promisedReply(sentAt: Date): string {
  const by = replyBy(sentAt);
  const when = `${datedMoment(by)} IST`;
  return by.getTime() === sentAt.getTime() + SHORTEST_PROMISE_MS
    ? `within ${REPLY_WITHIN_HOURS} hours, by ${when}`
    : `by ${when} (the first working morning after ${REPLY_WITHIN_HOURS} hours)`;
}

/** 'We will call you by Monday 11 AM.': the promise as the customer reads it at the moment of sending. */
export const replyPromise = (sentAt: Date): string => `We will call you by ${describeMoment(replyBy(sentAt), sentAt)}.`;

const MINUTE = 60_000;

/** How much of the time between two moments the shop is open: the countdown only runs in working hours. */
export function workingTimeBetween(from: Date, to: Date): number {
  let total = 0;
  const start = ist(from);
  const end = ist(to);
  const day = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate()));
  for (; day < end; day.setUTCDate(day.getUTCDate() + 1)) {
    if (!WORKING_HOURS.days.includes(day.getUTCDay())) continue;
    const opens = day.getTime() + WORKING_HOURS.opens * HOUR;
    const closes = day.getTime() + WORKING_HOURS.closes * HOUR;
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
export function replyCountdown(sentAt: Date, now: Date): ReplyCountdown {
  const by = replyBy(sentAt);
  return {
    by,
    workingMinutesLeft: Math.ceil(workingTimeBetween(now, by) / MINUTE),
    overdue: replyIsLate(sentAt, now),
    open: isOpen(now),
  };
}

/** '3 hours and 20 minutes', '1 hour', '45 minutes': spelt out, as a person says it. */
export function workingDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const say = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (hours === 0) return say(rest, 'minute');
  return rest === 0 ? say(hours, 'hour') : `${say(hours, 'hour')} and ${say(rest, 'minute')}`;
}

/** The countdown as the customer reads it on the status page. */
export function countdownText(countdown: ReplyCountdown, now: Date): string {
  const by = describeMoment(countdown.by, now);
  if (countdown.overdue) return `Our call is late: it was due by ${by}. We are sorry. Please call or WhatsApp us.`;
  const left = workingDuration(countdown.workingMinutesLeft);
  if (countdown.open) return `We will call you by ${by}, within the next ${left} the shop is open.`;
  return `We will call you by ${by}, within the first ${left} the shop is open: it is closed now and opens ${describeMoment(nextOpening(now), now)}.`;
}
