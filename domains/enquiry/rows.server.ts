import { asc, desc, eq, ilike, or, type SQL } from 'drizzle-orm';

import type { EnquiryStatus } from '#domains/enquiry/model.ts';
import { orderItems, orders } from '#domains/enquiry/tables.ts';
import { notFound } from '#lib/errors.ts';
import type { Db, Tx } from '#platform/db/client.ts';
import { containing } from '#platform/db/lists.ts';

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
