import { describe, expect, it } from 'vitest';

import { fakeWebStorage } from '../../../tests/support/web-storage.ts';
import { forgetDetails, rememberDetails, rememberedDetails } from './remembered-details.ts';

const store = fakeWebStorage('localStorage');

const GUEST = {
  customerName: 'Anitha Nair',
  customerEmail: 'anitha.nair@example.com',
  customerPhone: '9876543210',
  deliveryLocation: 'Door 12, MG Road, Aluva, Kerala 683101',
};

describe('the details a guest asked this device to remember', () => {
  it('keeps the GSTIN with the rest, and a blank one as blank', () => {
    rememberDetails({ ...GUEST, customerGstin: '32AAACG1234A1ZN' });
    expect(rememberedDetails()).toEqual({ ...GUEST, customerGstin: '32AAACG1234A1ZN' });
    rememberDetails({ ...GUEST, customerGstin: null });
    expect(rememberedDetails()).toEqual({ ...GUEST, customerGstin: '' });
  });

  it('reads details kept before the GSTIN was asked for, with a blank GSTIN', () => {
    store.set('checkout-details', JSON.stringify(GUEST));
    expect(rememberedDetails()).toEqual({ ...GUEST, customerGstin: '' });
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
    rememberDetails({ ...GUEST, customerGstin: '' });
    forgetDetails();
    expect(rememberedDetails()).toBeNull();
  });
});
