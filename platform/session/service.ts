import { createHash, randomBytes } from 'node:crypto';

import { and, eq, exists, gt, isNull, lt, ne, not, or, type SQL, sql, type Subquery } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

import { ADMIN_SESSION_MS, type PublicUser, usesPanel } from '#domains/account/model.ts';
import type { Db, Tx } from '#platform/db/client.ts';
import { sessions } from '#platform/session/tables.ts';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most this often, so reads don't write on every request. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;
/**
 * A guest session that holds nothing (no account, no cart line) is removed after a day without a visit: it costs
 * its visitor nothing (the next write fetches a new security token), and requests that only ask for a token
 * cannot fill the table for 30 days.
 */
export const EMPTY_GUEST_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/** Over HTTPS the cookie is bound to the exact host and to secure transport (the __Host- prefix). */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-shop_session' : 'shop_session';
}

export interface VisitorSession {
  id: number;
  expiresAt: Date;
  /** SHA-256 of the cookie token: CSRF tokens are derived from it, so they change with it. */
  tokenHash: string;
  /** The signed-in account (also while its two-factor code is pending). */
  user: PublicUser | null;
  authenticatedAt: Date | null;
  twoFactorPending: boolean;
  twoFactorVerified: boolean;
}

/** What a sign-in, a code or a privilege change sets on a session. */
export interface SessionState {
  userId: number | null;
  twoFactorPending: boolean;
  twoFactorVerified: boolean;
  /** Kept when a session is re-keyed after a code or a password change; set anew at sign-in. */
  authenticatedAt: Date | null;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** When a session ends: the panel's (admins, staff) a fixed time after sign-in, everyone else after 30 days without a visit. */
function endOf(lastSeen: Date, role: PublicUser['role'] | undefined, authenticatedAt: Date | null): Date {
  const idle = lastSeen.getTime() + SESSION_TTL_MS;
  if (!usesPanel(role) || !authenticatedAt) return new Date(idle);
  return new Date(Math.min(idle, authenticatedAt.getTime() + ADMIN_SESSION_MS));
}

/**
 * The accounts, which the account concept keeps (the composition root gives them): `joinable` is a subquery, aliased
 * 'account', with a PublicUser's fields, that a session's read joins on its id (one query a request);
 * `markSessionsEnded` keeps on the account the moment all its sessions were ended.
 */
export interface SessionAccounts {
  joinable(db: Pick<Db, 'select'>): Subquery<'account', AccountFields> & AccountFields;
  markSessionsEnded(tx: Tx, userId: number, at: Date): Promise<void>;
}

type AccountFields = Record<keyof PublicUser, AnyPgColumn>;

/** The account whose id is `userId` is signed in somewhere at `now` (a live session past its two-factor code). */
export const signedInSomewhere = (db: Pick<Db, 'select'>, userId: AnyPgColumn, now: Date): SQL =>
  exists(
    db
      .select({ one: sql`1` })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now), not(sessions.twoFactorPending))),
  );

/** Sessions: a random 256-bit token in a cookie; only its hash is stored. */
export class SessionService {
  /** The read every request with a session cookie makes, prepared once. */
  private readonly byToken;

