import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
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

import type { PanelRole, Role } from '#domains/account/model.ts';
import type { BankCreditMethod, BankCreditSettlement, BankId } from '#domains/bank/model.ts';
import { DEFAULT_RATING } from '#domains/catalogue/categories.ts';
import type { EnquiryStatus } from '#domains/enquiry/model.ts';
import type { TransportMode } from '#domains/invoice/dispatch.ts';
import type { CreditNoteDocument, InvoiceDocument } from '#domains/invoice/model.ts';
import type { PaymentMethod } from '#domains/invoice/payments.ts';
import type { PriceBasis, PriceBreak, PriceGroupKind } from '#domains/pricing/model.ts';
import type { QuoteTotals, StoredQuoteStatus } from '#domains/quote/model.ts';
import type { HistorySection } from '#domains/settings/schema.ts';
import type { Issuer, TaxedLine } from '#domains/tax/document.ts';

/** A chosen option as an enquiry line keeps it. */
export interface OptionSnapshot {
  type: string;
  name: string;
  value: string;
}

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    originalPrice: numeric('original_price', { precision: 10, scale: 2 }),
    imageUrl: text('image_url').notNull().default(''),
    imageUrls: jsonb('image_urls').$type<string[]>().notNull().default([]),
    rating: numeric('rating', { precision: 2, scale: 1 }).notNull().default(DEFAULT_RATING),
    reviewCount: integer('review_count').notNull().default(0),
    inStock: boolean('in_stock').notNull().default(true),
    featured: boolean('featured').notNull().default(false),
    hasVariations: boolean('has_variations').notNull().default(false),
    stockQuantity: integer('stock_quantity'),
    unitsPerCarton: integer('units_per_carton').notNull().default(1),
    unitType: text('unit_type').notNull().default('pieces'),
    cartonWeight: numeric('carton_weight', { precision: 8, scale: 2 }),
    cartonDimensions: text('carton_dimensions'),
    specifications: json('specifications').$type<Record<string, string>>().notNull().default({}),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** For GST on quotes: the HSN code (4, 6 or 8 digits) and the rate in per cent (domains/tax/gst.ts GST_RATES). */
    hsnCode: text('hsn_code'),
    gstRate: integer('gst_rate').notNull().default(18),
    /** Sold in at least minCartons, in multiples of cartonStep (domains/catalogue/carton-rules.ts); 1 and 1: any quantity. */
    minCartons: integer('min_cartons').notNull().default(1),
    cartonStep: integer('carton_step').notNull().default(1),
    /** Cheaper carton prices from a number of cartons on, ascending (domains/pricing/model.ts). */
    priceBreaks: jsonb('price_breaks').$type<PriceBreak[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_price_non_negative', sql`${t.price} >= 0`),
    check('products_units_positive', sql`${t.unitsPerCarton} >= 1`),
    check('products_rating_range', sql`${t.rating} between 0 and 5`),
    check('products_carton_rule', sql`${t.minCartons} >= 1 and ${t.cartonStep} >= 1`),
  ],
);

