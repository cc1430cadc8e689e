import { describe, expect, it } from 'vitest';

import { csvCell } from './csv.ts';

describe('csvCell', () => {
  it('writes a negative figure as the number it is (a month whose credit notes exceed its sales)', () => {
    expect(csvCell('-500.00')).toBe('-500.00');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell('-0.50')).toBe('-0.50');
    expect(csvCell(1680)).toBe('1680');
  });

  it('still neutralises text a spreadsheet would run as a formula, a leading minus included', () => {
    expect(csvCell('-1+cmd|calc')).toBe("'-1+cmd|calc");
    expect(csvCell('-500.00 refund')).toBe("'-500.00 refund");
    expect(csvCell('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvCell('+91 98470 12345')).toBe("'+91 98470 12345");
    expect(csvCell('@here')).toBe("'@here");
    expect(csvCell('-')).toBe("'-");
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
  });
});
