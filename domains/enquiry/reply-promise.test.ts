import { beforeAll, describe, expect, it } from 'vitest';

import type { OpeningHours } from '#domains/settings/opening-hours.ts';
import { loadLanguage } from '#lib/i18n/translate.ts';
import { addDays, datedMoment } from '#lib/india-time.ts';

import {
  countdownText,
  dayText,
  describeMoment,
  isOpen,
  lateBounds,
  promisedReply,
  replyBy,
  replyCountdown,
  replyIsLate,
  replyPromise,
  workingDuration,
  workingTimeBetween,
} from './reply-promise.ts';

/** The demo shop's hours: Monday to Saturday 9:00 to 18:00 IST, Sunday closed, no holidays. */
const WEEK: OpeningHours = {
  week: [null, ...Array.from({ length: 6 }, () => ({ opens: 9, closes: 18 }))],
  holidays: [],
};

/** A moment given in IST ('2026-11-28T17:30' is a Saturday). */
const istAt = (wall: string) => new Date(`${wall}:00+05:30`);

describe('the reply promise from business hours (Monday to Saturday 9:00 to 18:00 IST)', () => {
  it('Saturday 17:30: 24 hours later the shop is closed (Sunday), so Monday 11 AM', () => {
    expect(replyBy(istAt('2026-11-28T17:30'), WEEK)).toEqual(istAt('2026-11-30T11:00'));
    expect(replyPromise(istAt('2026-11-28T17:30'), WEEK)).toBe(
      'We will call you by Monday 11 AM to confirm details and pricing.',
    );
  });
  it('Sunday afternoon: 24 hours later is Monday afternoon, open', () => {
    expect(replyBy(istAt('2026-11-29T14:15'), WEEK)).toEqual(istAt('2026-11-30T14:15'));
    expect(replyPromise(istAt('2026-11-29T14:15'), WEEK)).toBe(
      'We will call you by tomorrow 2:15 PM to confirm details and pricing.',
    );
  });
  it('Monday 08:00: 24 hours later is Tuesday before opening, so Tuesday 11 AM', () => {
    expect(replyBy(istAt('2026-11-30T08:00'), WEEK)).toEqual(istAt('2026-12-01T11:00'));
    expect(replyPromise(istAt('2026-11-30T08:00'), WEEK)).toBe(
      'We will call you by tomorrow 11 AM to confirm details and pricing.',
    );
  });
  it('a weekday during working hours: the same time the next day', () => {
    expect(replyBy(istAt('2026-12-02T10:30'), WEEK)).toEqual(istAt('2026-12-03T10:30'));
  });
  it('Friday evening after closing: Saturday is open but 24 hours later is after closing, so Monday 11 AM', () => {
    expect(replyBy(istAt('2026-12-04T19:00'), WEEK)).toEqual(istAt('2026-12-07T11:00'));
  });
  it('late on Friday night, 24 hours later is Saturday night: Monday 11 AM', () => {
    expect(replyPromise(istAt('2026-12-04T23:50'), WEEK)).toBe(
      'We will call you by Monday 11 AM to confirm details and pricing.',
    );
  });
  it('opening and closing edges: 9:00 is open, 18:00 is closed, Sunday never', () => {
    expect(isOpen(istAt('2026-12-01T09:00'), WEEK)).toBe(true);
    expect(isOpen(istAt('2026-12-01T17:59'), WEEK)).toBe(true);
    expect(isOpen(istAt('2026-12-01T18:00'), WEEK)).toBe(false);
    expect(isOpen(istAt('2026-11-29T12:00'), WEEK)).toBe(false);
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
    expect(promisedReply(istAt('2026-12-02T10:30'), WEEK)).toBe('within 24 hours, by Thursday 3 December, 10:30 AM IST');
    // Tuesday 01:00: 24 hours on is Wednesday 1 AM, so Wednesday 11 AM, 34 hours away.
    expect(promisedReply(istAt('2026-12-01T01:00'), WEEK)).toBe(
      'by Wednesday 2 December, 11 AM IST (the first working morning after 24 hours)',
    );
  });
});

