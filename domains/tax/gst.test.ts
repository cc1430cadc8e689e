import { describe, expect, it } from 'vitest';

import { demoShop } from '#domains/settings/demo-shop.ts';
import { itAnswers } from '#lib/cases.fixture.ts';

import {
  amountInWords,
  checkGstin,
  DEFAULT_GST_RATES,
  gstinCheckCharacter,
  gstRateMessage,
  lineTax,
  parseGstRates,
  quoteTax,
  stateOfPincode,
} from './gst.ts';

describe('GST on a quote, in paise', () => {
  it('within Kerala: half the rate as CGST and half as SGST on each line; delivery at the principal rate', () => {
    // 3 cartons at ₹560 (5%) and 2 at ₹260 (18%), delivery ₹50: worked by hand.
    // 1,680.00 × 2.5% = 42.00 each; 520.00 × 9% = 46.80 each; 50.00 × 9% = 4.50 each.
    const tax = quoteTax(
      [
        { taxable: 168_000, rate: 5 },
        { taxable: 52_000, rate: 18 },
      ],
      5_000,
      true,
    );
    expect(tax.lines.map((line) => [line.cgst, line.sgst, line.igst])).toEqual([
      [4_200, 4_200, 0],
      [4_680, 4_680, 0],
      [450, 450, 0],
    ]);
    expect(tax).toMatchObject({ taxable: 225_000, cgst: 9_330, sgst: 9_330, igst: 0, exact: 243_660 });
    // ₹2,436.60 rounds up to ₹2,437: round off +₹0.40.
    expect(tax).toMatchObject({ roundOff: 40, total: 243_700 });
  });

  it('to another state: the whole rate as IGST, no CGST or SGST', () => {
    const tax = quoteTax([{ taxable: 168_000, rate: 5 }], 5_000, false);
    expect(tax.lines.map((line) => [line.cgst, line.sgst, line.igst])).toEqual([
      [0, 0, 8_400],
      [0, 0, 250],
    ]);
    // 1,730.00 + 86.50 = 1,816.50, which rounds half up to 1,817.
    expect(tax).toMatchObject({ igst: 8_650, exact: 181_650, roundOff: 50, total: 181_700 });
  });

  it('a zero-rated line carries no tax, and the delivery takes the highest rate of the others', () => {
    const tax = quoteTax(
      [
        { taxable: 100_000, rate: 0 },
        { taxable: 10_000, rate: 12 },
      ],
      5_000,
      false,
    );
    expect(tax.lines.map((line) => line.igst)).toEqual([0, 1_200, 600]);
    expect(quoteTax([{ taxable: 100_000, rate: 0 }], 5_000, true).lines[1]).toMatchObject({ rate: 0, cgst: 0 });
  });

  it('rounds each head half up to the paisa, and the total to the rupee in either direction', () => {
    // ₹1.01 at 5% within the state: 2.525 paise each, so 3 each; across states 5.05, so 5.
    expect(lineTax({ taxable: 101, rate: 5 }, true)).toMatchObject({ cgst: 3, sgst: 3 });
    expect(lineTax({ taxable: 101, rate: 5 }, false)).toMatchObject({ igst: 5 });
    // ₹10.10 at 18% within the state: 90.9 paise each, so 91; 10.10 + 1.82 = 11.92, so 12.00 (+0.08).
    expect(quoteTax([{ taxable: 1_010, rate: 18 }], 0, true)).toMatchObject({ exact: 1_192, roundOff: 8, total: 1_200 });
    // ₹10.00 at 12% across states: 11.20, rounds down to 11.00 (−0.20).
    expect(quoteTax([{ taxable: 1_000, rate: 12 }], 0, false)).toMatchObject({ exact: 1_120, roundOff: -20, total: 1_100 });
  });
});

describe('GSTIN', () => {
  it('accepts a valid one, forgiving case and spaces, and names its state', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(checkGstin(' 27aapfu0939f1zv ')).toEqual({ valid: true, gstin: '27AAPFU0939F1ZV', state: '27' });
    const kerala = `32AAACG1234A1Z${gstinCheckCharacter('32AAACG1234A1Z')}`;
    expect(checkGstin(kerala)).toMatchObject({ valid: true, state: '32' });
  });
  it("the shop's own (demo) GSTIN passes and is in Kerala", () => {
    expect(checkGstin(demoShop.gstin)).toMatchObject({ valid: true, state: '32' });
  });
  it('refuses a typo (the check character), a wrong shape and an unknown state code', () => {
    expect(checkGstin('27AAPFU0939F1ZW')).toMatchObject({ valid: false, message: expect.stringMatching(/check character/) });
    expect(checkGstin('27AAPFU0939F1Z')).toMatchObject({ valid: false, message: expect.stringMatching(/15 characters/) });
    expect(checkGstin('27AAPFU0939F1XV')).toMatchObject({ valid: false });
    expect(checkGstin('99AAPFU0939F1ZV')).toMatchObject({ valid: false, message: '99 is not a GST state code' });
  });
});

describe('the place of supply from a pincode', () => {
  itAnswers('%s is in state %s', stateOfPincode, [
    ['683101', '32'], // Aluva
    ['695001', '32'], // Thiruvananthapuram
    ['673310', '34'], // Mahe (Puducherry), inside Kerala's region
    ['682555', '31'], // Lakshadweep
    ['560001', '29'], // Bengaluru
    ['600001', '33'], // Chennai
    ['403001', '30'], // Goa
    ['110001', '07'], // Delhi
  ]);
  it('nothing for what is not a pincode', () => {
    expect(stateOfPincode('012345')).toBeNull();
    expect(stateOfPincode('68310')).toBeNull();
  });
});

describe('amounts in words (Indian system)', () => {
  itAnswers('%i paise', amountInWords, [
    [12_845_020, 'Rupees One Lakh Twenty-Eight Thousand Four Hundred Fifty and Paise Twenty Only'],
    [100, 'Rupees One Only'],
    [243_700, 'Rupees Two Thousand Four Hundred Thirty-Seven Only'],
    [1_000_000_000, 'Rupees One Crore Only'],
    [5, 'Rupees Zero and Paise Five Only'],
  ]);
});

describe('the GST rates offered (the GST_RATES setting)', () => {
  it('default to the slabs since 22 September 2025 and read a list as the operator writes it', () => {
    expect(DEFAULT_GST_RATES).toEqual([0, 5, 18, 40]);
    expect(parseGstRates('18, 5,0 ,40,5')).toEqual({ rates: [0, 5, 18, 40] });
    expect(parseGstRates('0,5,12,18,28')).toEqual({ rates: [0, 5, 12, 18, 28] });
    for (const wrong of ['', '5,,18', '5%', '12.5', '101', 'five']) expect(parseGstRates(wrong)).toHaveProperty('problem');
    expect(gstRateMessage([0, 5, 18, 40])).toBe('GST rate must be one of 0, 5, 18, 40 per cent');
  });
});
