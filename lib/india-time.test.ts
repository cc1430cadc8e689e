import { describe, expect, it } from 'vitest';

import { addDays, istDate, istDateTime, istDayStart, istHour, istMidnight } from './india-time.ts';

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
