import { and, asc, desc, eq, gte, inArray, lte } from 'drizzle-orm';

import type { InvoiceDocument } from '#domains/invoice/model.ts';
import { creditNotes, dispatches, invoices } from '#domains/invoice/tables.ts';
import type { Db } from '#platform/db/client.ts';

// The invoices' rows as the concepts above them read them (the e-invoices, the e-way bills), inside the callers'
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
