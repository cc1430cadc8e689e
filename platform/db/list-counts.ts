import { bigint, boolean, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

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
