import { readStored, removeStored, writeStored } from '#app/lib/session-storage.ts';
import type { ProductVariation } from '#domains/catalogue/model.ts';

const CARRIED_VARIATION_KEY = 'carried-variation';

/** A variation chosen on a card, carried to the detail page. */
export interface CarriedVariation {
  productId: number;
  variationId: number;
  variation: ProductVariation;
  /** Every option the card chose (one per type). */
  optionIds?: number[];
}

export function carryVariation(carried: CarriedVariation): void {
  writeStored(CARRIED_VARIATION_KEY, carried);
}

/** The carried variation for this product, applied once: it is removed when it matches. */
export function takeCarriedVariation(productId: number): CarriedVariation | null {
  const value = readStored(CARRIED_VARIATION_KEY) as Partial<CarriedVariation> | null;
  if (!value || typeof value !== 'object' || value.productId !== productId || typeof value.variationId !== 'number') return null;
  removeStored(CARRIED_VARIATION_KEY);
  return value as CarriedVariation;
}
