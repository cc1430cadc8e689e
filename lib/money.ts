/**
 * Money is held as integer paise everywhere; decimal strings ('1450.00') only at the edges
 * (database numeric columns, JSON fields the API sends as strings).
 */
export type Paise = number;

const DECIMAL = /^(\d{1,8})(?:\.(\d{1,2}))?$/;

/** Parses a non-negative rupee amount with at most 2 decimals; null when it is not one. */
export function parseRupees(value: string): Paise | null {
  const match = DECIMAL.exec(value.trim());
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Like parseRupees, for values that come from our own database and must be valid. */
export function toPaise(value: string): Paise {
  const paise = parseRupees(value);
  if (paise === null) throw new RangeError(`Not a rupee amount: ${JSON.stringify(value)}`);
  return paise;
}

/** '1450.00': the decimal string the API and database use. */
export function toDecimalString(paise: Paise): string {
  assertPaise(paise);
  return `${Math.trunc(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

/**
 * '₹1,25,000.00': rupees with Indian digit grouping (the last three digits, then pairs). Written out rather than
 * with Intl.NumberFormat, whose creation took 61 ms of a page's start on a 4× slowed CPU (a phone's speed, as Lighthouse
 * measures) on every page with a price.
 */
export function formatRupees(paise: Paise): string {
  const [whole = '', fraction] = toDecimalString(paise).split('.');
  return `₹${indianGrouping(whole)}.${fraction}`;
}

/** '2,50,000': a whole number (a count of cartons or pieces) with Indian digit grouping. */
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count)) throw new RangeError(`Not a whole number: ${count}`);
  return `${count < 0 ? '-' : ''}${indianGrouping(String(Math.abs(count)))}`;
}

/** '1 product', '2,500 products': a count with its noun, singular for one. */
export const formatCountOf = (count: number, one: string, many: string): string =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

/** '1 carton', '2,500 cartons'. */
export const formatCartons = (quantity: number): string => formatCountOf(quantity, 'carton', 'cartons');

/** '25 pieces', '1,000 pieces': a count and its unit, as a carton's contents or a line's pieces are shown. */
export const formatUnits = (count: number, unitType: string): string => `${formatCount(count)} ${unitType}`;

function indianGrouping(digits: string): string {
  const lastThree = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${rest ? `${rest},` : ''}${lastThree}`;
}

/** Integer division rounded half up, for splitting a carton price into pieces. */
export function divideRoundHalfUp(paise: Paise, divisor: number): Paise {
  assertPaise(paise);
  if (!Number.isInteger(divisor) || divisor < 1) throw new RangeError(`Bad divisor: ${divisor}`);
  return Math.floor((paise * 2 + divisor) / (divisor * 2));
}

function assertPaise(paise: Paise): void {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Not an amount in paise: ${paise}`);
}
