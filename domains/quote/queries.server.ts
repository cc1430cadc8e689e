import { and, asc, desc, eq, exists, inArray, isNotNull, not, or, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

import { quotes } from '#domains/quote/tables.ts';
import type { Db } from '#platform/db/client.ts';

// The quotes as the read side (domains/order-file) reads them, and as conditions on the enquiries it lists: only the
// quote concept names its table.
type Reader = Pick<Db, 'select'>;

/** The enquiry whose id is `orderId` has never been sent a quote. */
export const unquoted = (db: Reader, orderId: AnyPgColumn): SQL =>
  not(exists(db.select({ id: quotes.id }).from(quotes).where(eq(quotes.orderId, orderId))));

/** The GSTIN and billing name on the last quote sent for one of these enquiries that gave either. */
export async function lastQuotedBusiness(db: Reader, orderIds: SQLWrapper) {
  const [quoted] = await db
    .select({ customerGstin: quotes.customerGstin, customerBusinessName: quotes.billingName })
    .from(quotes)
    .where(and(inArray(quotes.orderId, orderIds), or(isNotNull(quotes.customerGstin), isNotNull(quotes.billingName))))
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(1);
  return quoted;
}

/** The GSTINs on these enquiries' quotes (null where a quote gave none), in the order the quotes were sent. */
export function quotedGstins(db: Reader, orderIds: readonly number[]) {
  return db
    .select({ gstin: quotes.customerGstin })
    .from(quotes)
    .where(inArray(quotes.orderId, [...orderIds]))
    .orderBy(asc(quotes.id));
}