export const productVariations = pgTable(
  'product_variations',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    value: text('value').notNull(),
    price: numeric('price', { precision: 10, scale: 2 }),
    originalPrice: numeric('original_price', { precision: 10, scale: 2 }),
    /** Cartons in stock; null when the shop does not count this option's stock (it is in stock). */
    stockQuantity: integer('stock_quantity'),
    unitsPerCarton: integer('units_per_carton'),
    unitType: text('unit_type'),
    cartonWeight: numeric('carton_weight', { precision: 8, scale: 2 }),
    cartonDimensions: text('carton_dimensions'),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /** Null: the product's minimum and step. */
    minCartons: integer('min_cartons'),
    cartonStep: integer('carton_step'),
    /** This option's own breaks; empty: the product's (domains/pricing/model.ts catalogueList). */
    priceBreaks: jsonb('price_breaks').$type<PriceBreak[]>().notNull().default([]),
  },
  (t) => [
    index('product_variations_product_idx').on(t.productId, t.sortOrder),
    check('product_variations_stock_non_negative', sql`${t.stockQuantity} >= 0`),
    check('product_variations_carton_rule', sql`${t.minCartons} >= 1 and ${t.cartonStep} >= 1`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    /** argon2id PHC string. */
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    role: text('role').$type<Role>().notNull().default('user'),
    /** The TOTP secret, encrypted with the app key; set by setup-2fa, in force once enabled. */
    twoFactorSecret: text('two_factor_secret'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    twoFactorVerified: boolean('two_factor_verified').notNull().default(false),
    /** The last TOTP time step accepted, so a code is never accepted twice. */
    lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last time the account was fully signed in (password and, when it has one, the code). */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /**
     * The last time every session of the account was ended at once (signed out everywhere, a new role, a reset): the
     * invitations it sent before then no longer work, as a compromised account's would not.
     */
    sessionsEndedAt: timestamp('sessions_ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_idx').on(sql`lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('user', 'staff', 'admin')`),
    // The panel's accounts list.
    index('users_role_idx').on(t.role),
  ],
);

/**
 * One-time links e-mailed to a colleague: an invitation to the panel (the account is made when it is accepted) or a
 * password reset an administrator started. Only the SHA-256 of the link's random token is kept; a link works once,
 * until it expires.
 */
export const accountLinks = pgTable(
  'account_links',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose').$type<'invite' | 'password-reset'>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** Where the link was sent. */
    email: text('email').notNull(),
    /** An invitation's name and role for the new account. */
    firstName: text('first_name'),
    role: text('role').$type<PanelRole>(),
    /** A password reset's account. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    check('account_links_purpose_check', sql`${t.purpose} in ('invite', 'password-reset')`),
    check('account_links_role_check', sql`${t.role} is null or ${t.role} in ('staff', 'admin')`),
    // One open invitation per address: inviting again replaces it.
    uniqueIndex('account_links_open_invite_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.purpose} = 'invite' and ${t.usedAt} is null`),
  ],
);

/** Single-use recovery codes for two-factor login; only their hashes are kept. */
export const backupCodes = pgTable(
  'backup_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('backup_codes_user_idx').on(t.userId)],
);

/** A visitor's session: only the SHA-256 of the cookie's random token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The signed-in account, if any. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** When the password was accepted (admin sessions end a fixed time after it). */
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }),
    /** Password accepted but the account's two-factor code not yet. */
    twoFactorPending: boolean('two_factor_pending').notNull().default(false),
    /** A two-factor code was accepted in this session. */
    twoFactorVerified: boolean('two_factor_verified').notNull().default(false),
  },
  (t) => [index('sessions_expires_idx').on(t.expiresAt), index('sessions_user_idx').on(t.userId)],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    /** A guest's cart belongs to the session, a signed-in customer's to the account. */
    sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
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
 * The shop's customers, found from the enquiries (nobody signs up to enquire): enquiries sharing an e-mail address (in
 * any case) or a phone number (its 10 national digits) are one customer, and so is any chain of them. A customer's id
 * is the id of their first enquiry. Kept by the database itself as enquiries are written, changed or deleted
 * (triggers on orders, in the migration that made this table; decision 484), so the list is a page of an index
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
 * How many enquiries and contact messages there are per status and seen: the admin lists' All / Unseen / Seen tabs and
 * the dashboard's totals read these few rows instead of counting the tables. Kept exact by the database itself
 * (triggers on orders and contact_messages, in the migration that made this table), so no write path can miss one.
 */
export const listCounts = pgTable(
  'list_counts',
  {
    /** 'orders', 'contacts' or 'customers' (whose rows all count as seen). */
    list: text('list').notNull(),
    /** The enquiry's status; '' for contact messages, which have none. */
    status: text('status').notNull(),
    seen: boolean('seen').notNull(),
    rows: bigint('rows', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.list, t.status, t.seen] })],
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
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
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

/**
 * A quote the staff sent for an enquiry. Never changed once sent, except for the customer's answer: a revised quote is
 * the next version, and the one before it is marked superseded. Amounts are integer paise inside `lines` and
 * `totals` (domains/quote/model.ts), fixed at sending.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** sent, accepted, declined, superseded or withdrawn (domains/quote/model.ts; expired is read from validUntil). */
    status: text('status').$type<StoredQuoteStatus>().notNull().default('sent'),
    lines: json('lines').$type<TaxedLine[]>().notNull(),
    delivery: integer('delivery_paise').notNull(),
    totals: json('totals').$type<QuoteTotals>().notNull(),
    /** The GST state code of the place of supply. */
    placeOfSupply: text('place_of_supply').notNull(),
    customerGstin: text('customer_gstin'),
    /** The billing party's legal name and address (Bill to); null: the customer's name, the delivery address. */
    billingName: text('billing_name'),
    billingAddress: text('billing_address'),
    /** The last day the quote can be accepted (IST). */
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    note: text('note'),
    sentBy: text('sent_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    /** The shop as it sent the quote (null: sent before the shop's details were settings, domains/settings/shop.ts EARLIER_ISSUER). */
    issuer: jsonb('issuer').$type<Issuer>(),
  },
  (t) => [
    uniqueIndex('quotes_order_version_idx').on(t.orderId, t.version),
    // At most one version of an enquiry's quote is accepted, and at most one waits for an answer.
    uniqueIndex('quotes_one_accepted_idx')
      .on(t.orderId)
      .where(sql`${t.status} = 'accepted'`),
    uniqueIndex('quotes_one_open_idx')
      .on(t.orderId)
      .where(sql`${t.status} = 'sent'`),
    // The staff's quote filter: waiting (by last day), accepted, declined.
    index('quotes_status_valid_idx').on(t.status, t.validUntil),
  ],
);

