import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { CartItem } from '../../../core/enquiry.ts';
import type { Db } from '../../db/client.ts';
import { cartItems, products, productVariations } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { checkQuantity, orderableLines } from './line-rules.ts';

const NOT_IN_CART = 'This item is not in your enquiry cart';

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
    }));
  }

  /** Adds cartons; an existing line of the same product and variation grows. */
  async add(sessionId: number, input: { productId: number; variationId?: number | null; quantity: number }): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [line] = await orderableLines(tx, [input]);
      if (!line) return;
      const variationId = line.variation?.id ?? null;
      const [existing] = await tx
        .select({ id: cartItems.id, quantity: cartItems.quantity })
        .from(cartItems)
        .where(lineOf(sessionId, input.productId, variationId))
        .for('update');
      const quantity = (existing?.quantity ?? 0) + input.quantity;
      checkQuantity(line, quantity);
      if (existing) {
        await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, existing.id));
        return;
      }
      const inserted = await tx
        .insert(cartItems)
        .values({ sessionId, productId: input.productId, variationId, quantity })
        .onConflictDoNothing()
        .returning({ id: cartItems.id });
      if (inserted.length === 0) {
        // A concurrent add of the same line won the insert: add to it, still within the ceiling.
        const [grown] = await tx
          .update(cartItems)
          .set({ quantity: sql`${cartItems.quantity} + ${input.quantity}` })
          .where(and(lineOf(sessionId, input.productId, variationId), sql`${cartItems.quantity} + ${input.quantity} <= ${line.max}`))
          .returning({ id: cartItems.id });
        if (!grown) checkQuantity(line, line.max + 1);
      }
    });
  }

  /** Sets a line's cartons; 0 removes it. */
  async setQuantity(sessionId: number, productId: number, variationId: number | null, quantity: number): Promise<void> {
    if (quantity === 0) return this.remove(sessionId, productId, variationId);
    await this.db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: cartItems.id }).from(cartItems).where(lineOf(sessionId, productId, variationId)).for('update');
      if (!existing) throw new HttpError(404, NOT_IN_CART);
      const [line] = await orderableLines(tx, [{ productId, variationId }]);
      if (line) checkQuantity(line, quantity);
      await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, existing.id));
    });
  }

  async remove(sessionId: number, productId: number, variationId: number | null): Promise<void> {
    const removed = await this.db.delete(cartItems).where(lineOf(sessionId, productId, variationId)).returning({ id: cartItems.id });
    if (removed.length === 0) throw new HttpError(404, NOT_IN_CART);
  }

  async clear(sessionId: number): Promise<void> {
    await this.db.delete(cartItems).where(eq(cartItems.sessionId, sessionId));
  }
}

function lineOf(sessionId: number, productId: number, variationId: number | null) {
  return and(
    eq(cartItems.sessionId, sessionId),
    eq(cartItems.productId, productId),
    variationId === null ? isNull(cartItems.variationId) : eq(cartItems.variationId, variationId),
  );
}
