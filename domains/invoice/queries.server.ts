import { and, asc, desc, eq, exists, gt, gte, inArray, lte, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

import type { DocumentTotals, InvoiceDocument } from '#domains/invoice/model.ts';
import { overpaid, owing, unpaidPart } from '#domains/invoice/owing.server.ts';
import { creditNotes, dispatches, invoices, orderNotices, payments, refunds } from '#domains/invoice/tables.ts';
import type { Db } from '#platform/db/client.ts';

// The invoices' rows as the concepts above them read them (the e-invoices, the e-way bills, the statements, the
// reminders, the customers' records, the bank's credits), inside the callers'
// transactions where they have one: only the invoice concept names its tables.
type Reader = Pick<Db, 'select'>;

/** The id of the order's invoice; the caller has found the invoice already. */
export async function invoiceIdOf(db: Reader, orderId: number): Promise<number> {
  const [row] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, orderId));
  return (row as { id: number }).id;
}

/** The id of the order's `n`th credit note (from 1, in the order they were issued); the caller has found it already. */
export async function creditNoteIdOf(db: Reader, orderId: number, n: number): Promise<number> {
  const rows = await db
    .select({ id: creditNotes.id })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(creditNotes.id));
  return (rows[n - 1] as { id: number }).id;
}

/** The invoices issued from `from` to `to` (days, both included), in their numbers' order. */
export async function invoicesIssuedBetween(
  db: Reader,
  from: string,
  to: string,
): Promise<{ orderId: number; document: InvoiceDocument }[]> {
  return db
    .select({ orderId: invoices.orderId, document: invoices.document })
    .from(invoices)
    .where(and(gte(invoices.issuedOn, from), lte(invoices.issuedOn, to)))
    .orderBy(asc(invoices.financialYear), asc(invoices.serial));
}

/** Every dispatch of these orders, the latest first. */
export async function dispatchesOf(db: Reader, orderIds: readonly number[]): Promise<(typeof dispatches.$inferSelect)[]> {
  return db
    .select()
    .from(dispatches)
    .where(inArray(dispatches.orderId, [...orderIds]))
    .orderBy(desc(dispatches.id));
}

/**
 * What was issued, paid and refunded on these enquiries' invoices: the invoices in the order they were issued, and
 * their credit notes, payments and refunds in the order they were recorded.
 */
export async function invoiceHistoryOf(db: Reader, orderIds: readonly number[]) {
  const issued = await db
    .select({
      id: invoices.id,
      orderId: invoices.orderId,
      number: invoices.number,
      issuedOn: invoices.issuedOn,
      total: invoices.total,
      document: invoices.document,
    })
    .from(invoices)
    .where(inArray(invoices.orderId, [...orderIds]))
    .orderBy(asc(invoices.issuedAt));
  const invoiceIds = issued.map((invoice) => invoice.id);
  if (invoiceIds.length === 0) return { issued, notes: [], paid: [], refunded: [] };
  const [notes, paid, refunded] = await Promise.all([
    db
      .select({
        invoiceId: creditNotes.invoiceId,
        number: creditNotes.number,
        issuedOn: creditNotes.issuedOn,
        total: creditNotes.total,
      })
      .from(creditNotes)
      .where(inArray(creditNotes.invoiceId, invoiceIds))
      .orderBy(asc(creditNotes.id)),
    moneyMoved(db, payments, invoiceIds, { receivedOn: payments.receivedOn }),
    moneyMoved(db, refunds, invoiceIds, { paidOn: refunds.paidOn }),
  ]);
  return { issued, notes, paid, refunded };
}

/** These invoices' payments, or their refunds, in the order they were recorded: each one's amount, day, method and reference. */
function moneyMoved<Day extends Record<string, AnyPgColumn>>(
  db: Reader,
  table: typeof payments | typeof refunds,
  invoiceIds: number[],
  day: Day,
) {
  return db
    .select({ invoiceId: table.invoiceId, amount: table.amount, ...day, method: table.method, reference: table.reference })
    .from(table)
    .where(inArray(table.invoiceId, invoiceIds))
    .orderBy(asc(table.id));
}

/**
 * Each of these enquiries' invoices' total and what its own credit notes took off. A join, not a subquery in the
 * select list: Drizzle writes a one-table select's columns without their table, so the subquery's `invoice_id = id`
 * compared the credit note with itself and took other customers' notes off.
 */
export function invoicedTotalsOf(db: Reader, orderIds: readonly number[]) {
  return db
    .select({
      orderId: invoices.orderId,
      total: invoices.total,
      credited: sql<number>`coalesce(sum(${creditNotes.total}), 0)`.mapWith(Number),
    })
    .from(invoices)
    .leftJoin(creditNotes, eq(creditNotes.invoiceId, invoices.id))
    .where(inArray(invoices.orderId, [...orderIds]))
    .groupBy(invoices.id);
}