/**
 * The last serial handed out in each series of document numbers (invoices, credit notes) per financial year. The
 * issuing transaction counts it up and holds its row until it commits, so two staff issuing at the same moment, on
 * any number of processes, get consecutive numbers, and a failed issue gives its number back. A trigger refuses any
 * change but counting up by one, and deleting (its migration, `…_invoices.sql`).
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    /** 'invoice' or 'credit-note' (domains/invoice/document-numbers.ts). */
    series: text('series').notNull(),
    /** '2026-27'. */
    financialYear: text('financial_year').notNull(),
    lastSerial: integer('last_serial').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.series, t.financialYear] }),
    check('document_counters_serial_positive', sql`${t.lastSerial} >= 1`),
  ],
);

/** What every issued document (invoice, credit note) keeps: its number, when and by whom, and itself, whole. */
const issuedDocument = <Document>() => ({
  /** 'GL/2026-27/0001', 'CN/2026-27/0001'. */
  number: text('number').notNull(),
  financialYear: text('financial_year').notNull(),
  serial: integer('serial').notNull(),
  /** The document's date (IST): the GSTR-1 month it belongs to. */
  issuedOn: date('issued_on', { mode: 'string' }).notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  issuedBy: text('issued_by').notNull(),
  document: json('document').$type<Document>().notNull(),
  total: bigint('total_paise', { mode: 'number' }).notNull(),
});

/**
 * GST tax invoices, one per enquiry at most: the document as issued, whole (domains/invoice/model.ts), never changed or
 * deleted (a trigger refuses both); a correction is a credit note. The enquiry cannot be deleted once invoiced.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    ...issuedDocument<InvoiceDocument>(),
    /**
     * Issued to a registered buyer while e-invoicing was on: the customer is sent it once the portal's answer is
     * recorded (e_invoices).
     */
    heldForIrn: boolean('held_for_irn').notNull().default(false),
  },
  (t) => [
    uniqueIndex('invoices_order_idx').on(t.orderId),
    uniqueIndex('invoices_number_idx').on(t.number),
    uniqueIndex('invoices_serial_idx').on(t.financialYear, t.serial),
    index('invoices_issued_on_idx').on(t.issuedOn),
  ],
);

/** Credit notes, each taking back part or all of one invoice; their own number series; never changed or deleted. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    ...issuedDocument<CreditNoteDocument>(),
  },
  (t) => [
    uniqueIndex('credit_notes_number_idx').on(t.number),
    uniqueIndex('credit_notes_serial_idx').on(t.financialYear, t.serial),
    index('credit_notes_invoice_idx').on(t.invoiceId, t.id),
    index('credit_notes_issued_on_idx').on(t.issuedOn),
  ],
);

/**
 * The invoice registration portal's answer to an invoice or a credit note (credit_note_id set), as the staff pasted
 * it: written once; the cancellation's columns are filled once, within the portal's 24 hours, and never changed.
 */
export const eInvoices = pgTable(
  'e_invoices',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    creditNoteId: integer('credit_note_id').references(() => creditNotes.id),
    documentNumber: text('document_number').notNull(),
    irn: text('irn').notNull(),
    ackNo: text('ack_no').notNull(),
    /** The portal's time, 'YYYY-MM-DD HH:mm:ss' in India, as it gave it. */
    ackDate: text('ack_date').notNull(),
    signedInvoice: text('signed_invoice').notNull(),
    signedQrCode: text('signed_qr_code').notNull(),
    recordedBy: text('recorded_by').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    cancelDate: text('cancel_date'),
    cancelReason: text('cancel_reason'),
    cancelRemark: text('cancel_remark'),
    cancelRecordedBy: text('cancel_recorded_by'),
    cancelRecordedAt: timestamp('cancel_recorded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('e_invoices_document_idx').on(t.documentNumber),
    uniqueIndex('e_invoices_irn_idx').on(t.irn),
    index('e_invoices_invoice_idx').on(t.invoiceId),
  ],
);

