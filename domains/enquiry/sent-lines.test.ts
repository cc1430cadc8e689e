import { describe, expect, it } from 'vitest';

import { sentLineOf, sentLinesView } from './sent-lines.ts';

describe('a sent enquiry’s lines as every place shows them', () => {
  it('name every option, the cartons and pieces, the carton price and the line’s total; the total adds up', () => {
    const sadya = sentLineOf({
      productName: 'Sadya Party Pack',
      options: [{ name: 'Size', value: '250 Guests' }],
      variationName: 'Size',
      variationValue: '250 Guests',
      quantity: 2,
      unitsPerCarton: 250,
      unitType: 'sets',
      price: '3400.00',
    });
    const cup = sentLineOf({
      productName: 'Bagasse Cup 200 ml',
      variationName: null,
      variationValue: null,
      quantity: 1,
      unitsPerCarton: 100,
      unitType: 'items',
      price: '260.00',
    });
    const view = sentLinesView([sadya, cup]);
    expect(view.rows[0]).toMatchObject({
      label: 'Sadya Party Pack (Size: 250 Guests)',
      units: '2 cartons × 250 sets = 500 sets',
      price: '₹3,400.00 a carton',
      summary: '2 cartons Sadya Party Pack (Size: 250 Guests)',
    });
    expect(view.rows[1]?.summary).toBe('1 carton Bagasse Cup 200 ml');
    // 2 × 3,400.00 + 1 × 260.00 = 7,060.00.
    expect(view.total.text).toBe('₹7,060.00');
  });
});
