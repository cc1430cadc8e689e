import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import { users } from '#domains/account/tables.ts';
import { products, productVariations } from '#domains/catalogue/tables.ts';
import { parentKey } from '#platform/db/columns.ts';
import { sessions } from '#platform/session/tables.ts';

/** A chosen option as an enquiry line keeps it. */
export interface OptionSnapshot {
  type: string;
  name: string;
  value: string;
}

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    /** A guest's cart belongs to the session, a signed-in customer's to the account. */
    sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    productId: parentKey('product_id', () => products.id, { onDelete: 'cascade' }),
    /** The pricing option (see domains/catalogue/variations.ts). */
    variationId: integer('variation_id').references(() => productVariations.id, { onDelete: 'cascade' }),
    /** Every chosen option, one per variation type, ascending ([] without variations). */
    optionIds: jsonb('option_ids').$type<number[]>().notNull().default([]),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One line per product and set of chosen options in a cart (no variation counts as variation 0).
    uniqueIndex('cart_items_line_idx').on(
      sql`coalesce(${t.sessionId}, 0)`,
      sql`coalesce(${t.userId}, 0)`,
      t.productId,
      sql`coalesce(${t.variationId}, 0)`,
      t.optionIds,
    ),
    index('cart_items_user_idx').on(t.userId),
    // A guest's lines, read on every page they open (the line index above is by coalesce, which no lookup by session uses).
    index('cart_items_session_idx').on(t.sessionId),
    check('cart_items_quantity_positive', sql`${t.quantity} >= 1`),
    check('cart_items_one_owner', sql`(${t.sessionId} is null) <> (${t.userId} is null)`),
  ],
);
