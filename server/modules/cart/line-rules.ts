import { inArray } from 'drizzle-orm';
import { MAX_QUANTITY_WITHOUT_VARIATION } from '../../../core/constants.ts';
import type { Db } from '../../db/client.ts';
import { products, productVariations } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http/errors.ts';

export type ProductRow = typeof products.$inferSelect;
export type VariationRow = typeof productVariations.$inferSelect;
type Reader = Pick<Db, 'select'>;

export interface OrderableLine {
  product: ProductRow;
  variation: VariationRow | null;
  /** Most cartons one line may hold. */
  max: number;
}

export interface LineRequest {
  productId: number;
  variationId?: number | null;
}

/**
 * The rules every cart line and enquiry line obeys, read from the database (never from the browser):
 * the product exists and is in stock; a product with variations names an active one of its own
 * that is in stock; the ceiling is that variation's stock, or 999 without one.
 */
export async function orderableLines(db: Reader, requests: readonly LineRequest[]): Promise<OrderableLine[]> {
  const productIds = [...new Set(requests.map((r) => r.productId))];
  const variationIds = [...new Set(requests.flatMap((r) => (r.variationId ? [r.variationId] : [])))];
  const [productRows, variationRows] = await Promise.all([
    productIds.length ? db.select().from(products).where(inArray(products.id, productIds)) : [],
    variationIds.length ? db.select().from(productVariations).where(inArray(productVariations.id, variationIds)) : [],
  ]);
  const productById = new Map(productRows.map((p) => [p.id, p]));
  const variationById = new Map(variationRows.map((v) => [v.id, v]));
  return requests.map((request) => checkLine(request, productById.get(request.productId), request.variationId ? variationById.get(request.variationId) : undefined));
}

function checkLine(request: LineRequest, product: ProductRow | undefined, variation: VariationRow | undefined): OrderableLine {
  if (!product) throw notFound(`Product ${request.productId} not found`);
  if (!product.inStock) throw new HttpError(409, `${product.name} is out of stock`);
  if (!request.variationId) {
    if (product.hasVariations) throw new HttpError(400, `Choose the options of ${product.name} first`, { variationId: 'Required for this product' });
    return { product, variation: null, max: MAX_QUANTITY_WITHOUT_VARIATION };
  }
  if (!variation || variation.productId !== product.id) throw notFound(`Option ${request.variationId} of ${product.name} not found`);
  const label = `${product.name} (${variation.name}: ${variation.value})`;
  if (!variation.isActive) throw new HttpError(409, `${label} is no longer available`);
  if (variation.stockQuantity < 1) throw new HttpError(409, `${label} is out of stock`);
  return { product, variation, max: Math.min(variation.stockQuantity, MAX_QUANTITY_WITHOUT_VARIATION) };
}

export function checkQuantity(line: OrderableLine, quantity: number): void {
  if (quantity > line.max) {
    const what = line.variation ? `${line.product.name} (${line.variation.value})` : line.product.name;
    throw new HttpError(409, `Only ${line.max} cartons of ${what} can be ordered`, { quantity: `At most ${line.max}` });
  }
}
