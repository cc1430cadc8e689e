import { asc, eq, sql } from 'drizzle-orm';

import type { PublicUser, Role } from '#domains/account/model.ts';
import { backupCodes, users } from '#domains/account/tables.ts';
import { conflict } from '#lib/errors.ts';
import { msg } from '#lib/i18n/translate.ts';
import type { Db, Tx } from '#platform/db/client.ts';

import { hashPassword } from './passwords.server.ts';

export type UserRow = typeof users.$inferSelect;
type Writer = Pick<Db, 'select' | 'insert'>;

export interface NewUser {
  username: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
}

export const USERNAME_TAKEN = msg('That username is already taken');
export const EMAIL_TAKEN = msg('An account with that email already exists');

export function publicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    twoFactorEnabled: row.twoFactorEnabled,
  };
}

/**
 * The accounts as the sessions read and end them (platform/session/service.ts, given them by the composition root).
 * `joinable` is a subquery the session's read joins on the account's id: what a signed-in visitor carries
 * (PublicUser), read with the session in the one query each request makes. `markSessionsEnded` keeps the moment every
 * session of an account was ended: the invitations it sent before then die with them.
 */
export const sessionAccounts = {
  joinable: (db: Pick<Db, 'select'>) =>
    db
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        twoFactorEnabled: users.twoFactorEnabled,
      })
      .from(users)
      .as('account'),
  async markSessionsEnded(tx: Tx, userId: number, at: Date): Promise<void> {
    await tx.update(users).set({ sessionsEndedAt: at }).where(eq(users.id, userId));
  },
};

const byUsername = (username: string) => sql`lower(${users.username}) = lower(${username.trim()})`;
const byEmail = (email: string) => sql`lower(${users.email}) = lower(${email.trim()})`;

/** Accounts: the web sign-up and the operator CLI both create and change them through here. */
export class UserService {
  constructor(private readonly db: Db) {}

  async create(input: NewUser): Promise<UserRow> {
    const { password, ...rest } = input;
    return this.insert({ ...rest, passwordHash: await hashPassword(password) });
  }

  /**
   * Adds an account whose password is already hashed, through `db` (a transaction that writes more with it): the
   * username and e-mail address must be free.
   */
  async insert(input: Omit<NewUser, 'password'> & { passwordHash: string }, db: Writer = this.db): Promise<UserRow> {
    const taken = await db
      .select({ username: users.username, email: users.email })
      .from(users)
      .where(sql`${byUsername(input.username)} or ${byEmail(input.email)}`);
    if (taken.some((t) => t.username.toLowerCase() === input.username.trim().toLowerCase())) throw conflict(USERNAME_TAKEN);
    if (taken.length > 0) throw conflict(EMAIL_TAKEN);
    try {
      const [row] = await db
        .insert(users)
        .values({
          username: input.username.trim(),
          email: input.email.trim(),
          passwordHash: input.passwordHash,
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          role: input.role,
        })
        .returning();
      if (!row) throw new Error('user insert returned nothing');
      return row;
    } catch (error) {
      // A concurrent sign-up took the name or address between the check and the insert.
      const constraint = uniqueViolation(error);
      if (constraint === 'users_username_idx') throw conflict(USERNAME_TAKEN);
      if (constraint === 'users_email_idx') throw conflict(EMAIL_TAKEN);
      throw error;
    }
  }

  /** Whether an account uses this e-mail address. */
  async emailTaken(email: string): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(byEmail(email)).limit(1);
    return row !== undefined;
  }

  /** A full sign-in: the accounts page shows when each colleague last signed in. */
  async recordSignIn(id: number, at: Date): Promise<void> {
    await this.db.update(users).set({ lastSignInAt: at }).where(eq(users.id, id));
  }

  /** The account an e-mail address names (addresses are unique regardless of case). */
  async findByEmail(email: string): Promise<UserRow | null> {
    const [row] = await this.db.select().from(users).where(byEmail(email)).limit(1);
    return row ?? null;
  }

  async findByUsername(username: string): Promise<UserRow | null> {
    const [row] = await this.db.select().from(users).where(byUsername(username));
    return row ?? null;
  }

  /** The account a sign-in names: by its username, or else by its e-mail address (usernames hold no '@'). */
  async findForSignIn(name: string): Promise<UserRow | null> {
    const rows = await this.db
      .select()
      .from(users)
      .where(sql`${byUsername(name)} or ${byEmail(name)}`);
    return rows.find((row) => row.username.toLowerCase() === name.trim().toLowerCase()) ?? rows[0] ?? null;
  }

  async findById(id: number): Promise<UserRow | null> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row ?? null;
  }

  async list(): Promise<UserRow[]> {
    return this.db.select().from(users).orderBy(asc(users.id));
  }

  async hasAdmin(): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
    return row !== undefined;
  }

  async setPassword(id: number, password: string, at: Date): Promise<void> {
    await this.db
      .update(users)
      .set({ passwordHash: await hashPassword(password), passwordChangedAt: at })
      .where(eq(users.id, id));
  }

  /** Turns two-factor off and forgets its secret and backup codes (operator recovery). */
  async resetTwoFactor(id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ twoFactorSecret: null, twoFactorEnabled: false, twoFactorVerified: false, lastTotpStep: null })
        .where(eq(users.id, id));
      await tx.delete(backupCodes).where(eq(backupCodes.userId, id));
    });
  }
}

/** The constraint a unique violation names (PostgreSQL 23505), through either driver's error shape. */
function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? null;
  }
  return null;
}
