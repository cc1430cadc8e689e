import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { itAnswers, itAnswersNull } from './cases.fixture.ts';
import {
  divideRoundHalfUp,
  formatCartons,
  formatCount,
  formatCountOf,
  formatRupees,
  formatUnits,
  parseRupees,
  toDecimalString,
  toPaise,
} from './money.ts';

describe('parseRupees', () => {
  itAnswers('reads %j as %i paise', parseRupees, [
    ['0', 0],
    ['0.00', 0],
    ['320', 32_000],
    ['320.00', 32_000],
    ['12.5', 1_250],
    ['12.05', 1_205],
    ['1450.99', 145_099],
    [' 12.5 ', 1_250],
    ['\t7\n', 700],
    ['007.10', 710],
    ['99999999.99', 9_999_999_999],
    ['12345678', 1_234_567_800],
  ]);

  itAnswersNull('refuses %j', parseRupees, [
    '',
    '   ',
    '1.005',
    '-1',
    '-0.01',
    '1e3',
    '123456789',
    '123456789.00',
    '.5',
    '5.',
    '1,000',
    '₹100',
    '12 .50',
    'abc',
    '0x10',
    'NaN',
    'Infinity',
    '+5',
  ]);
});

describe('toPaise', () => {
  it('converts a valid amount', () => {
    expect(toPaise('950.00')).toBe(95_000);
  });

  it('throws a RangeError naming the bad value', () => {
    expect(() => toPaise('1.005')).toThrow(new RangeError('Not a rupee amount: "1.005"'));
  });
});

describe('toDecimalString', () => {
  itAnswers('writes %i paise as %s', toDecimalString, [
    [0, '0.00'],
    [5, '0.05'],
    [50, '0.50'],
    [100, '1.00'],
    [32_000, '320.00'],
    [145_099, '1450.99'],
    [9_999_999_999, '99999999.99'],
  ]);

  it('round-trips with parseRupees', () => {
    for (const paise of [0, 1, 99, 100, 101, 12_345, 100_000_007]) {
      expect(parseRupees(toDecimalString(paise))).toBe(paise);
    }
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses %s', (paise) => {
    expect(() => toDecimalString(paise)).toThrow(RangeError);
  });
});

describe('formatCount', () => {
  it('groups a whole number as Intl.NumberFormat en-IN does', () => {
    expect(formatCount(250_000)).toBe('2,50,000');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(0)).toBe('0');
    const intl = new Intl.NumberFormat('en-IN');
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), (count) => {
        expect(formatCount(count)).toBe(intl.format(count));
      }),
      { numRuns: 1000 },
    );
    expect(() => formatCount(1.5)).toThrow(RangeError);
  });
});

describe('formatRupees', () => {
  it('uses the rupee sign, Indian digit grouping and 2 decimals', () => {
    expect(formatRupees(12_500_000)).toBe('₹1,25,000.00');
    expect(formatRupees(1_234_567_890)).toBe('₹1,23,45,678.90');
    expect(formatRupees(95_000)).toBe('₹950.00');
    expect(formatRupees(950)).toBe('₹9.50');
    expect(formatRupees(5)).toBe('₹0.05');
  });

  it('writes every amount as Intl.NumberFormat en-IN does, from paise to crores', () => {
    const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_99 }), (paise) => {
        expect(formatRupees(paise)).toBe(intl.format(paise / 100));
      }),
      { numRuns: 2000 },
    );
    for (const paise of [99_999, 100_000, 9_999_999, 10_000_000, 999_999_999, 1_000_000_000])
      expect(formatRupees(paise)).toBe(intl.format(paise / 100));
  });

  it('shows zero as ₹0.00', () => {
    expect(formatRupees(0)).toBe('₹0.00');
  });

  it('refuses amounts that are not whole non-negative paise', () => {
    expect(() => formatRupees(-100)).toThrow(RangeError);
    expect(() => formatRupees(0.5)).toThrow(RangeError);
  });
});

describe('divideRoundHalfUp', () => {
  it.each([
    [95_000, 100, 950], // ₹950.00 / 100 = ₹9.50
    [32_000, 3, 10_667], // 10666.67 rounds up
    [10_000, 3, 3_333], // 3333.33 rounds down
    [20_000, 3, 6_667], // 6666.67 rounds up
    [5, 2, 3], // 2.5 rounds half up
    [15, 10, 2], // 1.5 rounds half up
    [14, 10, 1], // 1.4 rounds down
    [25, 10, 3], // 2.5 rounds half up (not to even)
    [1, 3, 0],
    [2, 3, 1],
    [0, 7, 0],
    [12_345, 1, 12_345],
  ])('%i / %i = %i', (paise, divisor, expected) => {
    expect(divideRoundHalfUp(paise, divisor)).toBe(expected);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses the divisor %s', (divisor) => {
    expect(() => divideRoundHalfUp(100, divisor)).toThrow(RangeError);
  });

  it('refuses a negative amount', () => {
    expect(() => divideRoundHalfUp(-100, 2)).toThrow(RangeError);
  });
});

describe('counts with their words', () => {
  it('cartons and pieces read with Indian grouping', () => {
    expect(formatCartons(1)).toBe('1 carton');
    expect(formatCartons(2500)).toBe('2,500 cartons');
    expect(formatUnits(250_000, 'pieces')).toBe('2,50,000 pieces');
    expect(formatUnits(25, 'pieces')).toBe('25 pieces');
  });

  it('one of a thing is singular: "1 product", "0 products", "1,000 products"', () => {
    expect(formatCountOf(1, 'product', 'products')).toBe('1 product');
    expect(formatCountOf(0, 'product', 'products')).toBe('0 products');
    expect(formatCountOf(1000, 'product', 'products')).toBe('1,000 products');
  });
});
