import type { ProductVariation } from '../../../core/catalogue';

/** Variation types in display order (the order their first option appears). */
export function variationTypes(variations: readonly ProductVariation[]): string[] {
  return [...new Set(variations.map((v) => v.type))];
}

/** Chosen variation id per type. */
export type Choice = Readonly<Record<string, number>>;

export function isComplete(variations: readonly ProductVariation[], choice: Choice): boolean {
  return variationTypes(variations).every((type) => choice[type] !== undefined);
}

/**
 * The variation that prices the line: the chosen option of the first type that has its own
 * price, else the first type's choice (its empty price means the product's price).
 */
export function pricingVariation(variations: readonly ProductVariation[], choice: Choice): ProductVariation | null {
  const chosen = variationTypes(variations)
    .map((type) => variations.find((v) => v.id === choice[type]))
    .filter((v): v is ProductVariation => v !== undefined);
  return chosen.find((v) => v.price !== null && v.price !== '') ?? chosen[0] ?? null;
}

/** Cartons that can be asked for: the smallest stock among chosen options, or `fallback` without variations. */
export function maxQuantity(variations: readonly ProductVariation[], choice: Choice, fallback: number): number {
  const stocks = Object.values(choice)
    .map((id) => variations.find((v) => v.id === id)?.stockQuantity)
    .filter((stock): stock is number => stock !== undefined);
  return stocks.length > 0 ? Math.min(...stocks) : fallback;
}

/** The card's default: the first active option of each type, else the first (spec section 4). */
export function defaultChoice(variations: readonly ProductVariation[]): Choice {
  const choice: Record<string, number> = {};
  for (const type of variationTypes(variations)) {
    const ofType = variations.filter((v) => v.type === type);
    const pick = ofType.find((v) => v.isActive) ?? ofType[0];
    if (pick) choice[type] = pick.id;
  }
  return choice;
}