  constructor(
    private readonly db: Db,
    /** The session holds no cart line (the cart's condition, given by the composition root): an empty guest's may go. */
    private readonly holdsNoCart: (db: Pick<Db, 'select'>, sessionId: AnyPgColumn) => SQL,
    private readonly accounts: SessionAccounts,
    private readonly now: () => Date = () => new Date(),
  ) {
    const account = accounts.joinable(db);
    this.byToken = db
      .select({
        id: sessions.id,
        tokenHash: sessions.tokenHash,
        expiresAt: sessions.expiresAt,
        lastSeenAt: sessions.lastSeenAt,
        authenticatedAt: sessions.authenticatedAt,
        twoFactorPending: sessions.twoFactorPending,
        twoFactorVerified: sessions.twoFactorVerified,
        user: {
          id: account.id,
          username: account.username,
          email: account.email,
          firstName: account.firstName,
          lastName: account.lastName,
          role: account.role,
          twoFactorEnabled: account.twoFactorEnabled,
        },
      })
      .from(sessions)
      .leftJoin(account, eq(account.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
      .prepare('session_by_token');
  }

  async find(token: string | undefined): Promise<VisitorSession | null> {
    if (!token || token.length > 100) return null;
    const now = this.now();
    const [row] = await this.byToken.execute({ tokenHash: hashToken(token), now: now.toISOString() });
    if (!row) return null;
    // The account concept's subquery answers a PublicUser's fields (SessionAccounts); a session without an account
    // joins none, and Drizzle then answers null for them all.
    const user = row.user as PublicUser | null;
    const session: VisitorSession = {
      id: row.id,
      expiresAt: row.expiresAt,
      tokenHash: row.tokenHash,
      user,
      authenticatedAt: row.authenticatedAt,
      twoFactorPending: row.twoFactorPending,
      twoFactorVerified: row.twoFactorVerified,
    };
    const end = endOf(now, user?.role, row.authenticatedAt);
    if (end <= now) return null;
    if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS || end < row.expiresAt) {
      await this.db.update(sessions).set({ lastSeenAt: now, expiresAt: end }).where(eq(sessions.id, row.id));
      session.expiresAt = end;
    }
    return session;
  }

  /** The session named by a Cookie header (for page loaders, which see the raw request). */
  async findByCookieHeader(header: string | null, secure: boolean): Promise<VisitorSession | null> {
    const name = `${sessionCookieName(secure)}=`;
    const pair = header?.split(/;\s*/).find((part) => part.startsWith(name));
    return this.find(pair?.slice(name.length));
  }

  /** A new guest session under a new random token (the visitor's own come through storeVisitor). */
  async create(): Promise<{ token: string; session: VisitorSession }> {
    const token = randomBytes(32).toString('base64url');
    return { token, session: await this.storeVisitor(token) };
  }

  /**
   * Stores a guest session under the visitor's token (its first write), or answers the one already stored under it
   * (two first writes at once, or a session purged while empty and now wanted again).
   */
  async storeVisitor(token: string): Promise<VisitorSession> {
    const now = this.now();
    const expiresAt = endOf(now, undefined, null);
    await this.db
      .insert(sessions)
      .values({ tokenHash: hashToken(token), expiresAt, createdAt: now, lastSeenAt: now })
      .onConflictDoUpdate({ target: sessions.tokenHash, set: { lastSeenAt: now, expiresAt } });
    const session = await this.find(token);
    if (!session) throw new Error('the stored session could not be read back');
    return session;
  }

  /**
   * Gives a session a new state under a NEW token (the old cookie stops working: no session fixation),
   * or creates one. Answers the new token; the caller sets the cookie.
   */
  async establish(
    existingId: number | null,
    state: SessionState,
    role: PublicUser['role'] | undefined,
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    const expiresAt = endOf(now, role, state.authenticatedAt);
    const values = { ...state, tokenHash: hashToken(token), lastSeenAt: now, expiresAt };
    const updated =
      existingId === null
        ? []
        : await this.db.update(sessions).set(values).where(eq(sessions.id, existingId)).returning({ id: sessions.id });
    if (updated.length === 0) await this.db.insert(sessions).values({ ...values, createdAt: now });
    return { token, expiresAt };
  }

  async destroy(id: number): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.id, id));
  }

  /**
   * Ends every session of an account except one (after a password change), or all of them: then the moment is kept
   * on the account, and the invitations it sent before it die with its sessions.
   */
  async destroyForUser(userId: number, except: number | null = null): Promise<void> {
    if (except !== null) {
      await this.db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, except)));
      return;
    }
    await this.db.transaction(async (tx) => {
      await this.accounts.markSessionsEnded(tx, userId, this.now());
      await tx.delete(sessions).where(eq(sessions.userId, userId));
    });
  }

  /** Removes expired sessions (and with them their carts) and guest sessions that held nothing for a day; answers how many. */
  async purgeStale(): Promise<number> {
    const now = this.now();
    const emptyGuest = and(
      isNull(sessions.userId),
      lt(sessions.lastSeenAt, new Date(now.getTime() - EMPTY_GUEST_SESSION_TTL_MS)),
      this.holdsNoCart(this.db, sessions.id),
    );
    const removed = await this.db
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, now), emptyGuest))
      .returning({ id: sessions.id });
    return removed.length;
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
    return row?.n ?? 0;
  }
}
