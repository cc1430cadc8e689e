import { describe } from 'vitest';

import { itAnswers } from '#lib/cases.fixture.ts';

import { csvCell } from './csv.ts';

describe('csvCell', () => {
  // A negative one too: a month whose credit notes exceed its sales.
  itAnswers('writes the figure %s as the number it is: %s', csvCell, [
    ['-500.00', '-500.00'],
    [-3, '-3'],
    ['-0.50', '-0.50'],
    [1680, '1680'],
  ]);

  itAnswers('still neutralises %s, which a spreadsheet would run as a formula: %s', csvCell, [
    ['-1+cmd|calc', "'-1+cmd|calc"],
    ['-500.00 refund', "'-500.00 refund"],
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+91 98470 12345', "'+91 98470 12345"],
    ['@here', "'@here"],
    ['-', "'-"],
    ['=1,2', `"'=1,2"`],
  ]);
});
