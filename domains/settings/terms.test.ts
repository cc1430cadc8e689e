import { describe, expect, it } from 'vitest';

import { terms, termsLines } from './terms.ts';

describe('commercial terms', () => {
  it('hold the figures the structured data states', () => {
    expect(terms.delivery).toMatchObject({ charge: '50.00', area: 'Kerala', handlingDays: [1, 2], transitDays: [2, 5] });
    expect(terms.returns).toEqual({ days: 7, free: true });
  });
  it('read as short lines for customers', () => {
    expect(termsLines()).toEqual([
      'Delivery anywhere in Kerala for ₹50 an order: dispatched in 1-2 working days, with you 2-5 days later.',
      'No minimum order: one carton is enough.',
      'Prices exclude GST (5% or 18% by product); it is added on the quote we send you.',
      'Free returns within 7 days of delivery for unopened cartons.',
    ]);
  });
});
