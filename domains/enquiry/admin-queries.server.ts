import { and, asc, count, desc, eq, inArray, notInArray, or, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

import { ENQUIRY_NUMBER_BASE, type EnquiryStatus } from '#domains/enquiry/model.ts';
import { contactMatching, type EnquiryRow, type ItemRow } from '#domains/enquiry/rows.server.ts';
import { orderItems, orders } from '#domains/enquiry/tables.ts';
import { MAX_ID } from '#lib/ids.ts';
import type { Db, Tx } from '#platform/db/client.ts';
import { createdWithin, EXPORT_BATCH, newestFirst, seenCounts } from '#platform/db/lists.ts';

// The enquiries as the staff's list reads and changes them (domains/order-file/admin-service.server.ts): conditions
// on the enquiries to combine with the other concepts' (a quote's, an invoice's, each given the enquiry's id column),
// and the reads and writes that take them. Only the enquiry concept names its tables.
type Reader = Pick<Db, 'select'>;

/** A condition or an order another concept writes on an enquiry, given the enquiry's id column. */
type OnEnquiry<T> = (orderId: AnyPgColumn) => T;

/** Conditions on the enquiries, to join with and() and or(). */
export const enquiryIs = {
  seen: (seen: boolean): SQL => eq(orders.seen, seen),
  status: (status: EnquiryStatus): SQL => eq(orders.status, status),
  statusIn: (statuses: EnquiryStatus[]): SQL => inArray(orders.status, statuses),
  statusNotIn: (statuses: EnquiryStatus[]): SQL => notInArray(orders.status, statuses),
  createdWithin: (from: string | undefined, to: string | undefined): SQL | undefined => createdWithin(orders.createdAt, from, to),
  /** Name, e-mail, phone (digits as typed or spaced) or the enquiry number (1042 or #1042). */
  matching(q: string): SQL | undefined {
    const number = /^#?\d{1,10}$/.test(q) ? Number(q.replace('#', '')) - ENQUIRY_NUMBER_BASE : null;
    return or(contactMatching(q), number !== null && number > 0 && number <= MAX_ID ? eq(orders.id, number) : undefined);
  },
  /**
   * Enquiries whose id the query lists. The ids are read once as an array, which the database looks up in the primary
   * key and can combine with an index on another column (the 'to invoice' step's status OR accepted quote); as a plain
   * IN (subquery) PostgreSQL read every enquiry to test each against it (13 ms for 'to invoice' at 100,000, 3 ms now).
   */
  among: (ids: SQLWrapper): SQL => sql`${orders.id} = ANY (ARRAY(${ids}))`,
  /** Another concept's condition on the enquiry (an invoice of it exists, say). */
  having: (condition: OnEnquiry<SQL>): SQL => condition(orders.id),
};

/** A page of the enquiries `where` finds: `first` (given the enquiry's id column) orders them, then the oldest first; without it, the newest first. */
export function enquiryPage(
  db: Reader,
  where: SQL | undefined,
  first: OnEnquiry<SQL[]> | null,
  limit: number,
  offset: number,
): Promise<EnquiryRow[]> {
  return db
    .select()
    .from(orders)
    .where(where)
    .orderBy(
      ...(first ? [...first(orders.id), asc(orders.createdAt), asc(orders.id)] : [desc(orders.createdAt), desc(orders.id)]),
    )
    .limit(limit)
    .offset(offset);
}

/** How many enquiries `where` finds. */
export async function enquiryCount(db: Reader, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ count: count() }).from(orders).where(where);
  return row?.count ?? 0;
}

/** The All / Unseen / Seen counts of the enquiries `where` finds. */
export const enquirySeenCounts = (db: Reader, where: SQL | undefined, seen: 'true' | 'false' | undefined) =>
  seenCounts(db, orders, orders.seen, where, seen);

/** Up to `limit` enquiries `where` finds, sent after `after` (by send time, then id), oldest first: their ids and send times. */
export function enquiriesSentAfter(
  db: Reader,
  where: SQL | undefined,
  after: { id: number; createdAt: Date } | undefined,
  limit: number,
): Promise<{ id: number; createdAt: Date }[]> {
  return db
    .select({ id: orders.id, createdAt: orders.createdAt })
    .from(orders)
    .where(and(where, after ? sql`(${orders.createdAt}, ${orders.id}) > (${after.createdAt}, ${after.id})` : undefined))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(limit);
}

/** Every enquiry `where` finds, newest first, a batch at a time (the CSV export). */
export const eachEnquiry = (db: Reader, where: SQL | undefined): AsyncGenerator<EnquiryRow[]> =>
  newestFirst(orders.createdAt, orders.id, (below) =>
    db.select().from(orders).where(and(where, below)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(EXPORT_BATCH),
  );

/** The lines of these enquiries, by enquiry, each in the order the customer sent them. */
export function linesOfEnquiries(db: Reader, ids: readonly number[]): Promise<ItemRow[]> {
  return db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...ids]))
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
}

/** Changes an enquiry's fields the staff set (seen, status, its status link); answers the row. */
export async function updateEnquiry(
  tx: Tx,
  id: number,
  set: Partial<Pick<EnquiryRow, 'seen' | 'status' | 'statusLinkVersion' | 'statusTokenHash'>>,
): Promise<EnquiryRow> {
  const [row] = await tx.update(orders).set(set).where(eq(orders.id, id)).returning();
  return row as EnquiryRow;
}

export async function deleteEnquiry(tx: Tx, id: number): Promise<void> {
  await tx.delete(orders).where(eq(orders.id, id));
}
