import { describe, expect, it } from 'vitest';

import { paymentBodySchema } from './schema.ts';

const payment = (amount: unknown) => ({ amount, receivedOn: '2026-12-04', method: 'cash', reference: '' });

describe('the payment form’s schema (the API’s and the form’s)', () => {
  it('takes an amount as the quote form does: Indian or international grouping, with or without ₹', () => {
    for (const [typed, paise] of [
      ['10,000', 10_000_00],
      ['1,20,000.50', 1_20_000_50],
      ['₹ 27,842', 27_842_00],
      ['10000', 10_000_00],
      [10000, 10_000_00],
    ] as const) {
      expect(paymentBodySchema.parse(payment(typed)).amount, String(typed)).toBe(paise);
    }
    for (const wrong of ['10,00', '1.000,50', '-10,000', 'ten']) {
      expect(paymentBodySchema.safeParse(payment(wrong)).success, wrong).toBe(false);
    }
  });
});