/** Money the staff recorded as received against an invoice; never changed or deleted. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    amount: bigint('amount_paise', { mode: 'number' }).notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    method: text('method').$type<PaymentMethod>().notNull(),
    /** The UTR, cheque number…; null for cash. */
    reference: text('reference'),
    recordedBy: text('recorded_by').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('payments_invoice_idx').on(t.invoiceId, t.id),
    // The same transfer recorded twice (two staff, one statement) is refused.
    uniqueIndex('payments_reference_idx').on(t.invoiceId, t.method, t.reference),
    check('payments_amount_positive', sql`${t.amount} > 0`),
    check('payments_method_check', sql`${t.method} in ('upi', 'bank-transfer', 'cheque', 'cash')`),
  ],
);

/** Refunds paid out against an invoice paid beyond what its credit notes left owing; never changed or deleted. */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    amount: bigint('amount_paise', { mode: 'number' }).notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    method: text('method').$type<PaymentMethod>().notNull(),
    /** The UTR, cheque number…; null for cash. */
    reference: text('reference'),
    /** The staff's note (why, to which account). */
    note: text('note'),
    recordedBy: text('recorded_by').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('refunds_invoice_idx').on(t.invoiceId, t.id),
    uniqueIndex('refunds_reference_idx').on(t.invoiceId, t.method, t.reference),
    check('refunds_amount_positive', sql`${t.amount} > 0`),
    check('refunds_method_check', sql`${t.method} in ('upi', 'bank-transfer', 'cheque', 'cash')`),
  ],
);

/**
 * The credits of the bank statements the staff upload (domains/bank), each kept once by its key:
 * the bank, the day, the amount and the UTR, or a hash of its statement row when it has none.
 */
export const bankCredits = pgTable(
  'bank_credits',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    bank: text('bank').$type<BankId>().notNull(),
    bookedOn: date('booked_on', { mode: 'string' }).notNull(),
    amount: bigint('amount_paise', { mode: 'number' }).notNull(),
    narration: text('narration').notNull(),
    /** The UTR found in the row, normalised; null when the row has none. */
    reference: text('reference'),
    /** How the money came, as a payment records it; null for a credit that is neither UPI nor a bank transfer. */
    method: text('method').$type<BankCreditMethod>(),
    uploadedBy: text('uploaded_by').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
    /** Null while it waits for the staff; 'confirmed' once it became payments, 'already-recorded' when they were there. */
    settlement: text('settlement').$type<BankCreditSettlement>(),
    settledBy: text('settled_by'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bank_credits_key_idx').on(t.key),
    index('bank_credits_list_idx').on(t.bookedOn, t.id),
    index('bank_credits_reference_idx').on(t.reference),
    check('bank_credits_amount_positive', sql`${t.amount} > 0`),
    check('bank_credits_method_check', sql`${t.method} in ('upi', 'bank-transfer')`),
    check('bank_credits_settlement_check', sql`${t.settlement} in ('confirmed', 'already-recorded')`),
  ],
);

/** The payments a bank credit became (one, or one per invoice it was split over) or was found to be already. */
export const bankCreditPayments = pgTable(
  'bank_credit_payments',
  {
    creditId: integer('credit_id')
      .notNull()
      .references(() => bankCredits.id),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
  },
  (t) => [
    primaryKey({ name: 'bank_credit_payments_pk', columns: [t.creditId, t.paymentId] }),
    uniqueIndex('bank_credit_payments_payment_idx').on(t.paymentId),
  ],
);

/**
 * The answers of requests sent with an Idempotency-Key (platform/idempotency/keys.ts): a repeat with the same
 * key answers what the first did. A key is unique within its scope (the route it was used on); the fingerprint is the
 * SHA-256 of what the request asked, so the same key asking for something else is refused.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** The body of the first answer (its status is the route's one success status). */
    response: json('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotent_requests_created_idx').on(t.createdAt)],
);

/** Dispatch details given when an order is shipped; a new row when they change, never an edit. */
export const dispatches = pgTable(
  'dispatches',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    transporter: text('transporter').notNull(),
    docketNumber: text('docket_number').notNull(),
    vehicleNumber: text('vehicle_number'),
    expectedOn: date('expected_on', { mode: 'string' }).notNull(),
    ewayBillNumber: text('eway_bill_number'),
    /** The e-way bill's Part B (domains/invoice/dispatch.ts DispatchDetails); null on dispatches recorded before it was asked. */
    distanceKm: integer('distance_km'),
    transportMode: text('transport_mode').$type<TransportMode>(),
    transporterId: text('transporter_id'),
    transportDocDate: date('transport_doc_date', { mode: 'string' }),
    /** What the e-way bill rule was checked against (domains/invoice/dispatch.ts consignmentValue). */
    consignmentValue: bigint('consignment_value_paise', { mode: 'number' }).notNull(),
    recordedBy: text('recorded_by').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('dispatches_order_idx').on(t.orderId, t.id)],
);

