/**
 * The guest planner: how many cartons an event needs. Guests times pieces per guest, plus a spare margin (breakage,
 * second helpings, late guests), rounded up to whole pieces and then to whole cartons.
 */
export const DEFAULT_SPARE_PERCENT = 10;
export const MAX_GUESTS = 100_000;
export const MAX_PIECES_PER_GUEST = 20;
export const MAX_SPARE_PERCENT = 100;

export interface PlanInput {
  guests: number;
  piecesPerGuest: number;
  sparePercent: number;
  unitsPerCarton: number;
}

export interface Plan {
  /** Guests times pieces per guest. */
  needed: number;
  /** With the spare margin, in whole pieces. */
  withSpare: number;
  cartons: number;
  /** What the cartons hold in all. */
  pieces: number;
}

const whole = (n: number, max: number) => (Number.isFinite(n) ? Math.min(Math.max(Math.floor(n), 0), max) : 0);

export function planCartons(input: PlanInput): Plan {
  const guests = whole(input.guests, MAX_GUESTS);
  const perGuest = whole(input.piecesPerGuest, MAX_PIECES_PER_GUEST);
  const spare = whole(input.sparePercent, MAX_SPARE_PERCENT);
  const unitsPerCarton = Math.max(1, whole(input.unitsPerCarton, Number.MAX_SAFE_INTEGER));
  const needed = guests * perGuest;
  // In integers (hundredths of a piece), so 10 % of 300 is 30, not 30.000000000000004.
  const withSpare = Math.ceil((needed * (100 + spare)) / 100);
  const cartons = Math.ceil(withSpare / unitsPerCarton);
  return { needed, withSpare, cartons, pieces: cartons * unitsPerCarton };
}
