import { describe, expect, it } from 'vitest';

import { groupPricesText, parseGroupPricesText } from './price-group-schema.ts';

describe("a group's own prices as the admin form writes them", () => {
  it('reads a product, an option and breaks, and writes them back the same', () => {
    const read = parseGroupPricesText('12 = 880; 50 = 800, 100 = ₹780\n\n12/34 = 1100.00\n');
    expect(read).toEqual({
      prices: [
        {
          productId: 12,
          variationId: null,
          price: '880',
          priceBreaks: [
            { minCartons: 50, price: '800' },
            { minCartons: 100, price: '780' },
          ],
        },
        { productId: 12, variationId: 34, price: '1100.00', priceBreaks: [] },
      ],
    });
    expect(groupPricesText('prices' in read ? read.prices : [])).toBe('12 = 880; 50 = 800, 100 = 780\n12/34 = 1100.00');
  });

  it('names the first line not in that form', () => {
    expect(parseGroupPricesText('12 = 880\nCup = 900')).toEqual({ badLine: 2 });
    expect(parseGroupPricesText('12 = 880; fifty = 800')).toEqual({ badLine: 1 });
    expect(parseGroupPricesText('')).toEqual({ prices: [] });
  });
});
