import { describe, expect, it } from 'vitest';

import { hsnDescription, missingHsn, shortHsnWarning } from './hsn.ts';

const plate = { productName: 'Areca Leaf Round Plate', hsnCode: '14049090' };

describe('the HSN code of an issued line', () => {
  it('is required on every line, with at least the digits the turnover calls for, the line named', () => {
    expect(missingHsn([plate, { productName: 'Bagasse Cup 200 ml', hsnCode: '4823' }], 4)).toBeNull();
    expect(missingHsn([plate, { productName: 'Bagasse Cup 200 ml', hsnCode: '' }], 4)).toEqual({
      message: 'Line 2 (Bagasse Cup 200 ml) needs an HSN code of at least 4 digits before it is issued',
      field: 'lines.1.hsnCode',
    });
    // Above ₹5 crore of turnover six digits are needed: a four-digit heading no longer does.
    expect(missingHsn([{ ...plate, hsnCode: '4823' }], 6)?.message).toBe(
      'Line 1 (Areca Leaf Round Plate) needs an HSN code of at least 6 digits before it is issued',
    );
    expect(missingHsn([{ ...plate, hsnCode: '482369' }], 6)).toBeNull();
    // A credit note's line keeps its number on the invoice.
    expect(missingHsn([{ ...plate, hsnCode: '', line: 3 }], 4)?.field).toBe('lines.2.hsnCode');
  });
});

describe('a quote with a short HSN code', () => {
  it('warns when the invoice would refuse the code, and says nothing of a blank one (its own warning)', () => {
    expect(shortHsnWarning('Bagasse Cup 200 ml', '4823', 6)).toBe(
      'Bagasse Cup 200 ml has HSN code 4823: the invoice needs at least 6 digits.',
    );
    expect(shortHsnWarning('Bagasse Cup 200 ml', '482370', 6)).toBeNull();
    expect(shortHsnWarning('Bagasse Cup 200 ml', '4823', 4)).toBeNull();
    expect(shortHsnWarning('Bagasse Cup 200 ml', '', 6)).toBeNull();
  });
});

describe('the description as per the HSN code', () => {
  it("is the nearest heading or sub-heading of the codes this trade uses, within the portal's 30 characters", () => {
    expect(hsnDescription('14049090')).toBe('Vegetable products, n.e.s.');
    expect(hsnDescription('48237090')).toBe('Moulded articles of paper pulp');
    expect(hsnDescription('48236900')).toBe('Trays, plates, cups of paper');
    expect(hsnDescription('4823')).toBe('Other articles of paper');
    expect(hsnDescription('44199010')).toBe('Tableware, kitchenware of wood');
    // A code outside the table is left to the portal.
    expect(hsnDescription('96032100')).toBe('');
    expect(hsnDescription('')).toBe('');
    for (const code of ['1404', '4419', '4819', '4823', '482369', '482370'])
      expect(hsnDescription(code).length).toBeLessThanOrEqual(30);
  });
});
