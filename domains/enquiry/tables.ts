import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  json,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { users } from '#domains/account/tables.ts';
import type { OptionSnapshot } from '#domains/cart/tables.ts';
import type { EnquiryStatus } from '#domains/enquiry/model.ts';
import type { PriceBasis } from '#domains/pricing/model.ts';
import type { Language } from '#lib/language.ts';
import { parentKey } from '#platform/db/columns.ts';
import { sessions } from '#platform/session/tables.ts';

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    status: text('status').$type<EnquiryStatus>().notNull().default('pending'),
    seen: boolean('seen').notNull().default(false),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone'),
    deliveryLocation: text('delivery_location').notNull(),
    shippingAddress: json('shipping_address').$type<{ street: string; city: string; state: string; zipCode: string }>(),
    specialRequests: text('special_requests'),
    /** The business's GSTIN as the checkout read it (capitals, no spaces); null when none was given. */
    customerGstin: text('customer_gstin'),
    /** The business's name as the checkout took it (the quote's billing name starts from it); null when none was given. */
    customerBusinessName: text('customer_business_name'),
    subtotal: numeric('subtotal', { precision: 12, scale: 2 }).notNull(),
    tax: numeric('tax', { precision: 12, scale: 2 }).notNull(),
    total: numeric('total', { precision: 12, scale: 2 }).notNull(),
    isGuest: boolean('is_guest').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    sessionId: text('session_id'),
    /** The visitor session that sent it. */
    visitorSessionId: integer('visitor_session_id').references(() => sessions.id, { onDelete: 'set null' }),
    /**
     * A checkout attempt's key, unique within the visitor session that sent it (another session's same key is
     * another request), with the SHA-256 of the enquiry as sent: a repeat must ask for the same enquiry.
     */
    idempotencyKey: text('idempotency_key'),
    idempotencyFingerprint: text('idempotency_fingerprint'),
    /**
     * The customer's private status page: the SHA-256 of its link's token, which is made from the enquiry's id
     * and `statusLinkVersion` with a key of the app secret (domains/enquiry/status-links.server.ts). Null when
     * the staff revoked the link; a new link takes the next version.
     */
    statusTokenHash: text('status_token_hash'),
    statusLinkVersion: integer('status_link_version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The customer the enquiry belongs to (see `customers`): set by the database as the row is written, never by
     * the app.
     */
    customerId: integer('customer_id'),
    /** The language the customer sent it in ('en', 'ml'): their e-mails and documents are written in it. */
    language: text('language').$type<Language>().notNull().default('en'),
  },
  (t) => [
    uniqueIndex('orders_session_idempotency_idx').on(t.visitorSessionId, t.idempotencyKey),
    uniqueIndex('orders_status_token_idx').on(t.statusTokenHash),
    // 'My enquiries': a customer's own, newest first.
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    // The admin's Unseen / Seen tabs and status filter, newest first.
    index('orders_seen_created_idx').on(t.seen, t.createdAt),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    // The newest unseen enquiry (the dashboard's new-enquiry alert) without reading the seen ones.
    index('orders_unseen_id_idx')
      .on(t.id)
      .where(sql`not ${t.seen}`),
    // The admin's search finds any part of a name, an e-mail or a phone number (ILIKE '%…%' uses these).
    index('orders_name_trgm_idx').using('gin', sql`${t.customerName} gin_trgm_ops`),
    index('orders_email_trgm_idx').using('gin', sql`${t.customerEmail} gin_trgm_ops`),
    index('orders_phone_trgm_idx').using('gin', sql`${t.customerPhone} gin_trgm_ops`),
    // A customer's enquiries.
    index('orders_customer_idx').on(t.customerId, t.id),
  ],
);

/**
 * Enquiries per day (India time) and, per day and product, the enquiries that asked for it and the cartons asked
 * for: the dashboard's chart and top products read at most a month of these rows, however many enquiries there are.
 * Kept exact by triggers on orders and order_items (the migration that made these tables).
 */
export const enquiryDays = pgTable('enquiry_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  enquiries: integer('enquiries').notNull(),
});

export const enquiryDayProducts = pgTable(
  'enquiry_day_products',
  {
    day: date('day', { mode: 'string' }).notNull(),
    productId: integer('product_id').notNull(),
    /** The greatest of the names its lines were sent with (a renamed product keeps one row). */
    productName: text('product_name').notNull(),
    enquiries: integer('enquiries').notNull(),
    cartons: bigint('cartons', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.productId] })],
);

/** A snapshot of each line as the catalogue priced it when the enquiry was sent. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: parentKey('order_id', () => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    productName: text('product_name').notNull(),
    quantity: integer('quantity').notNull(),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    variationId: integer('variation_id'),
    variationName: text('variation_name'),
    variationType: text('variation_type'),
    variationValue: text('variation_value'),
    /** Every chosen option, in the product's type order. */
    options: json('options').$type<OptionSnapshot[]>().notNull().default([]),
    unitsPerCarton: integer('units_per_carton').notNull(),
    unitType: text('unit_type').notNull(),
    pricePerUnit: numeric('price_per_unit', { precision: 10, scale: 2 }).notNull(),
    cartonWeight: numeric('carton_weight', { precision: 8, scale: 2 }),
    cartonDimensions: text('carton_dimensions'),
    lineTotal: numeric('line_total', { precision: 12, scale: 2 }).notNull(),
    /** Why the line cost its price when it was sent; null on lines sent before it was kept (the catalogue's price). */
    priceBasis: jsonb('price_basis').$type<PriceBasis>(),
    position: integer('position').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId, t.position)],
);
