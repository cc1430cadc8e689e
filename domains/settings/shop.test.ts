// The UPI payee an invoice is issued with, from the payments settings: what one request may ask for.
import { describe, expect, it } from 'vitest';

import { UPI_PERSONAL_LIMIT } from '#domains/settings/upi.ts';

import { paymentsSettingsSchema } from './schema.ts';
import { paymentDetailsOf } from './shop.ts';

const BUSINESS = {
  tradingName: 'Kochi Leafware',
  legalName: 'Kochi Leafware LLP',
  gstin: '32ABCDE1234F1Z9',
  address: { street: '41/1020 MG Road', locality: 'Ravipuram', city: 'Ernakulam', state: 'Kerala', postalCode: '682016' },
  phone: '9895012345',
  whatsapp: '9895054321',
  email: 'orders@kochi-leafware.example',
  social: [],
  coordinates: null,
};
const PERSONAL = {
  upiId: 'kochileaf@okicici',
  upiName: '',
  upiMerchant: false,
  upiMerchantCode: null,
  upiLimit: null,
  bankAccount: null,
  ifsc: null,
  bankName: '',
  bankBranch: '',
};
const payeeOf = (payments: typeof PERSONAL | Record<string, unknown>) =>
  paymentDetailsOf({
    business: BUSINESS,
    payments: paymentsSettingsSchema.parse(payments),
  }).upi;

describe('the UPI payee from the payments settings', () => {
  it('a personal UPI ID with no limit given takes ₹1,00,000 a payment, and sends no merchant code', () => {
    expect(payeeOf(PERSONAL)).toEqual({ id: 'kochileaf@okicici', name: 'Kochi Leafware', limit: UPI_PERSONAL_LIMIT });
    expect(UPI_PERSONAL_LIMIT).toBe(1_00_000_00);
  });

  it('a merchant ID carries its code and its own limit', () => {
    const merchant = { ...PERSONAL, upiMerchant: true, upiMerchantCode: '5411', upiLimit: 5_00_000_00 };
    expect(payeeOf(merchant)).toEqual({
      id: 'kochileaf@okicici',
      name: 'Kochi Leafware',
      merchantCode: '5411',
      limit: 5_00_000_00,
    });
  });

  it('a code typed for an ID not marked a merchant is not sent', () => {
    expect(payeeOf({ ...PERSONAL, upiMerchantCode: '5411' })).not.toHaveProperty('merchantCode');
  });

  it('refuses a limit above ₹1,00,000 for a personal UPI ID, at the limit, and takes ₹1,00,000 itself', () => {
    const refused = paymentsSettingsSchema.safeParse({ ...PERSONAL, upiLimit: 1_00_000_01 });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['upiLimit', 'A personal UPI ID takes at most ₹1,00,000 a payment: above that, it must be a merchant ID'],
    ]);
    expect(payeeOf({ ...PERSONAL, upiLimit: 1_00_000_00 })?.limit).toBe(1_00_000_00);
  });
});
