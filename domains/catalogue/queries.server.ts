import { asc, count, inArray, sql } from 'drizzle-orm';

import type { ProductRow, VariationRow } from '#domains/catalogue/service.server.ts';
import { products, productVariations } from '#domains/catalogue/tables.ts';
import type { Db } from '#platform/db/client.ts';
import { rowsWithIds } from '#platform/db/rows-with-ids.ts';

// The catalogue's rows as they stand in the database, for the concepts that check or repeat lines against them inside
// their own transactions (the catalogue service's copy in memory may be a moment old).
type Reader = Pick<Db, 'select'>;

/** These products' rows, in no particular order. */
export const productRowsOf = (db: Reader, productIds: readonly number[]): Promise<ProductRow[]> =>
  rowsWithIds(db, products, productIds);

/** Every option of these products, active or not, in the staff's order. */
export async function optionsOf(db: Reader, productIds: readonly number[]): Promise<VariationRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select()
    .from(productVariations)
    .where(inArray(productVariations.productId, [...productIds]))
    .orderBy(asc(productVariations.sortOrder), asc(productVariations.id));
}

/** These options' rows (of any product), in no particular order. */
export const variationRowsOf = (db: Reader, variationIds: readonly number[]): Promise<VariationRow[]> =>
  rowsWithIds(db, productVariations, variationIds);

/** How many products the catalogue has, and how many of them are in stock. */
export async function productCounts(db: Reader): Promise<{ total: number; inStock: number } | undefined> {
  const [row] = await db
    .select({ total: count(), inStock: sql<number>`count(*) filter (where ${products.inStock})`.mapWith(Number) })
    .from(products);
  return row;
}
