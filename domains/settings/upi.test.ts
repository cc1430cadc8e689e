import { describe, expect, it } from 'vitest';

import { UPI_ID_PATTERN, UPI_PERSONAL_LIMIT, upiAmount, upiPayLink } from './upi.ts';

describe('the upi://pay link of an invoice', () => {
  it('carries payee, name, amount with two decimals, INR, and the invoice number as note and reference', () => {
    const link = upiPayLink({ id: 'greenleaf@okaxis', name: 'Green Leaf Eco Tableware' }, 243_700, 'GL/2026-27/0001');
    expect(link).toBe(
      'upi://pay?pa=greenleaf@okaxis&pn=Green%20Leaf%20Eco%20Tableware&am=2437.00&cu=INR&tn=GL%2F2026-27%2F0001&tr=GL%2F2026-27%2F0001',
    );
    // An app reads back exactly what was meant, in this order.
    const url = new URL(link);
    expect(url.protocol).toBe('upi:');
    expect([...url.searchParams]).toEqual([
      ['pa', 'greenleaf@okaxis'],
      ['pn', 'Green Leaf Eco Tableware'],
      ['am', '2437.00'],
      ['cu', 'INR'],
      ['tn', 'GL/2026-27/0001'],
      ['tr', 'GL/2026-27/0001'],
    ]);
  });

  it('amounts always have two decimals: paise, a round rupee, lakhs', () => {
    const amountOf = (paise: number) =>
      new URL(upiPayLink({ id: 'a.b@upi', name: 'X' }, paise, 'GL/2026-27/0002')).searchParams.get('am');
    expect(amountOf(5)).toBe('0.05');
    expect(amountOf(50)).toBe('0.50');
    expect(amountOf(100)).toBe('1.00');
    expect(amountOf(3_91_959_00)).toBe('391959.00');
  });

  it('encodes a Malayalam name as UTF-8 bytes, and a plus or ampersand so they cannot split or change a parameter', () => {
    // ഗ്രീൻ is U+0D17 U+0D4D U+0D30 U+0D40 U+0D7B: three bytes each in UTF-8 (E0 B4 97 …).
    const link = upiPayLink({ id: 'shop@sbi', name: 'ഗ്രീൻ ലീഫ് A+B & Co' }, 100, 'GL/2026-27/0003');
    expect(link).toContain('pn=%E0%B4%97%E0%B5%8D%E0%B4%B0%E0%B5%80%E0%B5%BB%20');
    expect(link).toContain('A%2BB%20%26%20Co&am=1.00');
    expect(link).not.toMatch(/[^\x21-\x7e]/); // nothing but printable ASCII: no raw space, no raw Malayalam
    expect(new URL(link).searchParams.get('pn')).toBe('ഗ്രീൻ ലീഫ് A+B & Co');
  });

  it('a merchant ID carries its merchant code (mc); each request for a balance has its own reference (tr)', () => {
    const merchant = { id: 'greenleaf@okaxis', name: 'Green Leaf', merchantCode: '5399', limit: 2_00_000_00 };
    const link = new URL(upiPayLink(merchant, 19_700_00, 'GL/2026-27/0001', 2));
    expect([...link.searchParams]).toEqual([
      ['pa', 'greenleaf@okaxis'],
      ['pn', 'Green Leaf'],
      ['mc', '5399'],
      ['am', '19700.00'],
      ['cu', 'INR'],
      ['tn', 'GL/2026-27/0001'],
      ['tr', 'GL/2026-27/0001-2'],
    ]);
  });

  it('asks no more than the UPI ID takes in one payment: ₹1,00,000 for a personal ID, its own limit for a merchant', () => {
    const personal = { id: 'greenleaf@okaxis', name: 'Green Leaf' };
    expect(UPI_PERSONAL_LIMIT).toBe(1_00_000_00);
    expect(upiAmount(personal, 1_19_700_00)).toBe(1_00_000_00);
    expect(upiAmount(personal, 19_700_00)).toBe(19_700_00);
    expect(upiAmount({ ...personal, merchantCode: '5399', limit: 2_00_000_00 }, 1_19_700_00)).toBe(1_19_700_00);
  });

  it('knows a UPI ID by its shape', () => {
    for (const id of ['greenleaf@okaxis', 'green.leaf-2@ybl', '9847012345@upi']) expect(id).toMatch(UPI_ID_PATTERN);
    for (const id of ['greenleaf', '@okaxis', 'green leaf@okaxis', 'a@b', 'shop@okaxis.com'])
      expect(id).not.toMatch(UPI_ID_PATTERN);
  });
});
