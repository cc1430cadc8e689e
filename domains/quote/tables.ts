import { sql } from 'drizzle-orm';
import { date, index, integer, json, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import { orders } from '#domains/enquiry/tables.ts';
import type { QuoteTotals, StoredQuoteStatus } from '#domains/quote/model.ts';
import type { Issuer, TaxedLine } from '#domains/tax/document.ts';
import { parentKey } from '#platform/db/columns.ts';

/**
 * A quote the staff sent for an enquiry. Never changed once sent, except for the customer's answer: a revised quote is
 * the next version, and the one before it is marked superseded. Amounts are integer paise inside `lines` and
 * `totals` (domains/quote/model.ts), fixed at sending.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    orderId: parentKey('order_id', () => orders.id, { onDelete: 'cascade' }),
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
