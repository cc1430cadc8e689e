import { and, desc, eq, sql } from 'drizzle-orm';

import type { AuditEntry } from '#lib/audit.ts';
import { auditLog } from '#platform/audit/tables.ts';
import type { Db } from '#platform/db/client.ts';

export type AuditedEntity = (typeof auditLog.$inferInsert)['entity'];

/** Who made a change: a member of staff, or a customer answering a quote (no account when by status link). */
export interface Actor {
  userId: number | null;
  username: string;
}

export interface AuditChange {
  entity: AuditedEntity;
  entityId: number;
  action: string;
  before: unknown;
  after: unknown;
}

type Writer = Pick<Db, 'insert'>;

/** The audit log of admin changes: written in the change's own transaction, read as an entity's history. */
export class AuditLog {
  constructor(private readonly db: Db) {}

  async record(tx: Writer, actor: Actor, change: AuditChange): Promise<void> {
    await tx.insert(auditLog).values({
      actorUserId: actor.userId,
      actorUsername: actor.username,
      entity: change.entity,
      entityId: change.entityId,
      action: change.action,
      before: change.before ?? null,
      after: change.after ?? null,
    });
  }

  /** When the entity was last given this status (its latest 'status' entry naming it), null if never. */
  async statusSetAt(entity: AuditedEntity, entityId: number, status: string): Promise<Date | null> {
    const [set] = await this.db
      .select({ at: auditLog.createdAt })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, entity),
          eq(auditLog.entityId, entityId),
          eq(auditLog.action, 'status'),
          sql`${auditLog.after}->>'status' = ${status}`,
        ),
      )
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(1);
    return set?.at ?? null;
  }

  /** Newest first. */
  async history(entity: AuditedEntity, entityId: number): Promise<AuditEntry[]> {
    const rows = await this.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(200);
    return rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      actor: row.actorUsername,
      action: row.action,
      before: row.before,
      after: row.after,
    }));
  }
}
