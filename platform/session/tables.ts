import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

import { users } from '#domains/account/tables.ts';

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