/** The enquiries among `orderIds` (a subquery) that have an invoice. */
export function invoicedAmong(db: Reader, orderIds: SQLWrapper) {
  return db.select({ orderId: invoices.orderId }).from(invoices).where(inArray(invoices.orderId, orderIds));
}

/**
 * Up to `limit` invoices with something still to pay (owing.server.ts's rule) after the id `after`, by id: when each
 * was issued, when it falls due and what is left to pay.
 */
export function owingInvoicesAfter(db: Reader, after: number, limit: number) {
  return db
    .select({
      id: invoices.id,
      orderId: invoices.orderId,
      date: invoices.issuedOn,
      dueOn: sql<string>`${invoices.document}->>'dueOn'`,
      balance: sql<number>`${unpaidPart}`.mapWith(Number),
    })
    .from(invoices)
    .where(and(gt(invoices.id, after), owing))
    .orderBy(asc(invoices.id))
    .limit(limit);
}

/** The enquiry of each of these invoice numbers that names an invoice. */
export function invoiceOrdersByNumber(db: Reader, numbers: readonly string[]) {
  return db
    .select({ orderId: invoices.orderId, number: invoices.number })
    .from(invoices)
    .where(inArray(invoices.number, [...numbers]));
}

/** The payments recorded with this UTR that `unclaimed` (given the payment's id column) lets through. */
export function paymentsByReference(db: Reader, reference: string, unclaimed: (paymentId: AnyPgColumn) => SQL) {
  return db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.reference, reference), unclaimed(payments.id)));
}

/** These payments, by id, each with its invoice's number and enquiry. */
export function paymentsWithInvoices(db: Reader, paymentIds: readonly number[]) {
  return db
    .select({ id: payments.id, orderId: invoices.orderId, invoice: invoices.number, amount: payments.amount })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(inArray(payments.id, [...paymentIds]))
    .orderBy(asc(payments.id));
}

/** The enquiry whose id is `orderId` has an invoice. */
export const hasInvoice = (db: Reader, orderId: AnyPgColumn): SQL =>
  exists(db.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, orderId)));

/** The enquiry whose id is `orderId` has a dispatch recorded. */
export const hasDispatch = (db: Reader, orderId: AnyPgColumn): SQL =>
  exists(db.select({ id: dispatches.id }).from(dispatches).where(eq(dispatches.orderId, orderId)));

/**
 * The enquiries with something still to pay on their invoice, as a subquery of their ids; with `today`, only those
 * overdue: today after the due date (domains/statement/ageing.ts's isOverdue).
 */
export const owingOrderIds = (db: Reader, today?: string) =>
  db
    .select({ id: invoices.orderId })
    .from(invoices)
    .where(and(owing, today === undefined ? undefined : sql`(${invoices.document}->>'dueOn') < ${today}`));

/** The enquiries paid more than their invoice asks, as a subquery of their ids. */
export const overpaidOrderIds = (db: Reader) => db.select({ id: invoices.orderId }).from(invoices).where(overpaid);

/** When the enquiry's invoice falls due, for ordering the enquiries by it. */
export const invoiceDueOf = (orderId: AnyPgColumn): SQL =>
  sql`(select min(${invoices.document}->>'dueOn') from ${invoices} where ${invoices.orderId} = ${orderId})`;

/** When the enquiry's invoice was issued, for ordering the enquiries by it. */
export const invoicedAtOf = (orderId: AnyPgColumn): SQL =>
  sql`(select min(${invoices.issuedAt}) from ${invoices} where ${invoices.orderId} = ${orderId})`;

/** The first `limit` overdue invoices on `today`, the earliest due first: each one's enquiry, number, due day and what is left to pay. */
export function overdueInvoices(db: Reader, today: string, limit: number) {
  return db
    .select({
      orderId: invoices.orderId,
      invoiceNumber: invoices.number,
      dueOn: sql<string>`${invoices.document}->>'dueOn'`,
      balance: sql<number>`${unpaidPart}`.mapWith(Number),
    })
    .from(invoices)
    .where(and(owing, sql`(${invoices.document}->>'dueOn') < ${today}`))
    .orderBy(sql`${invoices.document}->>'dueOn'`, asc(invoices.id))
    .limit(limit);
}

/** The number of the enquiry's invoice, if it has one. */
export async function invoiceNumberOf(db: Reader, orderId: number): Promise<string | undefined> {
  const [invoice] = await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.orderId, orderId));
  return invoice?.number;
}

/** The once-only notices the enquiry's customer was already sent. */
export function noticesSentFor(db: Reader, orderId: number) {
  return db.select({ notice: orderNotices.notice }).from(orderNotices).where(eq(orderNotices.orderId, orderId));
}

/** These enquiries' invoices: each one's enquiry, number and totals. */
export function invoiceTotalsOf(db: Reader, orderIds: readonly number[]) {
  return db
    .select({
      orderId: invoices.orderId,
      number: invoices.number,
      totals: sql<DocumentTotals>`${invoices.document}->'totals'`,
    })
    .from(invoices)
    .where(inArray(invoices.orderId, [...orderIds]));
}
