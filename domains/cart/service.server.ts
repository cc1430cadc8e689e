import { and, asc, eq, isNull, notExists, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

import { fullySignedIn } from '#domains/account/model.ts';
import type { CartItem } from '#domains/cart/model.ts';
import { cartItems } from '#domains/cart/tables.ts';
import { MAX_QUANTITY_WITHOUT_VARIATION } from '#domains/catalogue/categories.ts';
import { packingOf } from '#domains/catalogue/model.ts';
import type { CatalogueService } from '#domains/catalogue/service.server.ts';
import { inTypeOrder, sameOptionIds } from '#domains/catalogue/variations.ts';
import { linePricesFor, type PriceGroupTerms } from '#domains/pricing/model.ts';
import { notFound } from '#lib/errors.ts';
import type { Language } from '#lib/language.ts';
import type { Db } from '#platform/db/client.ts';
import type { VisitorSession } from '#platform/session/service.ts';

import { checkCartonRule, checkQuantity, enquirableLines } from './line-rules.server.ts';

const NOT_IN_CART = 'This item is not in your enquiry cart';
/** What changing or removing a line of a cart that does not hold it answers. */
export const notInCart = () => notFound(NOT_IN_CART);
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The session whose id is `sessionId` holds no cart line: the sessions' purge (server/services.ts gives it this). */
export const holdsNoCart = (db: Pick<Db, 'select'>, sessionId: AnyPgColumn): SQL =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(cartItems)
      .where(eq(cartItems.sessionId, sessionId)),
  );

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

/** A guest's cart belongs to the session; a signed-in customer's to the account, across sessions and devices. */
export type CartOwner = { sessionId: number } | { userId: number };

/** The enquiry cart of a visitor, kept on the server. */
export class CartService {
  /** A cart's lines, prepared once: the statement every page of a visitor with a cart runs. */
  private readonly linesOfUser;
  private readonly linesOfSession;

  constructor(
    private readonly db: Db,
    private readonly catalogue: Pick<CatalogueService, 'lineCatalogue'>,
    /** The price group terms a signed-in account is priced by (null: the public prices). */
    private readonly termsOfUser: (userId: number) => Promise<PriceGroupTerms | null> = async () => null,
  ) {
    const lines = (column: typeof cartItems.userId | typeof cartItems.sessionId, name: string) =>
      db
        .select({
          id: cartItems.id,
          productId: cartItems.productId,
          variationId: cartItems.variationId,
          optionIds: cartItems.optionIds,
          quantity: cartItems.quantity,
        })
        .from(cartItems)
        .where(eq(column, sql.placeholder('owner')))
        .orderBy(asc(cartItems.id))
        .prepare(name);
    this.linesOfUser = lines(cartItems.userId, 'cart_lines_of_user');
    this.linesOfSession = lines(cartItems.sessionId, 'cart_lines_of_session');
  }

  /** Whose cart a session sees: the account's once fully signed in (not while a code is pending). */
  ownerOf(session: Pick<VisitorSession, 'id' | 'user' | 'twoFactorPending'>): CartOwner {
    const user = fullySignedIn(session.user, session.twoFactorPending);
    return user ? { userId: user.id } : { sessionId: session.id };
  }

