import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CartItem } from '../../../core/enquiry.ts';
import { inTypeOrder, sameOptionIds } from '../../../core/variations.ts';
import type { Db } from '../../db/client.ts';
import { cartItems, products, productVariations } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { checkQuantity, orderableLines } from './line-rules.ts';

const NOT_IN_CART = 'This item is not in your enquiry cart';
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A line as PUT and DELETE address it: product, pricing option and, to tell apart lines that differ only in
 * their other options, every option id (ascending). Without `optionIds`: the line whose options are just its
 * pricing option, else the only line of that product and pricing option.
 */
export interface LineAddress {
  productId: number;
  variationId: number | null;
  optionIds?: readonly number[] | null;
}

/** The enquiry cart of a visitor session, kept on the server. */
export class CartService {
  constructor(private readonly db: Db) {}

  async list(sessionId: number): Promise<CartItem[]> {
    const rows = await this.db
      .select({ item: cartItems, product: products, variation: productVariations })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .leftJoin(productVariations, eq(productVariations.id, cartItems.variationId))
      .where(eq(cartItems.sessionId, sessionId))
      .orderBy(asc(cartItems.id));
    const productIds = [...new Set(rows.filter((r) => r.item.optionIds.length > 0).map((r) => r.item.productId))];
    const variations = productIds.length
      ? await this.db
          .select({ id: productVariations.id, productId: productVariations.productId, type: productVariations.type, name: productVariations.name, value: productVariations.value })
          .from(productVariations)
          .where(inArray(productVariations.productId, productIds))
          .orderBy(asc(productVariations.sortOrder), asc(productVariations.id))
      : [];
    return rows.map(({ item, product, variation }) => ({
      id: item.id,
      productId: item.productId,
      variationId: item.variationId,
      quantity: item.quantity,
      product: {
        name: product.name,
        price: product.price,
        description: product.description,
        imageUrl: product.imageUrl,
        unitsPerCarton: product.unitsPerCarton,
        unitType: product.unitType,
        cartonWeight: product.cartonWeight,
        cartonDimensions: product.cartonDimensions,
        inStock: product.inStock,
      },
      variation: variation && {
        name: variation.name,
        type: variation.type,
        value: variation.value,
        price: variation.price,
        stockQuantity: variation.stockQuantity,
        unitsPerCarton: variation.unitsPerCarton,
        unitType: variation.unitType,
        cartonWeight: variation.cartonWeight,
        cartonDimensions: variation.cartonDimensions,
      },
      optionIds: item.optionIds,
      options: inTypeOrder(
        variations.filter((v) => v.productId === item.productId),
        item.optionIds,
      ).map(({ id, type, name, value }) => ({ id, type, name, value })),
    }));
  }

  /** Adds cartons; an existing line of the same product and options grows. */
  async add(
    sessionId: number,
    input: { productId: number; variationId?: number | null; optionIds?: number[] | null; quantity: number },
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [line] = await orderableLines(tx, [input]);
      if (!line) return;
      const variationId = line.variation?.id ?? null;
      const { optionIds } = line;
      const [existing] = await tx
        .select({ id: cartItems.id, quantity: cartItems.quantity })
        .from(cartItems)
        .where(and(sameProduct(sessionId, input.productId, variationId), sameOptions(optionIds)))
        .for('update');
      const quantity = (existing?.quantity ?? 0) + input.quantity;
      checkQuantity(line, quantity);
      if (existing) {
        await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, existing.id));
        return;
      }
      const inserted = await tx
        .insert(cartItems)
        .values({ sessionId, productId: input.productId, variationId, optionIds, quantity })
        .onConflictDoNothing()
        .returning({ id: cartItems.id });
      if (inserted.length === 0) {
        // A concurrent add of the same line won the insert: add to it, still within the ceiling.
        const [grown] = await tx
          .update(cartItems)
          .set({ quantity: sql`${cartItems.quantity} + ${input.quantity}` })
          .where(
            and(
              sameProduct(sessionId, input.productId, variationId),
              sameOptions(optionIds),
              sql`${cartItems.quantity} + ${input.quantity} <= ${line.max}`,
            ),
          )
          .returning({ id: cartItems.id });
        if (!grown) checkQuantity(line, line.max + 1);
      }
    });
  }

  /** Sets a line's cartons; 0 removes it. */
  async setQuantity(sessionId: number, address: LineAddress, quantity: number): Promise<void> {
    if (quantity === 0) return this.remove(sessionId, address);
    await this.db.transaction(async (tx) => {
      const existing = await findLine(tx, sessionId, address);
      if (!existing) throw new HttpError(404, NOT_IN_CART);
      const [line] = await orderableLines(tx, [{ productId: address.productId, variationId: address.variationId, optionIds: existing.optionIds }]);
      if (line) checkQuantity(line, quantity);
      await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, existing.id));
    });
  }

  async remove(sessionId: number, address: LineAddress): Promise<void> {
    await this.db.transaction(async (tx) => {
      const existing = await findLine(tx, sessionId, address);
      if (!existing) throw new HttpError(404, NOT_IN_CART);
      await tx.delete(cartItems).where(eq(cartItems.id, existing.id));
    });
  }

  async clear(sessionId: number): Promise<void> {
    await this.db.delete(cartItems).where(eq(cartItems.sessionId, sessionId));
  }
}

/** The addressed line, locked for the transaction. */
async function findLine(tx: Tx, sessionId: number, { productId, variationId, optionIds }: LineAddress) {
  const candidates = await tx
    .select({ id: cartItems.id, optionIds: cartItems.optionIds })
    .from(cartItems)
    .where(sameProduct(sessionId, productId, variationId))
    .for('update');
  if (optionIds) return candidates.find((c) => sameOptionIds(c.optionIds, optionIds));
  const plain = variationId === null ? [] : [variationId];
  return candidates.find((c) => sameOptionIds(c.optionIds, plain)) ?? (candidates.length === 1 ? candidates[0] : undefined);
}

function sameProduct(sessionId: number, productId: number, variationId: number | null) {
  return and(
    eq(cartItems.sessionId, sessionId),
    eq(cartItems.productId, productId),
    variationId === null ? isNull(cartItems.variationId) : eq(cartItems.variationId, variationId),
  );
}

const sameOptions = (optionIds: readonly number[]) => sql`${cartItems.optionIds} = ${JSON.stringify(optionIds)}::jsonb`;
