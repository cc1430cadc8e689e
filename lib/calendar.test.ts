import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { dateText, isCalendarDay } from './calendar.ts';

describe('dateText', () => {
  it('writes a day as day, month and year', () => {
    expect(dateText('2026-01-12')).toBe('12 January 2026');
    expect(dateText('2024-02-29')).toBe('29 February 2024');
    expect(dateText('2026-12-31')).toBe('31 December 2026');
  });

  it('agrees with Intl (en-IN, long month) on every day from 2000 to 2100', () => {
    const intl = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }), (date) => {
        expect(dateText(date.toISOString().slice(0, 10))).toBe(intl.format(date));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('isCalendarDay', () => {
  it('accepts days that exist and nothing else', () => {
    for (const day of ['2026-11-25', '2024-02-29', '2000-02-29', '2026-12-31']) expect(isCalendarDay(day), day).toBe(true);
    for (const day of ['2026-02-29', '1900-02-29', '2026-12-32', '2026-13-01', '2026-00-10', '2026-1-05', ' 2026-11-25', ''])
      expect(isCalendarDay(day), day).toBe(false);
  });
});

describe('dateText in Malayalam', () => {
  it('writes the month, the day, a comma and the year, in Western digits', () => {
    expect(dateText('2026-01-12', 'ml')).toBe('ജനുവരി 12, 2026');
    expect(dateText('2024-02-29', 'ml')).toBe('ഫെബ്രുവരി 29, 2024');
    expect(dateText('2026-05-01', 'ml')).toBe('മേയ് 1, 2026');
    expect(dateText('2026-08-28', 'ml')).toBe('ഓഗസ്റ്റ് 28, 2026');
    expect(dateText('2026-12-31', 'ml')).toBe('ഡിസംബർ 31, 2026');
  });

  it('leaves English as it was when asked for it by name', () => {
    expect(dateText('2026-01-12', 'en')).toBe('12 January 2026');
  });
});
