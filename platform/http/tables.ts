import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
