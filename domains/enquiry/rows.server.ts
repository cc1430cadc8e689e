import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  lte,
  not,
  or,
  type Placeholder,
  type SQL,
  sql,
  type SQLWrapper,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

import type { EnquiryStatus } from '#domains/enquiry/model.ts';
import { enquiryDayProducts, enquiryDays, orderItems, orders } from '#domains/enquiry/tables.ts';
import { notFound } from '#lib/errors.ts';
import type { Language } from '#lib/language.ts';
import type { Db, Tx } from '#platform/db/client.ts';
import { containing, onPage } from '#platform/db/lists.ts';
import { rowsWithIds } from '#platform/db/rows-with-ids.ts';

type Reader = Pick<Db, 'select'>;

/** An enquiry as the `orders` table stores it. */
export type EnquiryRow = typeof orders.$inferSelect;
/** One line of an enquiry. */
export type ItemRow = typeof orderItems.$inferSelect;

/** The answer to an enquiry id that names none. */
export const enquiryNotFound = (id: number) => notFound(`Enquiry ${id} not found`);

/** An enquiry's row (404 for none), locked until the caller's transaction ends when `lock` is set. */
export async function enquiryRow(db: Reader, id: number, { lock = false } = {}): Promise<EnquiryRow> {
  const query = db.select().from(orders).where(eq(orders.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw enquiryNotFound(id);
  return row;
}

/** The language an enquiry was sent in, which what the shop sends its customer is written in (English for none). */
export async function enquiryLanguage(db: Reader, id: number): Promise<Language> {
  const [row] = await db.select({ language: orders.language }).from(orders).where(eq(orders.id, id));
  return row?.language ?? 'en';
}

/** An enquiry's lines in the order the customer sent them. */
export function enquiryLines(db: Reader, orderId: number): Promise<ItemRow[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position));
}

/**
 * Moves an enquiry to a status a quote's answer or withdrawal decides; `unseen` puts it back among the staff's unseen
 * enquiries.
 */
export async function setEnquiryStatus(tx: Tx, id: number, status: EnquiryStatus, { unseen = false } = {}): Promise<void> {
  await tx
    .update(orders)
    .set(unseen ? { status, seen: false } : { status })
    .where(eq(orders.id, id));
}

/** The contact details of a customer record's enquiries, or of those an account sent, the latest first. */
export function enquiryContacts(db: Reader, of: { customerId: number } | { userId: number }) {
  return db
    .select({
      id: orders.id,
      customerId: orders.customerId,
      name: orders.customerName,
      email: orders.customerEmail,
      phone: orders.customerPhone,
      language: orders.language,
    })
    .from(orders)
    .where('customerId' in of ? eq(orders.customerId, of.customerId) : eq(orders.userId, of.userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/**
 * Enquiries whose name or e-mail holds the text (any case), or, for text written as a phone number (digits, spaces,
 * '+', '-', brackets), whose phone holds its digits (3 or more). An e-mail address has no spaces, so text with a space
 * (a full name) is looked for in the names only; and a name with a few digits in it ('Hall 2B, 104') is not a phone
 * number, whose digits would find every phone that happens to hold them.
 */
export function contactMatching(q: string): SQL | undefined {
  const digits = /^[\d\s+()-]+$/.test(q) ? q.replace(/\D/g, '') : '';
  return or(
    ilike(orders.customerName, containing(q)),
    /\s/.test(q) ? undefined : ilike(orders.customerEmail, containing(q)),
    digits.length >= 3 ? ilike(orders.customerPhone, containing(digits)) : undefined,
  );
}

/** The newest enquiry the staff have not opened yet, null when they have opened every one. */
export async function latestUnseenEnquiryId(db: Reader): Promise<number | null> {
  const [row] = await db
    .select({ id: sql<number | null>`max(${orders.id})`.mapWith((id) => (id === null ? null : Number(id))) })
    .from(orders)
    .where(not(orders.seen));
  return row?.id ?? null;
}

/** The enquiries of each day from `firstDay` on, from the per-day counters the database keeps (platform/db/schema.ts). */
export function enquiriesPerDay(db: Reader, firstDay: string) {
  return db
    .select({ date: enquiryDays.day, count: enquiryDays.enquiries })
    .from(enquiryDays)
    .where(gte(enquiryDays.day, firstDay));
}

/** The `limit` products most enquired about from `firstDay` on (then the most cartons), from the same counters. */
export function topEnquiredProducts(db: Reader, firstDay: string, limit: number) {
  const enquiries = sql<number>`sum(${enquiryDayProducts.enquiries})`.mapWith(Number);
  const cartons = sql<number>`sum(${enquiryDayProducts.cartons})`.mapWith(Number);
  return db
    .select({
      productId: enquiryDayProducts.productId,
      productName: sql<string>`max(${enquiryDayProducts.productName})`,
      enquiries: enquiries,
      cartons: cartons,
    })
    .from(enquiryDayProducts)
    .where(gte(enquiryDayProducts.day, firstDay))
    .groupBy(enquiryDayProducts.productId)
    .having(gt(enquiries, 0))
    .orderBy(desc(enquiries), desc(cartons), asc(enquiryDayProducts.productId))
    .limit(limit);
}

/**
 * The pending enquiries still owed their reply (`unanswered`, given the enquiry's id column, says none was sent), by
 * when they came: how many came by `surely` and the `shown` oldest of them, and every one after `surely` up to
 * `possibly`, oldest first.
 */
export async function enquiriesAwaitingReply(
  db: Reader,
  unanswered: (orderId: AnyPgColumn) => SQL,
  { surely, possibly, shown }: { surely: Date; possibly: Date; shown: number },
) {
  const awaiting = and(eq(orders.status, 'pending'), unanswered(orders.id));
  const late = { id: orders.id, customerName: orders.customerName, createdAt: orders.createdAt };
  const [[surelyLate], oldest, maybe] = await Promise.all([
    db
      .select({ count: count() })
      .from(orders)
      .where(and(awaiting, lte(orders.createdAt, surely))),
    db
      .select(late)
      .from(orders)
      .where(and(awaiting, lte(orders.createdAt, surely)))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(shown),
    db
      .select(late)
      .from(orders)
      .where(and(awaiting, gt(orders.createdAt, surely), lte(orders.createdAt, possibly)))
      .orderBy(asc(orders.createdAt), asc(orders.id)),
  ]);
  return { surelyLate: surelyLate?.count ?? 0, oldest, maybe };
}

/** The enquiry a status link's token names by its hash, if any. */
export async function enquiryByStatusToken(db: Reader, tokenHash: string): Promise<EnquiryRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.statusTokenHash, tokenHash));
  return row;
}

