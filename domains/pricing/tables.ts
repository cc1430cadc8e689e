import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import { products, productVariations } from '#domains/catalogue/tables.ts';
import type { PriceBreak, PriceGroupKind } from '#domains/pricing/model.ts';
import { parentKey } from '#platform/db/columns.ts';

/**
 * The price groups the shop names (Distributor, Caterer, Retail…): a percentage off the catalogue's prices and breaks,
 * or prices of the group's own (`price_group_prices`). docs/decisions/511-trade-prices-minimums-steps-and-breaks.md.
 */
export const priceGroups = pgTable(
  'price_groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind').$type<PriceGroupKind>().notNull(),
    /** A percentage group's percentage off (more than 0, less than 100); null for a group of its own prices. */
    percentOff: numeric('percent_off', { precision: 5, scale: 2 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('price_groups_name_idx').on(sql`lower(${t.name})`),
    check(
      'price_groups_terms_check',
      sql`(${t.kind} = 'percent' and ${t.percentOff} > 0 and ${t.percentOff} < 100) or (${t.kind} = 'prices' and ${t.percentOff} is null)`,
    ),
  ],
);

/** A 'prices' group's own carton price of a product (variation null) or of one pricing option, with its own breaks. */
export const priceGroupPrices = pgTable(
  'price_group_prices',
  {
    id: serial('id').primaryKey(),
    groupId: parentKey('group_id', () => priceGroups.id, { onDelete: 'cascade' }),
    productId: parentKey('product_id', () => products.id, { onDelete: 'cascade' }),
    variationId: integer('variation_id').references(() => productVariations.id, { onDelete: 'cascade' }),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    priceBreaks: jsonb('price_breaks').$type<PriceBreak[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex('price_group_prices_line_idx').on(t.groupId, t.productId, sql`coalesce(${t.variationId}, 0)`),
    check('price_group_prices_price_non_negative', sql`${t.price} >= 0`),
  ],
);

/**
 * Which group a customer is in, by each of the customer's e-mail and phone keys (customer_keys' keys, as reminder
 * stops are): a customer record joined later by a shared address keeps it.
 */
export const priceGroupMembers = pgTable(
  'price_group_members',
  {
    key: text('key').primaryKey(),
    groupId: parentKey('group_id', () => priceGroups.id, { onDelete: 'cascade' }),
    assignedBy: text('assigned_by').notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('price_group_members_group_idx').on(t.groupId)],
);
