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
import type { Translate } from '#lib/i18n/translate.ts';
import type { Language } from '#lib/language.ts';
import type { Db } from '#platform/db/client.ts';
import { serverTranslator } from '#platform/i18n/translator.ts';

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
  /** The language its refusals are written in: the page's that sent the line. */
  language: Language;
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
export async function enquirableLines(
  db: Reader,
  requests: readonly LineRequest[],
  language: Language = 'en',
): Promise<EnquirableLine[]> {
  const productIds = [...new Set(requests.map((r) => r.productId))];
  const [productRows, variationRows] = await Promise.all([productRowsOf(db, productIds), optionsOf(db, productIds)]);
  const productById = new Map(productRows.map((p) => [p.id, p]));
  return requests.map((request) =>
    checkLine(
      request,
      productById.get(request.productId),
      variationRows.filter((v) => v.productId === request.productId),
      language,
    ),
  );
}

function checkLine(
  request: LineRequest,
  product: ProductRow | undefined,
  variations: VariationRow[],
  language: Language,
): EnquirableLine {
  const t = serverTranslator(language);
  if (!product) throw notFound(t('Product {id} not found', { id: request.productId }));
  const named = nameIn(product, language);
  if (!product.inStock) throw conflict(t('{product} is out of stock', { product: named }));
  const ids = request.optionIds?.length ? [...request.optionIds] : request.variationId ? [request.variationId] : [];
  if (ids.length === 0) {
    if (product.hasVariations) {
      throw invalid(t('Choose the options of {product} first', { product: named }), {
        variationId: t('Required for this product'),
      });
    }
    return { product, variation: null, options: [], optionIds: [], max: lineCeiling([]), language };
  }
  const chosen = ids.map((id) => {
    const option = variations.find((v) => v.id === id);
    if (!option) throw notFound(t('Option {id} of {product} not found', { id, product: named }));
    const label = `${named} (${option.name}: ${option.value})`;
    if (!option.isActive) throw conflict(t('{product} is no longer available', { product: label }));
    if (!optionInStock(option)) throw conflict(t('{product} is out of stock', { product: label }));
    return option;
  });
  const active = variations.filter((v) => v.isActive);
  for (const type of variationTypes(active)) {
    const name = active.find((v) => v.type === type)?.name ?? type;
    const ofType = chosen.filter((v) => v.type === type);
    if (ofType.length === 0) {
      throw invalid(t('Choose every option of {product}', { product: named }), {
        optionIds: t('Choose a {option}', { option: name }),
      });
    }
    if (ofType.length > 1) {
      throw invalid(t('Choose one {option} of {product}', { option: name, product: named }), {
        optionIds: t('Only one {option} per line', { option: name }),
      });
    }
  }
  const choice = choiceOf(chosen, ids);
  const pricing = pricingVariation(active, choice);
  if (!pricing) throw new Error('a complete choice without a pricing option');
  if (request.variationId && request.variationId !== pricing.id) {
    throw invalid(t('Option {id} does not price {product} with these options', { id: request.variationId, product: named }), {
      variationId: t('Must be the {option} chosen ({id})', { option: pricing.name, id: pricing.id }),
    });
  }
  return {
    product,
    variation: pricing,
    options: inTypeOrder(active, ids),
    optionIds: ids.sort((a, b) => a - b),
    max: lineCeiling(chosen),
    language,
  };
}

/** The product's name on the page that sent the line: its Malayalam name where the staff gave one. */
const nameIn = (product: ProductRow, language: Language): string => (language === 'ml' && product.nameMl) || product.name;

type NamedLine = Pick<EnquirableLine, 'product' | 'options' | 'language'>;

/** 'Areca plate (10 inch, Round)': the line as its messages name it. */
function lineName(line: NamedLine): string {
  const name = nameIn(line.product, line.language);
  const values = line.options.map((o) => o.value).join(', ');
  return values ? `${name} (${values})` : name;
}

const wordsOf = (line: NamedLine): Translate => serverTranslator(line.language);

export function checkQuantity(line: NamedLine & Pick<EnquirableLine, 'max'>, quantity: number): void {
  if (quantity > line.max) {
    const t = wordsOf(line);
    throw conflict(t('Only {count} cartons of {product} can be ordered', { count: line.max, product: lineName(line) }), {
      quantity: t('At most {count}', { count: line.max }),
    });
  }
}

/** A line's cartons keep its minimum order and carton step (domains/catalogue/carton-rules.ts), else 400 with the reason. */
export function checkCartonRule(line: NamedLine & Pick<EnquirableLine, 'variation'>, quantity: number): void {
  const problem = cartonRuleProblem(cartonRule(line.product, line.variation), quantity, lineName(line), wordsOf(line));
  if (problem) throw invalid(problem, { quantity: problem });
}
