import { describe, expect, it } from 'vitest';

import { DIRECT_ENQUIRY_KEY } from '#domains/enquiry/model.ts';
import { fakeWebStorage } from '#tests/support/web-storage.ts';

import { takeDirectEnquiry } from './direct-storage.ts';

fakeWebStorage('sessionStorage');

const spec = {
  productId: 8,
  productName: 'Bagasse Takeaway Container with Lid',
  productDescription: '',
  productImageUrl: '',
  quantity: 2,
  price: '380.00',
  variationId: 31,
  variationName: 'Size',
  variationType: 'size',
  variationValue: '500 ml',
  unitsPerCarton: 50,
  unitType: 'containers',
  pricePerUnit: '7.60',
};
const store = (items: unknown) => sessionStorage.setItem(DIRECT_ENQUIRY_KEY, JSON.stringify(items));

describe('takeDirectEnquiry', () => {
  it('reads an item saved by an older page (no option list) as a line whose one option is its variation', () => {
    store([spec, { ...spec, productId: 3, variationId: null, variationName: null, variationType: null, variationValue: null }]);
    expect(takeDirectEnquiry()).toEqual([
      { ...spec, optionIds: [31], options: [{ id: 31, type: 'size', name: 'Size', value: '500 ml' }] },
      expect.objectContaining({ productId: 3, optionIds: [], options: [] }),
    ]);
    expect(sessionStorage.getItem(DIRECT_ENQUIRY_KEY)).toBeNull();
  });

  it('keeps every option of an item that has them, with its ids ascending', () => {
    const options = [
      { id: 31, type: 'size', name: 'Size', value: '500 ml' },
      { id: 35, type: 'model', name: 'Model', value: 'Round' },
    ];
    store([{ ...spec, optionIds: [35, 31], options }]);
    expect(takeDirectEnquiry()).toEqual([{ ...spec, optionIds: [31, 35], options }]);
  });

  it('ignores a list whose option fields are broken', () => {
    store([{ ...spec, optionIds: ['31'] }]);
    expect(takeDirectEnquiry()).toBeNull();
    store([{ ...spec, optionIds: [31], options: [{ id: 31, name: 'Size' }] }]);
    expect(takeDirectEnquiry()).toBeNull();
  });
});
