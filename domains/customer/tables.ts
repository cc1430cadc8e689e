import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
