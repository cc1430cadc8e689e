import { desc, gte, inArray, lt, sql } from 'drizzle-orm';

import { FAILED_SIGN_IN_EVENTS, SECURITY_EVENTS, type SecurityEventType, type SecurityLogEntry } from '#domains/account/model.ts';
import type { SecuritySummary } from '#domains/account/schema.ts';
import { securityLogs } from '#domains/account/tables.ts';
import type { Db } from '#platform/db/client.ts';

/** Where a request came from, as the security log records it. */
export interface RequestFacts {
  ip: string;
  userAgent: string | null;
}

const MAX_USER_AGENT = 300;

/** Security events (sign-ins, codes, locks, password changes) for the admins' Security Center. */
export class SecurityLog {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly keepMs: number,
    private readonly onRecord: (entry: { eventType: SecurityEventType; username: string | null; ip: string }) => void = () => {},
  ) {}

  async record(
    eventType: SecurityEventType,
    facts: RequestFacts,
    who: { username?: string | null; userId?: number | null } = {},
  ): Promise<void> {
    const username = who.username?.slice(0, 100) ?? null;
    await this.db.insert(securityLogs).values({
      eventType,
      severity: SECURITY_EVENTS[eventType],
      ipAddress: facts.ip,
      userAgent: facts.userAgent?.slice(0, MAX_USER_AGENT) ?? null,
      username,
      userId: who.userId ?? null,
      createdAt: this.now(),
    });
    this.onRecord({ eventType, username, ip: facts.ip });
  }

  /** Removes entries older than the retention; answers how many. */
  async purgeOld(): Promise<number> {
    const before = new Date(this.now().getTime() - this.keepMs);
    const removed = await this.db
      .delete(securityLogs)
      .where(lt(securityLogs.createdAt, before))
      .returning({ id: securityLogs.id });
    return removed.length;
  }

  /** The Security Center's counts over the last `days` days. */
  async summary(days: number): Promise<SecuritySummary> {
    const since = new Date(this.now().getTime() - days * 24 * 60 * 60 * 1000);
    const [row] = await this.db
      .select({
        critical: sql<number>`count(*) filter (where ${securityLogs.severity} = 'critical')`.mapWith(Number),
        high: sql<number>`count(*) filter (where ${securityLogs.severity} = 'high')`.mapWith(Number),
        // A right password with a wrong code is a failed sign-in too, and the more telling one.
        failedLogins: sql<number>`count(*) filter (where ${inArray(securityLogs.eventType, [...FAILED_SIGN_IN_EVENTS])})`.mapWith(
          Number,
        ),
      })
      .from(securityLogs)
      .where(gte(securityLogs.createdAt, since));
    return { critical: row?.critical ?? 0, high: row?.high ?? 0, failedLogins: row?.failedLogins ?? 0 };
  }

  async latest(limit: number): Promise<SecurityLogEntry[]> {
    const rows = await this.db
      .select()
      .from(securityLogs)
      .orderBy(desc(securityLogs.createdAt), desc(securityLogs.id))
      .limit(limit);
    return rows.map((row) => ({
      id: row.id,
      eventType: row.eventType as SecurityEventType,
      severity: row.severity,
      ipAddress: row.ipAddress,
      userAgent: row.userAgent,
      username: row.username,
      createdAt: row.createdAt.toISOString(),
    }));
  }
}