describe('the countdown on the status page runs only in working hours', () => {
  const HOUR = 3_600_000;
  it('Saturday evening, sent at 17:30: half an hour left today, two hours on Monday', () => {
    const sent = istAt('2026-11-28T17:30');
    const countdown = replyCountdown(sent, istAt('2026-11-28T17:30'), WEEK);
    expect(countdown).toEqual({ by: istAt('2026-11-30T11:00'), workingMinutesLeft: 150, overdue: false, open: true });
    expect(countdownText(countdown, sent, WEEK)).toBe(
      'We will call you by Monday 11 AM, within the next 2 hours and 30 minutes the shop is open.',
    );
  });
  it('Sunday: the shop is closed, the clock is paused and says when it opens', () => {
    const now = istAt('2026-11-29T15:00');
    const countdown = replyCountdown(istAt('2026-11-28T17:30'), now, WEEK);
    expect(countdown.workingMinutesLeft).toBe(120);
    expect(countdown.open).toBe(false);
    expect(countdownText(countdown, now, WEEK)).toBe(
      'We will call you by tomorrow 11 AM, within the first 2 hours the shop is open: it is closed now and opens tomorrow 9 AM.',
    );
  });
  it('a weekday morning before opening, for an enquiry sent the day before at 10:30', () => {
    const now = istAt('2026-12-03T08:00');
    const countdown = replyCountdown(istAt('2026-12-02T10:30'), now, WEEK);
    expect(countdown.by).toEqual(istAt('2026-12-03T10:30'));
    expect(countdown.workingMinutesLeft).toBe(90);
    expect(countdownText(countdown, now, WEEK)).toBe(
      'We will call you by today 10:30 AM, within the first 1 hour and 30 minutes the shop is open: it is closed now and opens today 9 AM.',
    );
  });
  it('past the promise: overdue, nothing left, and the text says sorry', () => {
    const now = istAt('2026-12-03T12:00');
    const countdown = replyCountdown(istAt('2026-12-02T10:30'), now, WEEK);
    expect(countdown).toMatchObject({ overdue: true, workingMinutesLeft: 0 });
    expect(countdownText(countdown, now, WEEK)).toBe(
      'Our call is late: it was due by today 10:30 AM. We are sorry. Please call or WhatsApp us.',
    );
  });
  it('working time across a weekend and between moments inside one day', () => {
    expect(workingTimeBetween(istAt('2026-11-27T17:00'), istAt('2026-11-30T10:00'), WEEK)).toBe(11 * HOUR);
    expect(workingTimeBetween(istAt('2026-12-01T10:00'), istAt('2026-12-01T10:45'), WEEK)).toBe(0.75 * HOUR);
    expect(workingTimeBetween(istAt('2026-12-01T20:00'), istAt('2026-12-01T19:00'), WEEK)).toBe(0);
  });
});

describe('late: the one rule for the status page and the dashboard', () => {
  it('Saturday 5 PM is promised Monday 11 AM: not late on Sunday, nor at 10:59 on Monday; late from 11 AM', () => {
    const sent = istAt('2026-11-28T17:00');
    expect(replyIsLate(sent, istAt('2026-11-29T17:01'), WEEK)).toBe(false);
    expect(replyIsLate(sent, istAt('2026-11-30T10:59'), WEEK)).toBe(false);
    expect(replyIsLate(sent, istAt('2026-11-30T11:00'), WEEK)).toBe(true);
    expect(replyCountdown(sent, istAt('2026-11-30T11:00'), WEEK).overdue).toBe(true);
  });
  it('the bounds a query uses hold for an enquiry sent at any quarter hour of a week', () => {
    // Saturday 6 PM to Monday 9 AM is the longest closure, 39 hours: no promise is more than 24 + 39 + 2 hours away.
    const start = istAt('2026-11-23T00:00');
    for (let minutes = 0; minutes < 7 * 24 * 60; minutes += 15) {
      const sent = new Date(start.getTime() + minutes * 60_000);
      const by = replyBy(sent, WEEK).getTime() - sent.getTime();
      expect(by).toBeGreaterThanOrEqual(24 * 3_600_000);
      expect(by).toBeLessThanOrEqual(65 * 3_600_000);
    }
    const now = istAt('2026-11-30T11:00');
    const { surely, possibly } = lateBounds(now, WEEK);
    expect(replyIsLate(surely, now, WEEK)).toBe(true);
    expect(replyIsLate(new Date(possibly.getTime() + 1), now, WEEK)).toBe(false);
  });
});

