import { describe, expect, it } from 'vitest';

import { loadConfig } from './config.ts';

describe('payment settings', () => {
  it('none by default: no UPI, no bank, 7 days to pay', () => {
    expect(loadConfig({}).payments).toEqual({ upi: null, bank: null, termsDays: 7 });
  });

  it('reads the UPI ID with the shop’s name, and the bank account with its IFSC and the legal name as holder', () => {
    const { payments } = loadConfig({
      SHOP_UPI_ID: ' greenleaf@okaxis ',
      SHOP_BANK_ACCOUNT: '1234 5678 9012 34',
      SHOP_BANK_IFSC: 'fdrl0001234',
      SHOP_BANK_NAME: 'Federal Bank, Aluva',
      PAYMENT_TERMS_DAYS: '15',
    });
    expect(payments).toEqual({
      upi: { id: 'greenleaf@okaxis', name: 'Green Leaf Eco Tableware', limit: 1_00_000_00 },
      bank: {
        accountName: 'Green Leaf Eco Tableware Private Limited',
        account: '12345678901234',
        ifsc: 'FDRL0001234',
        bank: 'Federal Bank, Aluva',
      },
      termsDays: 15,
    });
    expect(loadConfig({ SHOP_UPI_ID: 'shop@ybl', SHOP_UPI_NAME: 'ഗ്രീൻ ലീഫ്' }).payments.upi).toEqual({
      id: 'shop@ybl',
      name: 'ഗ്രീൻ ലീഫ്',
      limit: 1_00_000_00,
    });
    const merchant = { SHOP_UPI_ID: 'shop@ybl', SHOP_UPI_MERCHANT_CODE: '5399', SHOP_UPI_LIMIT: '200000' };
    expect(loadConfig(merchant).payments.upi).toMatchObject({ merchantCode: '5399', limit: 2_00_000_00 });
  });

  it('refuses at start what could not be paid to: they go on every invoice', () => {
    expect(() => loadConfig({ SHOP_UPI_ID: 'greenleaf' })).toThrow(/^SHOP_UPI_ID must be a UPI ID/);
    expect(() => loadConfig({ SHOP_BANK_ACCOUNT: '12345678901234' })).toThrow(/set together/);
    expect(() => loadConfig({ SHOP_BANK_ACCOUNT: '1234', SHOP_BANK_IFSC: 'FDRL0001234' })).toThrow(/9 to 18 digits/);
    expect(() => loadConfig({ SHOP_BANK_ACCOUNT: '12345678901234', SHOP_BANK_IFSC: 'FDRL1234' })).toThrow(/IFSC/);
    expect(() => loadConfig({ PAYMENT_TERMS_DAYS: '-1' })).toThrow(/PAYMENT_TERMS_DAYS/);
    expect(() => loadConfig({ SHOP_UPI_ID: 'shop@ybl', SHOP_UPI_MERCHANT_CODE: '53' })).toThrow(/4-digit merchant category code/);
    // A personal UPI ID cannot take more than ₹1,00,000 a payment.
    expect(() => loadConfig({ SHOP_UPI_ID: 'shop@ybl', SHOP_UPI_LIMIT: '200000' })).toThrow(/needs SHOP_UPI_MERCHANT_CODE/);
  });
});
