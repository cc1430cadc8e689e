/** The security log as a test reads it back from the database. */
import { eq } from 'drizzle-orm';

import type { SecurityEventType } from '#domains/account/model.ts';
import { securityLogs } from '#domains/account/tables.ts';
import type { Db } from '#platform/db/client.ts';

export interface LoggedEvent {
  eventType: SecurityEventType;
  severity: string;
  username: string | null;
  ipAddress: string | null;
  userAgent: string | null;
}

/** The security log's rows of one account name (oldest first), read from the database. */
export async function eventsOf(db: Db, username: string): Promise<LoggedEvent[]> {
  const rows = await db.select().from(securityLogs).where(eq(securityLogs.username, username)).orderBy(securityLogs.id);
  return rows.map((row) => ({
    eventType: row.eventType as SecurityEventType,
    severity: row.severity,
    username: row.username,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
  }));
}

/** Just the event types of one account name, oldest first. */
export async function eventTypesOf(db: Db, username: string): Promise<SecurityEventType[]> {
  return (await eventsOf(db, username)).map((e) => e.eventType);
}
