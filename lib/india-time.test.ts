import { describe, expect, it } from 'vitest';

import { addDays, clock, datedMoment, istDate, istDateTime, istDayStart, istHour, istMidnight } from './india-time.ts';

describe('the time in India (UTC+05:30, no daylight saving)', () => {
  it('reads the day, the minute and the hour as a clock in Kochi shows them', () => {
    const at = new Date('2026-11-22T18:45:00Z'); // 00:15 IST on the 23rd
    expect(istDate(at)).toBe('2026-11-23');
    expect(istDateTime(at)).toBe('2026-11-23 00:15');
    expect(istHour(at)).toBe(0);
    expect(istHour(new Date('2026-11-23T03:29:00Z'))).toBe(8);
    expect(istHour(new Date('2026-11-23T03:30:00Z'))).toBe(9);
  });

  it('finds the moment a day begins: 18:30 UTC the day before', () => {
    expect(istDayStart(new Date('2026-11-22T18:45:00Z')).toISOString()).toBe('2026-11-22T18:30:00.000Z');
    expect(istDayStart(new Date('2026-11-22T18:29:59Z')).toISOString()).toBe('2026-11-21T18:30:00.000Z');
    expect(istMidnight('2026-11-23').toISOString()).toBe('2026-11-22T18:30:00.000Z');
  });

  it('counts days across the end of a month and a year, and back', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });
});

describe('a moment said in English and in Malayalam', () => {
  const wall = (time: string) => new Date(`${time}:00Z`);
  const ist = (time: string) => new Date(`${time}:00+05:30`);

  it('says the clock with AM and PM in English', () => {
    expect(clock(wall('2026-11-30T11:00'))).toBe('11 AM');
    expect(clock(wall('2026-11-30T17:30'))).toBe('5:30 PM');
    expect(clock(wall('2026-11-30T00:05'))).toBe('12:05 AM');
    expect(clock(wall('2026-11-30T12:00'), 'en')).toBe('12 PM');
  });

  it('says the part of the day before the hour in Malayalam', () => {
    expect(clock(wall('2026-11-30T11:00'), 'ml')).toBe('രാവിലെ 11');
    expect(clock(wall('2026-11-30T09:15'), 'ml')).toBe('രാവിലെ 9:15');
    expect(clock(wall('2026-11-30T12:00'), 'ml')).toBe('ഉച്ചയ്ക്ക് 12');
    expect(clock(wall('2026-11-30T14:15'), 'ml')).toBe('ഉച്ചകഴിഞ്ഞ് 2:15');
    expect(clock(wall('2026-11-30T17:30'), 'ml')).toBe('വൈകിട്ട് 5:30');
    expect(clock(wall('2026-11-30T20:00'), 'ml')).toBe('രാത്രി 8');
    expect(clock(wall('2026-11-30T00:05'), 'ml')).toBe('രാത്രി 12:05');
    expect(clock(wall('2026-11-30T05:00'), 'ml')).toBe('പുലർച്ചെ 5');
  });

  it('dates a moment in India time', () => {
    expect(datedMoment(ist('2026-11-30T11:00'))).toBe('Monday 30 November, 11 AM');
    expect(datedMoment(ist('2026-12-01T17:30'), 'en')).toBe('Tuesday 1 December, 5:30 PM');
    expect(datedMoment(ist('2026-11-30T11:00'), 'ml')).toBe('നവംബർ 30, തിങ്കൾ, രാവിലെ 11');
    expect(datedMoment(ist('2026-12-01T17:30'), 'ml')).toBe('ഡിസംബർ 1, ചൊവ്വ, വൈകിട്ട് 5:30');
    // 00:15 IST on 1 January is still 31 December in UTC.
    expect(datedMoment(new Date('2026-12-31T18:45:00Z'), 'ml')).toBe('ജനുവരി 1, വെള്ളി, രാത്രി 12:15');
  });
});