/**
 * The e-mails a customer gets once per enquiry however often the staff change its status ('delivered', 'cancelled'):
 * a row is written with the e-mail, and a second attempt finds it.
 */
export const orderNotices = pgTable(
  'order_notices',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    notice: text('notice').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.notice] })],
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

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    phone: text('phone'),
    inquiryType: text('inquiry_type').notNull(),
    message: text('message').notNull(),
    seen: boolean('seen').notNull().default(false),
    /** The enquiry the staff made of this message, once they have. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt),
    index('contact_messages_seen_created_idx').on(t.seen, t.createdAt),
    index('contact_messages_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('contact_messages_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('contact_messages_phone_trgm_idx').using('gin', sql`${t.phone} gin_trgm_ops`),
    index('contact_messages_company_trgm_idx').using('gin', sql`${t.company} gin_trgm_ops`),
    index('contact_messages_message_trgm_idx').using('gin', sql`${t.message} gin_trgm_ops`),
  ],
);

/** E-mails to send, written in the same transaction as what they announce. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** The same message as HTML (platform/mail/layout.tsx); null for messages queued before it existed. */
    html: text('html'),
    /** Files sent with it (an invoice's PDF), their bytes in base64; null for none. */
    attachments: jsonb('attachments').$type<Array<{ filename: string; contentType: string; base64: string; cid?: string }>>(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/** Failed sign-in attempts per account name or IP address, for delays and temporary locks. */
export const authFailures = pgTable('auth_failures', {
  /** 'user:<lower-case username>' or 'ip:<address>'. */
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * Request counts for the per-IP rate limits when several processes share one PostgreSQL (platform/http/rate-limits.ts):
 * one row per limit and address, counted from its window's start.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  /** '<limit name>:<IP address>'. */
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

export const securityLogs = pgTable(
  'security_logs',
  {
    id: serial('id').primaryKey(),
    eventType: text('event_type').notNull(),
    severity: text('severity').$type<'critical' | 'high' | 'medium' | 'low'>().notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    username: text('username'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('security_logs_created_idx').on(t.createdAt)],
);

/**
 * Every admin change: who, what, before and after, written in the change's own transaction, so the staff can always
 * tell who changed an enquiry or product, even one since deleted (docs/decisions/073-enquiry-details-and-audit-log.md).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept when the account is deleted. */
    actorUsername: text('actor_username').notNull(),
    entity: text('entity')
      .$type<'order' | 'contact' | 'product' | 'account' | 'invitation' | 'customer' | 'price-group'>()
      .notNull(),
    entityId: integer('entity_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId, t.createdAt)],
);

/** The shop's own settings: every save of a section is a new row, the newest row of each section is in force. */
export const settingsVersions = pgTable(
  'settings_versions',
  {
    id: serial('id').primaryKey(),
    section: text('section').$type<HistorySection>().notNull(),
    value: jsonb('value').notNull(),
    /** Null on the first version, seeded at install, and when the account is deleted. */
    savedByUserId: integer('saved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept when the account is deleted; null on the seeded version. */
    savedByUsername: text('saved_by_username'),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('settings_versions_section_idx').on(t.section, t.id)],
);

/**
 * Each reminder step that went out, once per document and step (docs/decisions/501-reminders-once-per-step.md):
 * an invoice's steps are its schedule's day offsets ('-3', '0', '7'), a quote's 'expiring' and 'expired'. The row is
 * written before the e-mail is queued, in one transaction: a second process's insert waits for it and does nothing.
 */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'invoice' | 'quote'>().notNull(),
    /** The invoice's or the quote's id. */
    documentId: integer('document_id').notNull(),
    step: text('step').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('reminders_sent_step_idx').on(t.kind, t.documentId, t.step)],
);

/** Customers whose reminders the staff stopped, by each e-mail and phone key they had (customer_keys' keys). */
export const reminderStops = pgTable('reminder_stops', {
  key: text('key').primaryKey(),
  stoppedBy: text('stopped_by').notNull(),
  stoppedAt: timestamp('stopped_at', { withTimezone: true }).notNull(),
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
    groupId: integer('group_id')
      .notNull()
      .references(() => priceGroups.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
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
    groupId: integer('group_id')
      .notNull()
      .references(() => priceGroups.id, { onDelete: 'cascade' }),
    assignedBy: text('assigned_by').notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('price_group_members_group_idx').on(t.groupId)],
);
