import { describe, expect, it } from 'vitest';

import { planCartons } from './planner.ts';

describe('planCartons', () => {
  // [case, guests, pieces per guest, spare %, units per carton] → [needed, with spare, cartons, pieces]
  it.each([
    ['300 guests, one plate each, 10 % spare, 100 a carton', 300, 1, 10, 100, [300, 330, 4, 400]],
    ['an exact fit needs no extra carton', 100, 2, 0, 100, [200, 200, 2, 200]],
    ['one piece over starts another carton', 201, 1, 0, 100, [201, 201, 3, 300]],
    ['the spare margin rounds up to a whole piece', 7, 1, 10, 50, [7, 8, 1, 50]],
    ['three cups each, 15 % spare', 300, 3, 15, 1000, [900, 1035, 2, 2000]],
    ['the sadya combo: one set a guest, sets for 50 guests', 420, 1, 5, 50, [420, 441, 9, 450]],
    ['no guests, no cartons', 0, 1, 10, 50, [0, 0, 0, 0]],
    ['negative guests read as none', -5, 1, 10, 50, [0, 0, 0, 0]],
    ['not a number reads as none', Number.NaN, 1, 10, 50, [0, 0, 0, 0]],
    ['fractions are cut to whole numbers; a carton holds at least one', 10.9, 1, 0, 0, [10, 10, 10, 10]],
  ] as const)('%s', (_case, guests, piecesPerGuest, sparePercent, unitsPerCarton, [needed, withSpare, cartons, pieces]) => {
    expect(planCartons({ guests, piecesPerGuest, sparePercent, unitsPerCarton })).toEqual({ needed, withSpare, cartons, pieces });
  });
});
