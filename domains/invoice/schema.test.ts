import { describe, it } from 'vitest';

import { expectTypedAmounts } from '#tests/support/typed-amounts.ts';

import { paymentBodySchema } from './schema.ts';

const payment = (amount: unknown) => ({ amount, receivedOn: '2026-12-04', method: 'cash', reference: '' });

describe('the payment form’s schema (the API’s and the form’s)', () => {
  it('takes an amount as the quote form does: Indian or international grouping, with or without ₹', () => {
    expectTypedAmounts(
      (typed) => paymentBodySchema.safeParse(payment(typed)),
      (parsed) => parsed.amount,
      [
        ['10,000', 10_000_00],
        ['1,20,000.50', 1_20_000_50],
        ['₹ 27,842', 27_842_00],
        ['10000', 10_000_00],
        [10000, 10_000_00],
      ],
      ['10,00', '1.000,50', '-10,000', 'ten'],
    );
  });
});
