import { formatCount, formatUnits } from '#lib/money.ts';

import { msg, type Translate } from './translate.ts';

/**
 * Each unit a carton is counted in: its name ('pieces each'), a count of it ('{count} plates') and its price ('per plate').
 */
const UNITS: Record<string, { name: string; count: string; per: string }> = {
  pieces: { name: msg('pieces'), count: msg('{count} pieces'), per: msg('per piece') },
  plates: { name: msg('plates'), count: msg('{count} plates'), per: msg('per plate') },
  bowls: { name: msg('bowls'), count: msg('{count} bowls'), per: msg('per bowl') },
  containers: { name: msg('containers'), count: msg('{count} containers'), per: msg('per container') },
  sets: { name: msg('sets'), count: msg('{count} sets'), per: msg('per set') },
  items: { name: msg('items'), count: msg('{count} items'), per: msg('per item') },
};

/** '25 pieces' in a language; a unit the list does not know stays as written. */
export function unitsIn(t: Translate, count: number, unitType: string): string {
  const unit = UNITS[unitType];
  return unit ? t(unit.count, { count: formatCount(count) }) : formatUnits(count, unitType);
}

/** 'per piece' in a language. */
export function perUnitIn(t: Translate, unitType: string): string {
  const unit = UNITS[unitType];
  return unit ? t(unit.per) : `per ${unitType.endsWith('s') ? unitType.slice(0, -1) : unitType}`;
}

/** The unit's own name ('pieces') in a language. */
export function unitNameIn(t: Translate, unitType: string): string {
  const unit = UNITS[unitType];
  return unit ? t(unit.name) : unitType;
}
