import { MAX_QUANTITY_WITHOUT_VARIATION } from './categories.ts';
import { plainTerms } from './search-words.ts';

/**
 * Variation types and chosen options: one implementation of each rule, shared by the pages and the server.
 * A product may have options of several types (e.g. Size and Model); a line holds one option per type.
 */

/** Variation types in display order (the order their first option appears). */
export function variationTypes(variations: readonly { type: string }[]): string[] {
  return [...new Set(variations.map((v) => v.type))];
}

/** Chosen variation id per type. */
export type Choice = Readonly<Record<string, number>>;

/**
 * The variation that prices the line: the chosen option of the first type that has its own
 * price, else the first type's choice (its empty price means the product's price).
 */
export function pricingVariation<V extends { id: number; type: string; price: string | null }>(
  variations: readonly V[],
  choice: Choice,
): V | null {
  const chosen = variationTypes(variations)
    .map((type) => variations.find((v) => v.id === choice[type]))
    .filter((v): v is V => v !== undefined);
  return chosen.find((v) => v.price !== null && v.price !== '') ?? chosen[0] ?? null;
}

/** The chosen options among `variations`, in the choice's order. */
export function chosenOptions<V extends { id: number }>(variations: readonly V[], choice: Choice): V[] {
  return Object.values(choice)
    .map((id) => variations.find((v) => v.id === id))
    .filter((v): v is V => v !== undefined);
}

/**
 * The most cartons one line may hold (the variation's stock, 999 without variations): the smallest stock
 * among all the line's options, never above 999; an option whose stock is not counted (null) sets no limit. The one
 * rule behind the pages' quantity boxes, the cart's plus button and the server's checks.
 */
export function lineCeiling(options: readonly { stockQuantity: number | null }[]): number {
  return Math.min(MAX_QUANTITY_WITHOUT_VARIATION, ...options.flatMap((option) => option.stockQuantity ?? []));
}

/** Whether an option can be chosen for a line: its stock is not counted, or some is left. */
export const optionInStock = (option: { stockQuantity: number | null }): boolean => option.stockQuantity !== 0;

/** The ids a line keeps: every chosen option, ascending. */
export const optionIdsOf = (choice: Choice): number[] => Object.values(choice).sort((a, b) => a - b);

/** The choice that `optionIds` make among `variations` (ids of other products are left out). */
export function choiceOf(variations: readonly { id: number; type: string }[], optionIds: readonly number[]): Choice {
  return Object.fromEntries(variations.filter((v) => optionIds.includes(v.id)).map((v) => [v.type, v.id]));
}

/** The options among `variations` whose ids are given, in the product's type order. */
export function inTypeOrder<V extends { id: number; type: string }>(variations: readonly V[], optionIds: readonly number[]): V[] {
  return variationTypes(variations).flatMap((type) => variations.filter((v) => v.type === type && optionIds.includes(v.id)));
}

export const sameOptionIds = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/** The options an enquiry line was sent with; lines recorded before options were kept name their variation. */
export function sentOptions(line: {
  options?: ReadonlyArray<{ name: string; value: string }>;
  variationName: string | null;
  variationValue: string | null;
}): ReadonlyArray<{ name: string | null; value: string }> {
  if (line.options?.length) return line.options;
  return line.variationValue ? [{ name: line.variationName, value: line.variationValue }] : [];
}

/** 'Size: 500 ml · Model: Round' (pages) or 'Size: 500 ml, Model: Round' (e-mails). */
export const optionsText = (options: readonly { name: string | null; value: string }[], separator = ' · '): string =>
  options.map((o) => `${o.name ?? 'Option'}: ${o.value}`).join(separator);

/**
 * The options a search names, at most one per type: an active, available option whose every word is in the search
 * ('plates 10 inch' names Size: 10 inch, not 6 inch); of several, the one with the most words.
 */
export function namedOptions(
  variations: readonly { id: number; type: string; value: string; isActive: boolean; stockQuantity: number | null }[],
  search: string,
): Choice {
  const asked = new Set(plainTerms(search));
  const named: Record<string, number> = {};
  const size: Record<string, number> = {};
  for (const option of variations) {
    if (!option.isActive || !optionInStock(option)) continue;
    const words = plainTerms(option.value);
    if (words.length === 0 || !words.every((word) => asked.has(word))) continue;
    if (words.length > (size[option.type] ?? 0)) {
      named[option.type] = option.id;
      size[option.type] = words.length;
    }
  }
  return named;
}