/** One of an account's own enquiries, if it is one. */
export async function accountEnquiry(db: Reader, userId: number, id: number): Promise<EnquiryRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)));
  return row;
}

/** A page of an account's enquiries, newest first, each with how many lines it has; and how many it has in all. */
export async function accountEnquiriesPage(db: Reader, userId: number, page: number, pageSize: number) {
  const mine = eq(orders.userId, userId);
  const [rows, [counted]] = await Promise.all([
    onPage(
      db
        .select({
          id: orders.id,
          createdAt: orders.createdAt,
          status: orders.status,
          total: orders.total,
          lineCount: count(orderItems.id),
        })
        .from(orders)
        .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
        .where(mine)
        .groupBy(orders.id)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .$dynamic(),
      { page, pageSize },
    ),
    db.select({ n: count() }).from(orders).where(mine),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/**
 * The phone and delivery address of an account's last enquiry, and the business name and GSTIN of the last one that
 * gave either (undefined while there is none).
 */
export async function lastEnquiryDetails(db: Reader, userId: number) {
  const mine = eq(orders.userId, userId);
  const [[last], [lastBusiness]] = await Promise.all([
    db
      .select({ customerPhone: orders.customerPhone, deliveryLocation: orders.deliveryLocation })
      .from(orders)
      .where(mine)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(1),
    db
      .select({ gstin: orders.customerGstin, name: orders.customerBusinessName })
      .from(orders)
      .where(and(mine, or(isNotNull(orders.customerGstin), isNotNull(orders.customerBusinessName))))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(1),
  ]);
  return { last, lastBusiness };
}

/** The ids of an account's enquiries, as a subquery for another concept's read. */
export const accountEnquiryIds = (db: Reader, userId: number) =>
  db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));

/** The customer records of an account's enquiries, as a subquery for another concept's read (`userId` may be a placeholder). */
export const accountCustomerIds = (db: Pick<Db, 'selectDistinct'>, userId: number | Placeholder) =>
  db
    .selectDistinct({ id: sql<number>`${orders.customerId}` })
    .from(orders)
    .where(eq(orders.userId, userId));

/** These enquiries' rows, in no particular order. */
export const enquiryRows = (db: Reader, ids: readonly number[]): Promise<EnquiryRow[]> => rowsWithIds(db, orders, ids);

/** The enquiries of these customer records: each one's id, record, name, when it came and its account. */
export function enquiriesOfCustomers(db: Reader, customerIds: readonly number[]) {
  return db
    .select({
      id: orders.id,
      customerId: orders.customerId,
      name: orders.customerName,
      createdAt: orders.createdAt,
      userId: orders.userId,
    })
    .from(orders)
    .where(inArray(orders.customerId, [...customerIds]));
}

/** The customer records of the enquiries whose name, e-mail or phone holds `q` (contactMatching), as a subquery. */
export const customersMatching = (db: Pick<Db, 'selectDistinct'>, q: string) =>
  db.selectDistinct({ id: orders.customerId }).from(orders).where(contactMatching(q));

/** The ids of a customer record's enquiries, as a subquery for another concept's read. */
export const enquiryIdsOfCustomer = (db: Reader, customerId: number) =>
  db.select({ id: orders.id }).from(orders).where(eq(orders.customerId, customerId));

/** Each enquiry's customer record, as a subquery another concept's read joins on `orderId`. */
export const enquiryCustomers = (db: Reader) =>
  db.select({ orderId: orders.id, customerId: orders.customerId }).from(orders).as('enquiry');

/** The name on the latest enquiry of the customer record `customerId` (a column of the caller's query). */
export const latestCustomerName = (customerId: SQLWrapper) =>
  sql<string>`(select latest.customer_name from ${orders} latest where latest.customer_id = ${customerId} order by latest.created_at desc, latest.id desc limit 1)`;
