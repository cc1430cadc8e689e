import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import { products, productVariations } from '#domains/catalogue/tables.ts';
import type { PriceBreak, PriceGroupKind } from '#domains/pricing/model.ts';
import { parentKey } from '#platform/db/columns.ts';

/**
 * The shop's customers, found from the enquiries (nobody signs up to enquire): enquiries sharing an e-mail address (in
 * any case) or a phone number (its 10 national digits) are one customer, and so is any chain of them. A customer's id
 * is the id of their first enquiry. Kept by the database itself as enquiries are written, changed or deleted
 * (triggers on orders, in the migration that made this table; 312-customers.md), so the list is a page of an index
 * however many enquiries there are.
 */
export const customers = pgTable(
  'customers',
  {
    id: integer('id').primaryKey(),
    /** When their latest enquiry was sent: the list shows who enquired last first. */
    lastEnquiryAt: timestamp('last_enquiry_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('customers_last_enquiry_idx').on(t.lastEnquiryAt, t.id)],
);

/**
 * What joins enquiries into a customer: each e-mail key ('e:' and the address in small letters) and phone key ('p:'
 * and the 10 national digits) any enquiry was sent with, the customer it belongs to, and the first enquiry that used it.
 */
export const customerKeys = pgTable(
  'customer_keys',
  {
    key: text('key').primaryKey(),
    customerId: integer('customer_id').notNull(),
    orderId: integer('order_id').notNull(),
  },
  (t) => [index('customer_keys_customer_idx').on(t.customerId, t.orderId)],
);

/**
 * What the staff keep about a customer (how they like to be called, credit terms agreed): one note per customer,
 * filed under the e-mail of their first enquiry (a customer is the enquiries joined by e-mail and phone, so the note
 * follows the person whichever of their addresses a later enquiry used).
 */
export const customerNotes = pgTable('customer_notes', {
  /** Lowercased. */
  email: text('email').primaryKey(),
  note: text('note').notNull(),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

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
