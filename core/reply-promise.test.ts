import { describe, expect, it } from 'vitest';

import {
  addDays,
  countdownText,
  datedMoment,
  dayText,
  describeMoment,
  isOpen,
  lateBounds,
  LONGEST_PROMISE_MS,
  promisedReply,
  replyBy,
  replyCountdown,
  replyIsLate,
  replyPromise,
  workingTimeBetween,
} from './reply-promise.ts';

/** A moment given in IST ('2026-11-28T17:30' is a Saturday). */
const istAt = (wall: string) => new Date(`${wall}:00+05:30`);

describe('the reply promise from business hours (Monday to Saturday 9:00 to 18:00 IST)', () => {
  it('Saturday 17:30: 24 hours later the shop is closed (Sunday), so Monday 11 AM', () => {
    expect(replyBy(istAt('2026-11-28T17:30'))).toEqual(istAt('2026-11-30T11:00'));
    expect(replyPromise(istAt('2026-11-28T17:30'))).toBe('We will call you by Monday 11 AM.');
  });
  it('Sunday afternoon: 24 hours later is Monday afternoon, open', () => {
    expect(replyBy(istAt('2026-11-29T14:15'))).toEqual(istAt('2026-11-30T14:15'));
    expect(replyPromise(istAt('2026-11-29T14:15'))).toBe('We will call you by tomorrow 2:15 PM.');
  });
  it('Monday 08:00: 24 hours later is Tuesday before opening, so Tuesday 11 AM', () => {
    expect(replyBy(istAt('2026-11-30T08:00'))).toEqual(istAt('2026-12-01T11:00'));
    expect(replyPromise(istAt('2026-11-30T08:00'))).toBe('We will call you by tomorrow 11 AM.');
  });
  it('a weekday during working hours: the same time the next day', () => {
    expect(replyBy(istAt('2026-12-02T10:30'))).toEqual(istAt('2026-12-03T10:30'));
  });
  it('Friday evening after closing: Saturday is open but 24 hours later is after closing, so Monday 11 AM', () => {
    expect(replyBy(istAt('2026-12-04T19:00'))).toEqual(istAt('2026-12-07T11:00'));
  });
  it('late on Friday night, 24 hours later is Saturday night: Monday 11 AM', () => {
    expect(replyPromise(istAt('2026-12-04T23:50'))).toBe('We will call you by Monday 11 AM.');
  });
  it('opening and closing edges: 9:00 is open, 18:00 is closed, Sunday never', () => {
    expect(isOpen(istAt('2026-12-01T09:00'))).toBe(true);
    expect(isOpen(istAt('2026-12-01T17:59'))).toBe(true);
    expect(isOpen(istAt('2026-12-01T18:00'))).toBe(false);
    expect(isOpen(istAt('2026-11-29T12:00'))).toBe(false);
  });
  it('reads the day in IST, not UTC: 01:00 IST Tuesday is still Monday in UTC', () => {
    expect(describeMoment(istAt('2026-12-01T11:00'), istAt('2026-12-01T01:00'))).toBe('today 11 AM');
  });
  it("a day as words, with its weekday: a quote's last day", () => {
    expect(dayText('2026-12-02')).toBe('Wednesday 2 December 2026');
    expect(addDays('2026-12-30', 7)).toBe('2027-01-06');
  });
  it('dated for e-mails: weekday, date, month and time in IST', () => {
    expect(datedMoment(istAt('2026-11-30T11:00'))).toBe('Monday 30 November, 11 AM');
    expect(datedMoment(istAt('2026-12-01T17:30'))).toBe('Tuesday 1 December, 5:30 PM');
  });
  it('said as it is in e-mails: "within 24 hours" only when the promise is the 24 hours', () => {
    expect(promisedReply(istAt('2026-12-02T10:30'))).toBe('within 24 hours, by Thursday 3 December, 10:30 AM IST');
    // Tuesday 01:00: 24 hours on is Wednesday 1 AM, so Wednesday 11 AM, 34 hours away.
    expect(promisedReply(istAt('2026-12-01T01:00'))).toBe(
      'by Wednesday 2 December, 11 AM IST (the first working morning after 24 hours)',
    );
  });
});

