import { describe, expect, it } from 'vitest';

import { CHECKOUT_DETAILS as GUEST } from '#domains/enquiry/checkout-details.fixture.ts';
import { fakeWebStorage } from '#tests/support/web-storage.ts';

import { forgetDetails, rememberDetails, rememberedDetails } from './remembered-details.ts';

const store = fakeWebStorage('localStorage');

describe('the details a guest asked this device to remember', () => {
  it('keeps the business name and GSTIN with the rest, and blank ones as blank', () => {
    const business = { customerGstin: '32AAACG1234A1ZN', customerBusinessName: 'Nair Caterers LLP' };
    rememberDetails({ ...GUEST, ...business });
    expect(rememberedDetails()).toEqual({ ...GUEST, ...business });
    rememberDetails({ ...GUEST, customerGstin: null, customerBusinessName: null });
    expect(rememberedDetails()).toEqual({ ...GUEST, customerGstin: '', customerBusinessName: '' });
  });

  it('reads details kept before the GSTIN and business name were asked for, with them blank', () => {
    store.set('checkout-details', JSON.stringify(GUEST));
    expect(rememberedDetails()).toEqual({ ...GUEST, customerGstin: '', customerBusinessName: '' });
  });

  it('reads broken data as none, and forgets', () => {
    for (const kept of [
      '{',
      'null',
      '[]',
      JSON.stringify({ ...GUEST, customerPhone: 98 }),
      JSON.stringify({ ...GUEST, customerGstin: 5 }),
    ]) {
      store.set('checkout-details', kept);
      expect(rememberedDetails(), kept).toBeNull();
    }
    rememberDetails({ ...GUEST, customerGstin: '', customerBusinessName: '' });
    forgetDetails();
    expect(rememberedDetails()).toBeNull();
  });
});