  /**
   * The owner's lines, priced for them: by `terms` when the caller has read them already, else by their own. Only the
   * lines come from the database; their products and options from the catalogue in memory (every process drops it on a
   * product's change), so a page with a cart costs one short read. Its products are named in `language` (a Malayalam
   * page's cart in Malayalam).
   */
  async list(owner: CartOwner, known?: PriceGroupTerms | null, language: Language = 'en'): Promise<CartItem[]> {
    const terms = known !== undefined ? known : 'userId' in owner ? this.termsOfUser(owner.userId) : null;
    const [rows, catalogue, group] = await Promise.all([
      'userId' in owner
        ? this.linesOfUser.execute({ owner: owner.userId })
        : this.linesOfSession.execute({ owner: owner.sessionId }),
      this.catalogue.lineCatalogue(language),
      terms,
    ]);
    return rows.flatMap((item) => {
      const product = catalogue.product(item.productId);
      if (!product) return [];
      const options = catalogue.options(item.productId);
      const variation = item.variationId === null ? null : (options.find((v) => v.id === item.variationId) ?? null);
      return [
        {
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
            minCartons: product.minCartons,
            cartonStep: product.cartonStep,
          },
          variation: variation && {
            name: variation.name,
            type: variation.type,
            value: variation.value,
            price: variation.price,
            stockQuantity: variation.stockQuantity,
            ...packingOf(variation),
          },
          optionIds: item.optionIds,
          options: inTypeOrder(item.optionIds.length > 0 ? options : [], item.optionIds).map(
            ({ id, type, name, value, stockQuantity }) => ({ id, type, name, value, stockQuantity }),
          ),
          prices: linePricesFor(product, variation, group),
        },
      ];
    });
  }

  /**
   * Adds cartons; an existing line of the same product and options grows. With `atLeast` the line holds at least
   * `quantity` cartons instead, a line already holding as many is left as it is ('Enquire again'): answers whether
   * the cart changed.
   */
  async add(
    owner: CartOwner,
    input: { productId: number; variationId?: number | null; optionIds?: number[] | null; quantity: number },
    { atLeast = false, language = 'en' }: { atLeast?: boolean; language?: Language } = {},
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [line] = await enquirableLines(tx, [input], language);
      if (!line) return false;
      const variationId = line.variation?.id ?? null;
      const { optionIds } = line;
      const [existing] = await tx
        .select({ id: cartItems.id, quantity: cartItems.quantity })
        .from(cartItems)
        .where(and(sameProduct(owner, input.productId, variationId), sameOptions(optionIds)))
        .for('update');
      const had = existing?.quantity ?? 0;
      if (atLeast && had >= input.quantity) return false;
      const quantity = atLeast ? input.quantity : had + input.quantity;
      checkCartonRule(line, quantity);
      checkQuantity(line, quantity);
      if (existing) {
        await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, existing.id));
        return true;
      }
      const inserted = await tx
        .insert(cartItems)
        .values({ ...ownerColumns(owner), productId: input.productId, variationId, optionIds, quantity })
        .onConflictDoNothing()
        .returning({ id: cartItems.id });
      if (inserted.length === 0) {
        // A concurrent add of the same line won the insert: add to it (or raise it), still within the ceiling.
        const next = atLeast
          ? sql`greatest(${cartItems.quantity}, ${input.quantity})`
          : sql`${cartItems.quantity} + ${input.quantity}`;
        const [grown] = await tx
          .update(cartItems)
          .set({ quantity: next })
          .where(and(sameProduct(owner, input.productId, variationId), sameOptions(optionIds), sql`${next} <= ${line.max}`))
          .returning({ id: cartItems.id });
        if (!grown) checkQuantity(line, line.max + 1);
      }
      return true;
    });
  }

  /** Sets a line's cartons; 0 removes it. */
  async setQuantity(owner: CartOwner, address: LineAddress, quantity: number, language: Language = 'en'): Promise<void> {
    if (quantity === 0) return this.remove(owner, address);
    await this.db.transaction(async (tx) => {
      const existing = await findLine(tx, owner, address);
      if (!existing) throw notInCart();
      const [line] = await enquirableLines(
        tx,
        [{ productId: address.productId, variationId: address.variationId, optionIds: existing.optionIds }],
        language,
      );
      if (line) {
        checkCartonRule(line, quantity);
        checkQuantity(line, quantity);
      }
      await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, existing.id));
    });
  }

  async remove(owner: CartOwner, address: LineAddress): Promise<void> {
    await this.db.transaction(async (tx) => {
      const existing = await findLine(tx, owner, address);
      if (!existing) throw notInCart();
      await tx.delete(cartItems).where(eq(cartItems.id, existing.id));
    });
  }

  async clear(owner: CartOwner): Promise<void> {
    await this.db.delete(cartItems).where(ownedBy(owner));
  }

  /**
   * At sign-in the guest's lines join the account's cart: a line the account already has grows (up to the
   * per-line ceiling; stock is checked again when the enquiry is sent), the others move over.
   */
  async mergeIntoAccount(sessionId: number, userId: number, tx?: Tx): Promise<void> {
    const run = async (t: Tx) => {
      const guestLines = await t.select().from(cartItems).where(eq(cartItems.sessionId, sessionId)).for('update');
      for (const line of guestLines) {
        const [same] = await t
          .select({ id: cartItems.id, quantity: cartItems.quantity })
          .from(cartItems)
          .where(and(sameProduct({ userId }, line.productId, line.variationId), sameOptions(line.optionIds)))
          .for('update');
        if (same) {
          const quantity = Math.min(same.quantity + line.quantity, MAX_QUANTITY_WITHOUT_VARIATION);
          await t.update(cartItems).set({ quantity }).where(eq(cartItems.id, same.id));
          await t.delete(cartItems).where(eq(cartItems.id, line.id));
        } else {
          await t.update(cartItems).set({ sessionId: null, userId }).where(eq(cartItems.id, line.id));
        }
      }
    };
    await (tx ? run(tx) : this.db.transaction(run));
  }
}

function ownedBy(owner: CartOwner) {
  return 'userId' in owner ? eq(cartItems.userId, owner.userId) : eq(cartItems.sessionId, owner.sessionId);
}

function ownerColumns(owner: CartOwner) {
  return 'userId' in owner ? { userId: owner.userId, sessionId: null } : { sessionId: owner.sessionId, userId: null };
}

/** The addressed line, locked for the transaction. */
async function findLine(tx: Tx, owner: CartOwner, { productId, variationId, optionIds }: LineAddress) {
  const candidates = await tx
    .select({ id: cartItems.id, optionIds: cartItems.optionIds })
    .from(cartItems)
    .where(sameProduct(owner, productId, variationId))
    .for('update');
  if (optionIds) return candidates.find((c) => sameOptionIds(c.optionIds, optionIds));
  const plain = variationId === null ? [] : [variationId];
  return candidates.find((c) => sameOptionIds(c.optionIds, plain)) ?? (candidates.length === 1 ? candidates[0] : undefined);
}

function sameProduct(owner: CartOwner, productId: number, variationId: number | null) {
  return and(
    ownedBy(owner),
    eq(cartItems.productId, productId),
    variationId === null ? isNull(cartItems.variationId) : eq(cartItems.variationId, variationId),
  );
}

const sameOptions = (optionIds: readonly number[]) => sql`${cartItems.optionIds} = ${JSON.stringify(optionIds)}::jsonb`;