describe('the countdown on the status page runs only in working hours', () => {
  const HOUR = 3_600_000;
  it('Saturday evening, sent at 17:30: half an hour left today, two hours on Monday', () => {
    const sent = istAt('2026-11-28T17:30');
    const countdown = replyCountdown(sent, istAt('2026-11-28T17:30'));
    expect(countdown).toEqual({ by: istAt('2026-11-30T11:00'), workingMinutesLeft: 150, overdue: false, open: true });
    expect(countdownText(countdown, sent)).toBe(
      'We will call you by Monday 11 AM, within the next 2 hours and 30 minutes the shop is open.',
    );
  });
  it('Sunday: the shop is closed, the clock is paused and says when it opens', () => {
    const now = istAt('2026-11-29T15:00');
    const countdown = replyCountdown(istAt('2026-11-28T17:30'), now);
    expect(countdown.workingMinutesLeft).toBe(120);
    expect(countdown.open).toBe(false);
    expect(countdownText(countdown, now)).toBe(
      'We will call you by tomorrow 11 AM, within the first 2 hours the shop is open: it is closed now and opens tomorrow 9 AM.',
    );
  });
  it('a weekday morning before opening, for an enquiry sent the day before at 10:30', () => {
    const now = istAt('2026-12-03T08:00');
    const countdown = replyCountdown(istAt('2026-12-02T10:30'), now);
    expect(countdown.by).toEqual(istAt('2026-12-03T10:30'));
    expect(countdown.workingMinutesLeft).toBe(90);
    expect(countdownText(countdown, now)).toBe(
      'We will call you by today 10:30 AM, within the first 1 hour and 30 minutes the shop is open: it is closed now and opens today 9 AM.',
    );
  });
  it('past the promise: overdue, nothing left, and the text says sorry', () => {
    const now = istAt('2026-12-03T12:00');
    const countdown = replyCountdown(istAt('2026-12-02T10:30'), now);
    expect(countdown).toMatchObject({ overdue: true, workingMinutesLeft: 0 });
    expect(countdownText(countdown, now)).toBe(
      'Our call is late: it was due by today 10:30 AM. We are sorry. Please call or WhatsApp us.',
    );
  });
  it('working time across a weekend and between moments inside one day', () => {
    expect(workingTimeBetween(istAt('2026-11-27T17:00'), istAt('2026-11-30T10:00'))).toBe(11 * HOUR);
    expect(workingTimeBetween(istAt('2026-12-01T10:00'), istAt('2026-12-01T10:45'))).toBe(0.75 * HOUR);
    expect(workingTimeBetween(istAt('2026-12-01T20:00'), istAt('2026-12-01T19:00'))).toBe(0);
  });
});

describe('late: the one rule for the status page and the dashboard', () => {
  it('Saturday 5 PM is promised Monday 11 AM: not late on Sunday, nor at 10:59 on Monday; late from 11 AM', () => {
    const sent = istAt('2026-11-28T17:00');
    expect(replyIsLate(sent, istAt('2026-11-29T17:01'))).toBe(false);
    expect(replyIsLate(sent, istAt('2026-11-30T10:59'))).toBe(false);
    expect(replyIsLate(sent, istAt('2026-11-30T11:00'))).toBe(true);
    expect(replyCountdown(sent, istAt('2026-11-30T11:00')).overdue).toBe(true);
  });
  it('the bounds a query uses hold for an enquiry sent at any quarter hour of a week', () => {
    // Saturday 6 PM to Monday 9 AM is the longest closure, 39 hours: no promise is more than 24 + 39 + 2 hours away.
    expect(LONGEST_PROMISE_MS).toBe(65 * 3_600_000);
    const start = istAt('2026-11-23T00:00');
    for (let minutes = 0; minutes < 7 * 24 * 60; minutes += 15) {
      const sent = new Date(start.getTime() + minutes * 60_000);
      const by = replyBy(sent).getTime() - sent.getTime();
      expect(by).toBeGreaterThanOrEqual(24 * 3_600_000);
      expect(by).toBeLessThanOrEqual(LONGEST_PROMISE_MS);
    }
    const now = istAt('2026-11-30T11:00');
    const { surely, possibly } = lateBounds(now);
    expect(replyIsLate(surely, now)).toBe(true);
    expect(replyIsLate(new Date(possibly.getTime() + 1), now)).toBe(false);
  });
});
