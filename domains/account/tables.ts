import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import type { PanelRole, Role } from '#domains/account/model.ts';
import { parentKey } from '#platform/db/columns.ts';

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
    userId: parentKey('user_id', () => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('backup_codes_user_idx').on(t.userId)],
);

/** Failed sign-in attempts per account name or IP address, for delays and temporary locks. */
export const authFailures = pgTable('auth_failures', {
  /** 'user:<lower-case username>' or 'ip:<address>'. */
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
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