describe("the settings' hours and holidays set the promise (worked by hand)", () => {
  const ONAM: OpeningHours = {
    ...WEEK,
    holidays: [
      { date: '2026-08-25', name: 'Uthradom' },
      { date: '2026-08-26', name: 'Thiruvonam' },
      { date: '2026-08-27', name: 'Avittom' },
    ],
  };
  it('Onam: sent Monday 24 August 10:30, 24 hours on is Tuesday, a holiday, as are Wednesday and Thursday: Friday 11 AM', () => {
    const sent = istAt('2026-08-24T10:30');
    expect(replyBy(sent, ONAM)).toEqual(istAt('2026-08-28T11:00'));
    expect(replyPromise(sent, ONAM)).toBe('We will call you by Friday 11 AM to confirm details and pricing.');
    expect(promisedReply(sent, ONAM)).toBe('by Friday 28 August, 11 AM IST (the first working morning after 24 hours)');
    // Without the holidays, the same enquiry is promised within the 24 hours.
    expect(replyBy(sent, WEEK)).toEqual(istAt('2026-08-25T10:30'));
  });
  it('Onam: the countdown skips the holidays (Monday 17:00 to 18:00, then Friday 9:00 to 11:00) and a holiday is closed', () => {
    const countdown = replyCountdown(istAt('2026-08-24T10:30'), istAt('2026-08-24T17:00'), ONAM);
    expect(countdown.workingMinutesLeft).toBe(180);
    expect(countdownText(countdown, istAt('2026-08-24T17:00'), ONAM)).toBe(
      'We will call you by Friday 11 AM, within the next 3 hours the shop is open.',
    );
    const onOnam = istAt('2026-08-26T12:00');
    expect(isOpen(onOnam, ONAM)).toBe(false);
    expect(countdownText(replyCountdown(istAt('2026-08-24T10:30'), onOnam, ONAM), onOnam, ONAM)).toBe(
      'We will call you by Friday 11 AM, within the first 2 hours the shop is open: it is closed now and opens Friday 9 AM.',
    );
  });
  it('Onam: at Friday 11 AM every enquiry sent up to Thursday 11 AM is late, and the bounds a query uses say so', () => {
    const now = istAt('2026-08-28T11:00');
    expect(replyIsLate(istAt('2026-08-24T10:30'), now, ONAM)).toBe(true);
    expect(replyIsLate(istAt('2026-08-27T11:00'), now, ONAM)).toBe(true);
    expect(replyIsLate(istAt('2026-08-27T11:01'), now, ONAM)).toBe(false);
    const { surely, possibly } = lateBounds(now, ONAM);
    expect(possibly).toEqual(istAt('2026-08-27T11:00'));
    expect(replyIsLate(surely, now, ONAM)).toBe(true);
    expect(possibly.getTime() - surely.getTime()).toBeLessThan(60_000);
  });
  it('Christmas on a Friday: sent Thursday 24 December 15:00 is promised Saturday 26 December 11 AM', () => {
    const christmas = { ...WEEK, holidays: [{ date: '2026-12-25', name: 'Christmas' }] };
    expect(replyBy(istAt('2026-12-24T15:00'), christmas)).toEqual(istAt('2026-12-26T11:00'));
  });

  // Monday to Friday 9:00 to 18:00, Saturday a half day 9:00 to 13:00, Sunday closed.
  const HALF_SATURDAY: OpeningHours = {
    week: [null, ...Array.from({ length: 5 }, () => ({ opens: 9, closes: 18 })), { opens: 9, closes: 13 }],
    holidays: [],
  };
  it('a Saturday half day: sent Friday 12:30, Saturday 12:30 is open; sent Friday 14:00, Saturday 14:00 is not: Monday 11 AM', () => {
    expect(replyBy(istAt('2026-12-04T12:30'), HALF_SATURDAY)).toEqual(istAt('2026-12-05T12:30'));
    expect(replyBy(istAt('2026-12-04T14:00'), HALF_SATURDAY)).toEqual(istAt('2026-12-07T11:00'));
    expect(isOpen(istAt('2026-12-05T13:00'), HALF_SATURDAY)).toBe(false);
    // Saturday's 4 hours, then Monday's 2 until 11 AM.
    expect(workingTimeBetween(istAt('2026-12-05T00:00'), istAt('2026-12-07T11:00'), HALF_SATURDAY)).toBe(6 * 3_600_000);
  });
  it('a closed Sunday and a Saturday shorter than the morning grace: the promise is that day’s closing', () => {
    const shortSaturday: OpeningHours = { ...HALF_SATURDAY, week: [...HALF_SATURDAY.week.slice(0, 6), { opens: 9, closes: 10 }] };
    // Thursday 20:00: Friday 20:00 is after closing; Saturday opens at 9 and closes at 10, before 11.
    expect(replyBy(istAt('2026-12-03T20:00'), shortSaturday)).toEqual(istAt('2026-12-05T10:00'));
    // Saturday 12:00: Sunday 12:00 is closed all day, so Monday 11 AM.
    expect(replyBy(istAt('2026-12-05T12:00'), shortSaturday)).toEqual(istAt('2026-12-07T11:00'));
  });
});

