import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

import type { Db } from './client.ts';

/** A table's rows with these ids, in no particular order; no ids, no query. */
export async function rowsWithIds<T extends PgTable & { id: PgColumn }>(
  db: Pick<Db, 'select'>,
  table: T,
  ids: readonly number[],
): Promise<T['$inferSelect'][]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(table as PgTable)
    .where(inArray(table.id, [...ids]));
}
