import { useT } from '#app/lib/language.ts';
import { cartonsIn } from '#lib/i18n/translate.ts';
import { perUnitIn, unitNameIn, unitsIn } from '#lib/i18n/units.ts';

/** Counts of cartons and of a carton's units in the page's language. */
export function useUnits() {
  const t = useT();
  return {
    units: (count: number, unitType: string) => unitsIn(t, count, unitType),
    perUnit: (unitType: string) => perUnitIn(t, unitType),
    cartonsText: (count: number) => cartonsIn(t, count),
    unitWord: (unitType: string) => unitNameIn(t, unitType),
  };
}
