import { index, json, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
