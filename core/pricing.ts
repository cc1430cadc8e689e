import { DEFAULT_UNIT_TYPE, DEFAULT_UNITS_PER_CARTON } from './constants.ts';
import { divideRoundHalfUp, type Paise, toPaise } from './money.ts';

/** The price of a carton: the variation's own price when it has one, else the product's. */
export function cartonPrice(productPrice: string, variationPrice?: string | null): Paise {
  return toPaise(variationPrice != null && variationPrice.trim() !== '' ? variationPrice : productPrice);
}

/** Price of one piece: the carton price over the units in a carton (default 1), to the paisa. */
export function piecePrice(carton: Paise, unitsPerCarton?: number | null): Paise {
  return divideRoundHalfUp(carton, unitsPerCarton && unitsPerCarton > 0 ? unitsPerCarton : DEFAULT_UNITS_PER_CARTON);
}

/** Whole percent saved, shown only when the original price exceeds the price. */
export function discountPercent(price: Paise, originalPrice: Paise | null): number | null {
  if (originalPrice === null || originalPrice <= price) return null;
  return Math.round(((originalPrice - price) / originalPrice) * 100);
}

/** A variation's own carton details, falling back to the product's, then to the defaults (1, 'pieces'). */
export function cartonDetails(
  product: CartonFields,
  variation?: Partial<CartonFields> | null,
): { unitsPerCarton: number; unitType: string; cartonWeight: string | null; cartonDimensions: string | null } {
  return {
    unitsPerCarton: variation?.unitsPerCarton ?? product.unitsPerCarton ?? DEFAULT_UNITS_PER_CARTON,
    unitType: variation?.unitType || product.unitType || DEFAULT_UNIT_TYPE,
    cartonWeight: variation?.cartonWeight ?? product.cartonWeight ?? null,
    cartonDimensions: variation?.cartonDimensions || product.cartonDimensions || null,
  };
}

export interface CartonFields {
  unitsPerCarton: number | null;
  unitType: string | null;
  cartonWeight: string | null;
  cartonDimensions: string | null;
}

/** Sum of carton price times cartons over every line. */
export function linesTotal(lines: ReadonlyArray<{ price: Paise; quantity: number }>): Paise {
  return lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
}