describe('the reply promise in Malayalam (the English stays as it was)', () => {
  beforeAll(() => loadLanguage('ml'));
  const ONAM: OpeningHours = {
    week: WEEK.week,
    holidays: [
      { date: '2026-08-25', name: 'Uthradom' },
      { date: '2026-08-26', name: 'Thiruvonam' },
      { date: '2026-08-27', name: 'Avittom' },
    ],
  };

  it('says the moment with the part of the day: today, tomorrow, a weekday', () => {
    expect(describeMoment(istAt('2026-12-01T11:00'), istAt('2026-12-01T01:00'), 'ml')).toBe('ഇന്ന് രാവിലെ 11');
    expect(describeMoment(istAt('2026-12-02T14:15'), istAt('2026-12-01T01:00'), 'ml')).toBe('നാളെ ഉച്ചകഴിഞ്ഞ് 2:15');
    expect(describeMoment(istAt('2026-11-30T11:00'), istAt('2026-11-28T17:30'), 'ml')).toBe('തിങ്കൾ രാവിലെ 11');
    expect(describeMoment(istAt('2026-11-30T11:00'), istAt('2026-11-28T17:30'), 'en')).toBe('Monday 11 AM');
  });

  it('promises the call at the moment of sending', () => {
    expect(replyPromise(istAt('2026-11-28T17:30'), WEEK, 'ml')).toBe(
      'വിശദാംശങ്ങളും വിലയും ഉറപ്പിക്കാൻ തിങ്കൾ രാവിലെ 11 ആകുമ്പോഴേക്കും ഞങ്ങൾ നിങ്ങളെ വിളിക്കും.',
    );
    expect(replyPromise(istAt('2026-11-29T14:15'), WEEK, 'ml')).toBe(
      'വിശദാംശങ്ങളും വിലയും ഉറപ്പിക്കാൻ നാളെ ഉച്ചകഴിഞ്ഞ് 2:15 ആകുമ്പോഴേക്കും ഞങ്ങൾ നിങ്ങളെ വിളിക്കും.',
    );
    expect(replyPromise(istAt('2026-11-28T17:30'), WEEK, 'en')).toBe(
      'We will call you by Monday 11 AM to confirm details and pricing.',
    );
  });

  it('writes a day with its weekday', () => {
    expect(dayText('2026-12-02', 'ml')).toBe('ഡിസംബർ 2, 2026, ബുധൻ');
    expect(dayText('2026-12-02', 'en')).toBe('Wednesday 2 December 2026');
  });

  it('says the promise for a text read later, within the 24 hours or the working morning after them', () => {
    expect(promisedReply(istAt('2026-12-02T10:30'), WEEK, 'ml')).toBe(
      '24 മണിക്കൂറിനുള്ളിൽ, ഡിസംബർ 3, വ്യാഴം, രാവിലെ 10:30 IST ആകുമ്പോഴേക്കും',
    );
    expect(promisedReply(istAt('2026-08-24T10:30'), ONAM, 'ml')).toBe(
      'ഓഗസ്റ്റ് 28, വെള്ളി, രാവിലെ 11 IST ആകുമ്പോഴേക്കും (24 മണിക്കൂർ കഴിഞ്ഞുള്ള ആദ്യ പ്രവൃത്തിദിവസം രാവിലെ)',
    );
  });

  it('spells out the working time left', () => {
    expect(workingDuration(200, 'ml')).toBe('3 മണിക്കൂർ 20 മിനിറ്റ്');
    expect(workingDuration(60, 'ml')).toBe('1 മണിക്കൂർ');
    expect(workingDuration(1, 'ml')).toBe('1 മിനിറ്റ്');
    expect(workingDuration(200)).toBe('3 hours and 20 minutes');
    expect(workingDuration(61, 'en')).toBe('1 hour and 1 minute');
    expect(workingDuration(45)).toBe('45 minutes');
  });

  it('the countdown on the status page: open, closed and late', () => {
    const open = istAt('2026-08-24T17:00');
    expect(countdownText(replyCountdown(istAt('2026-08-24T10:30'), open, ONAM), open, ONAM, 'ml')).toBe(
      'വെള്ളി രാവിലെ 11 ആകുമ്പോഴേക്കും ഞങ്ങൾ നിങ്ങളെ വിളിക്കും: കട തുറന്നിരിക്കുന്ന സമയം മാത്രം എണ്ണിയാൽ ഇനി 3 മണിക്കൂർ.',
    );
    const onOnam = istAt('2026-08-26T12:00');
    expect(countdownText(replyCountdown(istAt('2026-08-24T10:30'), onOnam, ONAM), onOnam, ONAM, 'ml')).toBe(
      'വെള്ളി രാവിലെ 11 ആകുമ്പോഴേക്കും ഞങ്ങൾ നിങ്ങളെ വിളിക്കും: കട തുറന്നിരിക്കുന്ന സമയം മാത്രം എണ്ണിയാൽ 2 മണിക്കൂർ. കട ഇപ്പോൾ അടച്ചിരിക്കുന്നു; വെള്ളി രാവിലെ 9 തുറക്കും.',
    );
    const late = istAt('2026-12-03T12:00');
    expect(countdownText(replyCountdown(istAt('2026-12-02T10:30'), late, WEEK), late, WEEK, 'ml')).toBe(
      'ഞങ്ങളുടെ കോൾ വൈകി: ഇന്ന് രാവിലെ 10:30 ആകുമ്പോഴേക്കും വിളിക്കേണ്ടതായിരുന്നു. ക്ഷമിക്കണം. ദയവായി ഞങ്ങളെ വിളിക്കുകയോ വാട്ട്സ്ആപ്പ് ചെയ്യുകയോ ചെയ്യുക.',
    );
  });
});
