import { describe, expect, it } from 'vitest';

import { planCartons } from './planner.ts';

describe('planCartons', () => {
  it('300 guests, one plate each, 10 % spare, 50 a carton: 330 plates, 7 cartons (350)', () => {
    expect(planCartons({ guests: 300, piecesPerGuest: 1, sparePercent: 10, unitsPerCarton: 50 })).toEqual({
      needed: 300,
      withSpare: 330,
      cartons: 7,
      pieces: 350,
    });
  });
  it('an exact fit needs no extra carton', () => {
    expect(planCartons({ guests: 100, piecesPerGuest: 2, sparePercent: 0, unitsPerCarton: 100 }).cartons).toBe(2);
    expect(planCartons({ guests: 100, piecesPerGuest: 2, sparePercent: 0, unitsPerCarton: 100 }).pieces).toBe(200);
  });
  it('one piece over starts another carton', () => {
    expect(planCartons({ guests: 201, piecesPerGuest: 1, sparePercent: 0, unitsPerCarton: 100 }).cartons).toBe(3);
  });
  it('the spare margin rounds up to a whole piece', () => {
    expect(planCartons({ guests: 7, piecesPerGuest: 1, sparePercent: 10, unitsPerCarton: 50 }).withSpare).toBe(8);
    expect(planCartons({ guests: 300, piecesPerGuest: 3, sparePercent: 15, unitsPerCarton: 1000 })).toMatchObject({
      needed: 900,
      withSpare: 1035,
      cartons: 2,
    });
  });
  it('the sadya combo: one set a guest, sets of 50 guests', () => {
    expect(planCartons({ guests: 420, piecesPerGuest: 1, sparePercent: 5, unitsPerCarton: 50 })).toEqual({
      needed: 420,
      withSpare: 441,
      cartons: 9,
      pieces: 450,
    });
  });
  it('no guests, no cartons; odd input is read as whole numbers within bounds', () => {
    expect(planCartons({ guests: 0, piecesPerGuest: 1, sparePercent: 10, unitsPerCarton: 50 }).cartons).toBe(0);
    expect(planCartons({ guests: -5, piecesPerGuest: 1, sparePercent: 10, unitsPerCarton: 50 }).cartons).toBe(0);
    expect(planCartons({ guests: Number.NaN, piecesPerGuest: 1, sparePercent: 10, unitsPerCarton: 50 }).cartons).toBe(0);
    expect(planCartons({ guests: 10.9, piecesPerGuest: 1, sparePercent: 0, unitsPerCarton: 0 })).toEqual({
      needed: 10,
      withSpare: 10,
      cartons: 10,
      pieces: 10,
    });
  });
});
