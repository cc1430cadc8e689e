import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

import { orders } from '#domains/enquiry/tables.ts';

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
