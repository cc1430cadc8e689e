import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

import { users } from '#domains/account/tables.ts';

/**
 * Every admin change: who, what, before and after, written in the change's own transaction, so the staff can always
 * tell who changed an enquiry or product, even one since deleted (docs/decisions/073-enquiry-details-replies-and-audit-log.md).
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
