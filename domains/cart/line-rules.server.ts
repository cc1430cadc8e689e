import { cartonRule, cartonRuleProblem } from '#domains/catalogue/carton-rules.ts';
import { optionsOf, productRowsOf } from '#domains/catalogue/queries.server.ts';
import type { ProductRow, VariationRow } from '#domains/catalogue/service.server.ts';
import {
  choiceOf,
  inTypeOrder,
  lineCeiling,
  optionInStock,
  pricingVariation,
  variationTypes,
} from '#domains/catalogue/variations.ts';
import { conflict, invalid, notFound } from '#lib/errors.ts';
import type { Db } from '#platform/db/client.ts';

type Reader = Pick<Db, 'select'>;

export interface EnquirableLine {
  product: ProductRow;
  /** The option that prices the line (domains/catalogue/variations.ts pricingVariation), or null without variations. */
  variation: VariationRow | null;
  /** Every chosen option, one per type, in the product's type order ([] without variations). */
  options: VariationRow[];
  /** Their ids, ascending: what identifies the line with its product. */
  optionIds: number[];
  /** Most cartons one line may hold. */
  max: number;
}

export interface LineRequest {
  productId: number;
  variationId?: number | null;
  /** Every chosen option; absent (or empty) means [variationId], which only a single-type product accepts. */
  optionIds?: readonly number[] | null;
}

/**
 * The rules every cart line and enquiry line obeys, read from the database (never from the browser):
 * the product exists and is in stock; a product with variations names one active, in-stock option of its
 * own per type its active options have; `variationId`, when sent, is the pricing one; the ceiling is the
 * smallest stock among the chosen options, or 999 without variations.
 */
export async function enquirableLines(db: Reader, requests: readonly LineRequest[]): Promise<EnquirableLine[]> {
  const productIds = [...new Set(requests.map((r) => r.productId))];
  const [productRows, variationRows] = await Promise.all([productRowsOf(db, productIds), optionsOf(db, productIds)]);
  const productById = new Map(productRows.map((p) => [p.id, p]));
  return requests.map((request) =>
    checkLine(
      request,
      productById.get(request.productId),
      variationRows.filter((v) => v.productId === request.productId),
    ),
  );
}

function checkLine(request: LineRequest, product: ProductRow | undefined, variations: VariationRow[]): EnquirableLine {
  if (!product) throw notFound(`Product ${request.productId} not found`);
  if (!product.inStock) throw conflict(`${product.name} is out of stock`);
  const ids = request.optionIds?.length ? [...request.optionIds] : request.variationId ? [request.variationId] : [];
  if (ids.length === 0) {
    if (product.hasVariations)
      throw invalid(`Choose the options of ${product.name} first`, { variationId: 'Required for this product' });
    return { product, variation: null, options: [], optionIds: [], max: lineCeiling([]) };
  }
  const chosen = ids.map((id) => {
    const option = variations.find((v) => v.id === id);
    if (!option) throw notFound(`Option ${id} of ${product.name} not found`);
    const label = `${product.name} (${option.name}: ${option.value})`;
    if (!option.isActive) throw conflict(`${label} is no longer available`);
    if (!optionInStock(option)) throw conflict(`${label} is out of stock`);
    return option;
  });
  const active = variations.filter((v) => v.isActive);
  for (const type of variationTypes(active)) {
    const name = active.find((v) => v.type === type)?.name ?? type;
    const ofType = chosen.filter((v) => v.type === type);
    if (ofType.length === 0) throw invalid(`Choose every option of ${product.name}`, { optionIds: `Choose a ${name}` });
    if (ofType.length > 1) throw invalid(`Choose one ${name} of ${product.name}`, { optionIds: `Only one ${name} per line` });
  }
  const choice = choiceOf(chosen, ids);
  const pricing = pricingVariation(active, choice);
  if (!pricing) throw new Error('a complete choice without a pricing option');
  if (request.variationId && request.variationId !== pricing.id) {
    throw invalid(`Option ${request.variationId} does not price ${product.name} with these options`, {
      variationId: `Must be the ${pricing.name} chosen (${pricing.id})`,
    });
  }
  return {
    product,
    variation: pricing,
    options: inTypeOrder(active, ids),
    optionIds: ids.sort((a, b) => a - b),
    max: lineCeiling(chosen),
  };
}

/** 'Areca plate (10 inch, Round)': the line as its messages name it. */
function lineName(line: Pick<EnquirableLine, 'product' | 'options'>): string {
  const values = line.options.map((o) => o.value).join(', ');
  return values ? `${line.product.name} (${values})` : line.product.name;
}

export function checkQuantity(line: Pick<EnquirableLine, 'product' | 'options' | 'max'>, quantity: number): void {
  if (quantity > line.max) {
    throw conflict(`Only ${line.max} cartons of ${lineName(line)} can be ordered`, { quantity: `At most ${line.max}` });
  }
}

/** A line's cartons keep its minimum order and carton step (domains/catalogue/carton-rules.ts), else 400 with the reason. */
export function checkCartonRule(line: Pick<EnquirableLine, 'product' | 'variation' | 'options'>, quantity: number): void {
  const problem = cartonRuleProblem(cartonRule(line.product, line.variation), quantity, lineName(line));
  if (problem) throw invalid(problem, { quantity: problem });
}
