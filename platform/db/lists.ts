import { and, type Column, count, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';

import { addDays, istMidnight } from '#lib/india-time.ts';
import { ADMIN_MAX_PAGE_SIZE } from '#lib/schemas/query.ts';
import { listCounts } from '#platform/db/list-counts.ts';

import type { Db } from './client.ts';

/** Rows created on the days from `from` to `to` (inclusive, India time). */
export function createdWithin(column: Column, from: string | undefined, to: string | undefined): SQL | undefined {
  const start = from ? istMidnight(from) : null;
  const end = to ? istMidnight(addDays(to, 1)) : null;
  return and(start ? gte(column, start) : undefined, end ? lt(column, end) : undefined);
}

/** An ILIKE pattern that finds `text` anywhere, its own % and _ taken literally. */
export const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Page `page` (the first is 1) of an ordered query, `pageSize` rows a page; the query made `$dynamic()` first. */
export function onPage<Q extends PgSelect>(query: Q, { page, pageSize }: { page: number; pageSize: number }) {
  return query.limit(pageSize).offset((page - 1) * pageSize);
}

/** The newest rows a plain admin list call answers with (no query parameters). */
export const PLAIN_LIST_SIZE = ADMIN_MAX_PAGE_SIZE;

type SeenCounts = { total: number; counts: { all: number; unseen: number; seen: number } };

function seenCountsOf(all: number, seen: number, seenFilter: 'true' | 'false' | undefined): SeenCounts {
  const counts = { all, unseen: all - seen, seen };
  return { total: seenFilter === 'true' ? counts.seen : seenFilter === 'false' ? counts.unseen : all, counts };
}

/** The All / Unseen / Seen counts of a list under its other filters, and how many rows the seen filter leaves. */
export async function seenCounts(
  db: Pick<Db, 'select'>,
  table: PgTable,
  seen: Column,
  where: SQL | undefined,
  seenFilter: 'true' | 'false' | undefined,
): Promise<SeenCounts> {
  const [row] = await db
    .select({ all: count(), seen: sql<number>`count(*) filter (where ${seen})`.mapWith(Number) })
    .from(table)
    .where(where);
  return seenCountsOf(row?.all ?? 0, row?.seen ?? 0, seenFilter);
}

/**
 * The same counts for a whole list, or one status of it, read from the counters the database keeps (list_counts in
 * platform/db/schema.ts): a few rows whatever the size of the table.
 */
export async function keptSeenCounts(
  db: Pick<Db, 'select'>,
  list: 'orders' | 'contacts' | 'customers',
  status: string | undefined,
  seenFilter: 'true' | 'false' | undefined,
): Promise<SeenCounts> {
  const [row] = await db
    .select({
      all: sql<number>`coalesce(sum(${listCounts.rows}), 0)`.mapWith(Number),
      seen: sql<number>`coalesce(sum(${listCounts.rows}) filter (where ${listCounts.seen}), 0)`.mapWith(Number),
    })
    .from(listCounts)
    .where(and(eq(listCounts.list, list), status === undefined ? undefined : eq(listCounts.status, status)));
  return seenCountsOf(row?.all ?? 0, row?.seen ?? 0, seenFilter);
}

/**
 * Every row a query finds, newest first, a batch at a time: each batch starts below the last row of the one before
 * (keyset paging on created_at and id), so a long export neither skips nor repeats rows nor holds them all.
 */
export async function* newestFirst<R extends { createdAt: Date; id: number }>(
  createdAt: Column,
  id: Column,
  batchAfter: (below: SQL | undefined) => Promise<R[]>,
): AsyncGenerator<R[]> {
  let last: R | undefined;
  for (;;) {
    const below = last ? or(lt(createdAt, last.createdAt), and(eq(createdAt, last.createdAt), lt(id, last.id))) : undefined;
    const rows = await batchAfter(below);
    if (rows.length === 0) return;
    yield rows;
    last = rows[rows.length - 1];
  }
}

/** Rows an export reads at a time. */
export const EXPORT_BATCH = 500;
