import { describe, expect, it } from 'vitest';

import {
  creditNoteDeadline,
  documentNumber,
  financialYearOf,
  MAX_DOCUMENT_NUMBER_LENGTH,
  maxSerial,
} from './document-numbers.ts';

describe('document numbers per Indian financial year', () => {
  it('the year turns on 1 April at midnight India time, not UTC', () => {
    // 31 March 2027 23:59 IST is 18:29 UTC; 1 April 2027 00:00 IST is 31 March 18:30 UTC.
    expect(financialYearOf(new Date('2027-03-31T18:29:00Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2027-03-31T18:29:59.999Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28');
    // The first invoice of each year is 0001 of its own series.
    expect(documentNumber('invoice', financialYearOf(new Date('2027-03-31T18:29:00Z')), 1)).toBe('GL/2026-27/0001');
    expect(documentNumber('invoice', financialYearOf(new Date('2027-03-31T18:30:00Z')), 1)).toBe('GL/2027-28/0001');
  });

  it('January to March belong to the year that began the April before; the century turns in the label', () => {
    expect(financialYearOf(new Date('2027-01-15T06:00:00Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2026-11-26T06:00:00Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2099-06-01T06:00:00Z'))).toBe('2099-00');
  });

  it('invoices and credit notes are separate series, at most 16 characters', () => {
    expect(documentNumber('invoice', '2026-27', 42)).toBe('GL/2026-27/0042');
    expect(documentNumber('credit-note', '2026-27', 42)).toBe('CN/2026-27/0042');
    // 'GL/2026-27/' is 11 characters: five digits fit in 16, a sixth would not.
    expect(maxSerial('invoice')).toBe(99_999);
    expect(documentNumber('invoice', '2026-27', 10_000)).toBe('GL/2026-27/10000');
    expect(documentNumber('invoice', '2026-27', 99_999)).toHaveLength(MAX_DOCUMENT_NUMBER_LENGTH);
    expect(() => documentNumber('invoice', '2026-27', 100_000)).toThrow(RangeError);
    expect(() => documentNumber('invoice', '2026-27', 0)).toThrow(RangeError);
  });

  it('a credit note may be issued until 30 November after the invoice’s financial year ends', () => {
    expect(creditNoteDeadline('2026-27')).toBe('2027-11-30');
  });
});
