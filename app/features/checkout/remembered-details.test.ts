import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { forgetDetails, rememberDetails, rememberedDetails } from './remembered-details.ts';

// localStorage, as far as these functions use it.
const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  Object.assign(globalThis, {
    localStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
      removeItem: (key: string) => store.delete(key),
    },
  });
});
afterEach(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
});

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
