import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';

import { authFailures } from '#domains/account/tables.ts';
import { tooMany } from '#lib/errors.ts';
import type { Config } from '#platform/config.ts';
import type { Db } from '#platform/db/client.ts';

export type LockoutPolicy = Config['lockout'];

/** Who a sign-in attempt is counted against: the account name tried and the address it came from. */
export interface AttemptKeys {
  account: string;
  ip: string;
}

/** The first failures cost nothing (typos happen); from the third, each one doubles the wait, up to a minute. */
export function delayAfterFailures(failures: number): number {
  if (failures < 3) return 0;
  return Math.min(2 ** (failures - 2), 60) * 1000;
}

const accountKey = (username: string) => `user:${username.trim().toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

/**
 * Counts failed sign-ins (password or two-factor code) per account name and per IP address, in the
 * database so every server process sees them. Unknown account names are counted exactly like real
 * ones, so the answers tell nothing about which names exist.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly policy: LockoutPolicy,
    private readonly now: () => Date,
  ) {}

  /** Refuses (429) an attempt while its account or address is locked or must still wait. */
  async check({ account, ip }: AttemptKeys): Promise<void> {
    const now = this.now().getTime();
    const rows = await this.db
      .select()
      .from(authFailures)
      .where(inArray(authFailures.key, [accountKey(account), ipKey(ip)]));
    for (const row of rows) {
      const lockedFor = (row.lockedUntil?.getTime() ?? 0) - now;
      if (lockedFor > 0) {
        const minutes = Math.ceil(lockedFor / 60_000);
        const whom = row.key.startsWith('ip:') ? 'from your network' : 'on this account';
        throw tooMany(
          `Too many failed sign-in attempts ${whom}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          Math.ceil(lockedFor / 1000),
          'LOCKED',
        );
      }
      if (row.key.startsWith('ip:') || this.forgotten(row.lastFailureAt, now)) continue;
      const wait = row.lastFailureAt.getTime() + delayAfterFailures(row.failures) - now;
      if (wait > 0) {
        const seconds = Math.ceil(wait / 1000);
        throw tooMany(
          `Too many failed attempts. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
          seconds,
          'SLOW_DOWN',
        );
      }
    }
  }

  /** Counts a failure; answers whether it locked the account, the address, or both just now. */
  async recordFailure({ account, ip }: AttemptKeys): Promise<{ accountLocked: boolean; ipLocked: boolean }> {
    const accountLocked = await this.count(accountKey(account), this.policy.accountMaxFailures);
    const ipLocked = await this.count(ipKey(ip), this.policy.ipMaxFailures);
    return { accountLocked, ipLocked };
  }

  /** A successful sign-in forgets the account's failures (the address's stay: it may be guessing many names). */
  async recordSuccess(account: string): Promise<void> {
    await this.db.delete(authFailures).where(eq(authFailures.key, accountKey(account)));
  }

  /** Drops counts that no longer matter (every failed name makes a row; most are never seen again). */
  async purgeForgotten(): Promise<number> {
    const now = this.now();
    const forgetBefore = new Date(now.getTime() - this.policy.lockMs);
    const removed = await this.db
      .delete(authFailures)
      .where(
        and(
          lt(authFailures.lastFailureAt, forgetBefore),
          or(isNull(authFailures.lockedUntil), lt(authFailures.lockedUntil, now)),
        ),
      )
      .returning({ key: authFailures.key });
    return removed.length;
  }

  private forgotten(lastFailureAt: Date, now: number): boolean {
    return lastFailureAt.getTime() < now - this.policy.lockMs;
  }

  private async count(key: string, max: number): Promise<boolean> {
    const now = this.now();
    const forgetBefore = new Date(now.getTime() - this.policy.lockMs).toISOString();
    const [row] = await this.db
      .insert(authFailures)
      .values({ key, failures: 1, lastFailureAt: now })
      .onConflictDoUpdate({
        target: authFailures.key,
        set: {
          failures: sql`case when ${authFailures.lastFailureAt} < ${forgetBefore}::timestamptz then 1 else ${authFailures.failures} + 1 end`,
          lastFailureAt: now,
        },
      })
      .returning();
    if (!row || row.failures < max || (row.lockedUntil && row.lockedUntil > now)) return false;
    await this.db
      .update(authFailures)
      .set({ lockedUntil: new Date(now.getTime() + this.policy.lockMs), failures: 0 })
      .where(eq(authFailures.key, key));
    return true;
  }
}
