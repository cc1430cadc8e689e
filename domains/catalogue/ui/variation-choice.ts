import type { ProductVariation } from '#domains/catalogue/model.ts';
import {
  type Choice,
  inTypeOrder,
  namedOptions,
  optionIdsOf,
  pricingVariation,
  variationTypes,
} from '#domains/catalogue/variations.ts';

export function isComplete(variations: readonly ProductVariation[], choice: Choice): boolean {
  return variationTypes(variations).every((type) => choice[type] !== undefined);
}

/**
 * The card's default: the first active option of each type, else the first
 * (docs/decisions/005-variations-and-the-product-page.md); in a search's results, the option the
 * search names instead, where it names one ('plates 10 inch' shows and adds the 10-inch plate).
 */
export function defaultChoice(variations: readonly ProductVariation[], search = ''): Choice {
  const named = search ? namedOptions(variations, search) : {};
  const choice: Record<string, number> = {};
  for (const type of variationTypes(variations)) {
    const ofType = variations.filter((v) => v.type === type);
    const pick = ofType.find((v) => v.id === named[type]) ?? ofType.find((v) => v.isActive) ?? ofType[0];
    if (pick) choice[type] = pick.id;
  }
  return choice;
}

/** What a line is made of: the option that prices it and every chosen option, in type order. */
export interface Selection {
  variation: ProductVariation | null;
  options: ProductVariation[];
}

export const NO_OPTIONS: Selection = { variation: null, options: [] };

export function selectionOf(variations: readonly ProductVariation[], choice: Choice): Selection {
  return { variation: pricingVariation(variations, choice), options: inTypeOrder(variations, optionIdsOf(choice)) };
}

/** The ids a line keeps: every chosen option, ascending. */
export const selectionIds = (selection: Selection): number[] => selection.options.map((o) => o.id).sort((a, b) => a - b);
