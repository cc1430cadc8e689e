import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';

export const SESSION_COOKIE = 'shop_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most this often, so reads don't write on every request. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export interface VisitorSession {
  id: number;
  expiresAt: Date;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Visitor sessions: a random 256-bit token in a cookie; only its hash is stored. */
export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async find(token: string | undefined): Promise<VisitorSession | null> {
    if (!token || token.length > 100) return null;
    const [row] = await this.db
      .select({ id: sessions.id, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, this.now())));
    if (!row) return null;
    const now = this.now();
    if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
      await this.db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, row.id));
      return { id: row.id, expiresAt };
    }
    return { id: row.id, expiresAt: row.expiresAt };
  }

  /** The session named by a Cookie header (for page loaders, which see the raw request). */
  async findByCookieHeader(header: string | null): Promise<VisitorSession | null> {
    const pair = header?.split(/;\s*/).find((part) => part.startsWith(`${SESSION_COOKIE}=`));
    return this.find(pair?.slice(SESSION_COOKIE.length + 1));
  }

  async create(): Promise<{ token: string; session: VisitorSession }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.now().getTime() + SESSION_TTL_MS);
    const [row] = await this.db
      .insert(sessions)
      .values({ tokenHash: hashToken(token), expiresAt, createdAt: this.now(), lastSeenAt: this.now() })
      .returning({ id: sessions.id });
    if (!row) throw new Error('session insert returned nothing');
    return { token, session: { id: row.id, expiresAt } };
  }

  /** Removes expired sessions (and with them their carts); answers how many. */
  async purgeExpired(): Promise<number> {
    const removed = await this.db.delete(sessions).where(lt(sessions.expiresAt, this.now())).returning({ id: sessions.id });
    return removed.length;
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
    return row?.n ?? 0;
  }
}
