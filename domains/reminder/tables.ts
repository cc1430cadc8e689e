import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import { orders } from '#domains/enquiry/tables.ts';
import { parentKey } from '#platform/db/columns.ts';

/**
 * Each reminder step that went out, once per document and step (docs/decisions/500-statements-ageing-and-reminders.md):
 * an invoice's steps are its schedule's day offsets ('-3', '0', '7'), a quote's 'expiring' and 'expired'. The row is
 * written before the e-mail is queued, in one transaction: a second process's insert waits for it and does nothing.
 */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    id: serial('id').primaryKey(),
    orderId: parentKey('order_id', () => orders.id, { onDelete: 'cascade' }),
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
