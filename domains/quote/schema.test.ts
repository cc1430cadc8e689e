import { describe, expect, it } from 'vitest';

import { expectTypedAmounts } from '#tests/support/typed-amounts.ts';

import { quoteBodySchema } from './schema.ts';

const body = (overrides: Record<string, unknown> = {}) => ({
  lines: [{ price: '1,100', hsnCode: '14049090', gstRate: '5' }],
  delivery: '500',
  placeOfSupply: '32',
  customerGstin: '',
  validUntil: '2026-12-03',
  note: '',
  ...overrides,
});

describe('the quote form’s schema (the API’s and the form’s)', () => {
  it('takes amounts as staff type them: Indian or international grouping, with or without ₹', () => {
    expectTypedAmounts(
      (typed) => quoteBodySchema.safeParse(body({ lines: [{ price: typed, hsnCode: '14049090', gstRate: 5 }] })),
      (parsed) => parsed.lines[0]?.price,
      [
        ['1,100', 110_000],
        ['1,20,000', 1_20_000_00],
        ['120,000.50', 1_20_000_50],
        ['₹ 1,100.5', 110_050],
        ['1100', 110_000],
        [1100, 110_000],
      ],
      ['1,2,00', '12,00', '1.100,50', '-1,100', '1,100.005'],
    );
  });

  it('leaves the offered rates to the setting but refuses what is not a rate; a blank HSN code is called out later', () => {
    expect(quoteBodySchema.parse(body()).lines[0]).toEqual({ price: 110_000, hsnCode: '14049090', gstRate: 5 });
    expect(quoteBodySchema.parse(body({ lines: [{ price: '1', hsnCode: '', gstRate: 40 }] })).lines[0]?.hsnCode).toBe('');
    for (const gstRate of ['', null, 7.5, 101, 'five']) {
      expect(quoteBodySchema.safeParse(body({ lines: [{ price: '1', hsnCode: '', gstRate }] })).success, String(gstRate)).toBe(
        false,
      );
    }
    expect(quoteBodySchema.parse(body()).replacesAccepted).toBe(false);
    expect(quoteBodySchema.parse(body({ replacesAccepted: true })).replacesAccepted).toBe(true);
  });
});
