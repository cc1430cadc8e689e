import { describe, expect, it } from 'vitest';

import { HSN_MIN_DIGITS, missingHsn } from './hsn.ts';

const plate = { productName: 'Areca Leaf Round Plate', hsnCode: '14049090' };

describe('the HSN code of an issued line', () => {
  it('is required on every line, with at least the digits the turnover calls for, the line named', () => {
    expect(HSN_MIN_DIGITS).toBe(4);
    expect(missingHsn([plate, { productName: 'Bagasse Cup 200 ml', hsnCode: '4823' }])).toBeNull();
    expect(missingHsn([plate, { productName: 'Bagasse Cup 200 ml', hsnCode: '' }])).toEqual({
      message: 'Line 2 (Bagasse Cup 200 ml) needs an HSN code of at least 4 digits before it is issued',
      field: 'lines.1.hsnCode',
    });
    // Above ₹5 crore of turnover six digits are needed: a four-digit heading no longer does.
    expect(missingHsn([{ ...plate, hsnCode: '4823' }], 6)?.message).toBe(
      'Line 1 (Areca Leaf Round Plate) needs an HSN code of at least 6 digits before it is issued',
    );
    expect(missingHsn([{ ...plate, hsnCode: '482369' }], 6)).toBeNull();
    // A credit note's line keeps its number on the invoice.
    expect(missingHsn([{ ...plate, hsnCode: '', line: 3 }])?.field).toBe('lines.2.hsnCode');
  });
});
