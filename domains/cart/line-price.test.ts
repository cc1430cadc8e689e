import { describe, expect, it } from 'vitest';

import type { CartItem } from '#domains/cart/model.ts';

import { itemMax } from './line-price.ts';

const product: CartItem['product'] = {
  name: 'Bagasse Takeaway Container with Lid',
  price: '380.00',
  description: '',
  imageUrl: '',
  unitsPerCarton: 50,
  unitType: 'containers',
  cartonWeight: null,
  cartonDimensions: null,
  inStock: true,
  minCartons: 1,
  cartonStep: 1,
};
const variation: NonNullable<CartItem['variation']> = {
  name: 'Size',
  type: 'size',
  value: '500 ml',
  price: null,
  stockQuantity: 380,
  unitsPerCarton: null,
  unitType: null,
  cartonWeight: null,
  cartonDimensions: null,
  minCartons: null,
  cartonStep: null,
};
const line = (fields: Partial<CartItem>): CartItem => ({
  id: 1,
  productId: 8,
  variationId: 31,
  quantity: 1,
  product,
  variation,
  optionIds: [],
  options: [],
  prices: { price: '380.00', breaks: [], group: null },
  ...fields,
});

describe('itemMax: the cart panel plus button allows what the server accepts', () => {
  it('takes the smallest stock among all the line options, not only the pricing one', () => {
    const options = [
      { id: 31, type: 'size', name: 'Size', value: '500 ml', stockQuantity: 380 },
      { id: 35, type: 'model', name: 'Model', value: 'Round', stockQuantity: 140 },
    ];
    expect(itemMax(line({ optionIds: [31, 35], options }))).toBe(140);
  });

  it('a line from before option lists: its variation stock; without a variation: 999', () => {
    expect(itemMax(line({}))).toBe(380);
    expect(itemMax(line({ variationId: null, variation: null }))).toBe(999);
    expect(itemMax(line({ variation: { ...variation, stockQuantity: 5000 } }))).toBe(999);
  });
});
