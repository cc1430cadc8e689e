import { describe, expect, it } from 'vitest';

import type { QuoteStatus } from '#domains/quote/model.ts';

import { amountInForce } from './amount-in-force.ts';

const totals = (taxable: number, cgst: number, roundOff: number) => ({
  taxable,
  cgst,
  sgst: cgst,
  igst: 0,
  roundOff,
  total: taxable + 2 * cgst + roundOff,
});
const ESTIMATE = { subtotal: 25_230_00, tax: 0, total: 25_230_00 };
const quote = (status: QuoteStatus) => ({ number: 'Q-1042-2', status, totals: totals(24_000_00, 600_00, 0) });

describe('the amount in force', () => {
  it('is the invoice’s once there is one, whatever the quote says', () => {
    const invoice = { number: 'GL/2026-27/0007', totals: totals(23_600_00, 2_120_96, 8) };
    expect(amountInForce(invoice, quote('withdrawn-at-invoice'), ESTIMATE)).toEqual({
      basis: 'invoice',
      label: 'Invoice GL/2026-27/0007',
      taxable: 23_600_00,
      tax: 4_241_92,
      roundOff: 8,
      total: 27_842_00,
    });
  });

  it('is a waiting or accepted quote’s before the invoice', () => {
    expect(amountInForce(null, quote('sent'), ESTIMATE)).toMatchObject({
      basis: 'quote',
      label: 'Quote Q-1042-2, waiting',
      tax: 1_200_00,
      total: 25_200_00,
    });
    expect(amountInForce(null, quote('accepted'), ESTIMATE).label).toBe('Quote Q-1042-2, accepted');
  });

  it('is the estimate before any quote, and when the latest quote is declined, expired or replaced', () => {
    for (const status of [null, 'declined', 'expired', 'superseded', 'withdrawn'] as const) {
      expect(amountInForce(null, status && quote(status), ESTIMATE), String(status)).toEqual({
        basis: 'estimate',
        label: 'Estimate before GST and delivery',
        taxable: 25_230_00,
        tax: 0,
        roundOff: 0,
        total: 25_230_00,
      });
    }
  });
});
