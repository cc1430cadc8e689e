// The shop's week as people and search engines read it, from the settings' hours section.
import { beforeAll, describe, expect, it } from 'vitest';

import { loadLanguage } from '#lib/i18n/translate.ts';

import { hoursText, type OpeningHours, openingOn, schemaHolidays, schemaOpeningHours } from './opening-hours.ts';

const DEMO: OpeningHours = {
  week: [null, ...Array.from({ length: 6 }, () => ({ opens: 9, closes: 18 }))],
  holidays: [{ date: '2026-08-26', name: 'Thiruvonam' }],
};

describe('the opening hours', () => {
  it('the demo week reads as the spec says it: Monday to Saturday 9:00 AM to 6:00 PM IST, Sunday closed', () => {
    expect(hoursText(DEMO)).toEqual({ open: 'Monday to Saturday 9:00 AM to 6:00 PM IST', closed: 'Sunday closed' });
    expect(schemaOpeningHours(DEMO)).toEqual(['Mo-Sa 09:00-18:00']);
  });
  it('a Saturday half day and a closed Sunday: two runs of days, each with its hours', () => {
    const week: OpeningHours['week'] = [...DEMO.week];
    week[6] = { opens: 9, closes: 13 };
    const hours = { week, holidays: [] };
    expect(hoursText(hours)).toEqual({
      open: 'Monday to Friday 9:00 AM to 6:00 PM, Saturday 9:00 AM to 1:00 PM IST',
      closed: 'Sunday closed',
    });
    expect(schemaOpeningHours(hours)).toEqual(['Mo-Fr 09:00-18:00', 'Sa 09:00-13:00']);
  });
  it('open every day from noon: no closed line', () => {
    const hours = { week: Array.from({ length: 7 }, () => ({ opens: 12, closes: 20 })), holidays: [] };
    expect(hoursText(hours)).toEqual({ open: 'Monday to Sunday 12:00 noon to 8:00 PM IST', closed: null });
  });
  it('a holiday is closed whatever its weekday; a weekday without hours is closed', () => {
    expect(openingOn('2026-08-26', DEMO)).toBeNull();
    expect(openingOn('2026-08-27', DEMO)).toEqual({ opens: 9, closes: 18 });
    expect(openingOn('2026-08-30', DEMO)).toBeNull();
  });
  it("a holiday for search engines: schema.org's special opening hours, opening and closing at 00:00", () => {
    expect(schemaHolidays(DEMO)).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        name: 'Thiruvonam',
        validFrom: '2026-08-26',
        validThrough: '2026-08-26',
        opens: '00:00',
        closes: '00:00',
      },
    ]);
  });
});

describe('the opening hours in Malayalam', () => {
  beforeAll(() => loadLanguage('ml'));

  it('the demo week: the days from and to, the hours as people in Kerala say them', () => {
    expect(hoursText(DEMO, 'ml')).toEqual({
      open: 'തിങ്കൾ മുതൽ ശനി വരെ രാവിലെ 9 മുതൽ വൈകിട്ട് 6 വരെ (IST)',
      closed: 'ഞായർ അവധി',
    });
  });
  it('a Saturday half day, two closed days, noon and midnight', () => {
    const week: OpeningHours['week'] = [
      null,
      null,
      ...Array.from({ length: 4 }, () => ({ opens: 12, closes: 24 })),
      { opens: 9, closes: 13 },
    ];
    expect(hoursText({ week, holidays: [] }, 'ml')).toEqual({
      open: 'ചൊവ്വ മുതൽ വെള്ളി വരെ ഉച്ചയ്ക്ക് 12 മുതൽ അർധരാത്രി 12 വരെ, ശനി രാവിലെ 9 മുതൽ ഉച്ചയ്ക്ക് 1 വരെ (IST)',
      closed: 'തിങ്കൾ, ഞായർ അവധി',
    });
    expect(hoursText({ week, holidays: [] }, 'en')).toEqual({
      open: 'Tuesday to Friday 12:00 noon to midnight, Saturday 9:00 AM to 1:00 PM IST',
      closed: 'Monday, Sunday closed',
    });
  });
});
