import {
  and,
  asc,
  between,
  desc,
  eq,
  exists,
  gt,
  gte,
  inArray,
  isNotNull,
  lt,
  lte,
  not,
  or,
  type SQL,
  sql,
  type SQLWrapper,
} from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';

import { EXPIRING_DAYS, type QuoteFilter } from '#domains/quote/model.ts';
import { quotes } from '#domains/quote/tables.ts';
import { addDays } from '#lib/india-time.ts';
import type { Db } from '#platform/db/client.ts';

// The quotes as the concepts above read them (the reminders, the read side in domains/order-file), and as conditions
// on the enquiries the read side lists: only the quote concept names its table.
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

/** Sent quotes, still waiting for an answer, whose last day is from today to `daysBefore` days on. */
export const sentQuotesEndingWithin = (today: string, daysBefore: number) =>
  and(eq(quotes.status, 'sent'), gt(quotes.validUntil, addDays(today, -1)), lte(quotes.validUntil, addDays(today, daysBefore)));

/** Sent quotes whose last day is before today. */
export const sentQuotesPast = (today: string) => and(eq(quotes.status, 'sent'), sql`${quotes.validUntil} < ${today}`);

/** Up to `limit` quotes that `where` finds and `unhandled` (given the quote's id column) lets through, after the id `after`, by id. */
export function quotesAfter(
  db: Reader,
  after: number,
  where: SQL | undefined,
  unhandled: (quoteId: AnyPgColumn) => SQL,
  limit: number,
) {
  return db
    .select({ id: quotes.id, orderId: quotes.orderId })
    .from(quotes)
    .where(and(gt(quotes.id, after), where, unhandled(quotes.id)))
    .orderBy(asc(quotes.id))
    .limit(limit);
}

/** The quote, while it is still sent and waiting for an answer. */
export async function sentQuote(db: Reader, id: number) {
  const [row] = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.id, id), eq(quotes.status, 'sent')));
  return row;
}

/**
 * The enquiries whose latest quote is in the state asked for, as a subquery of their ids. A waiting ('sent') or
 * accepted version is always the latest (a new version supersedes or withdraws it), so only a declined one needs the
 * check for a newer version.
 */
export function quotedOrderIds(db: Reader, filter: Exclude<QuoteFilter, 'none'>, today: string) {
  const newer = alias(quotes, 'newer');
  const where = {
    waiting: and(eq(quotes.status, 'sent'), gte(quotes.validUntil, today)),
    expiring: and(eq(quotes.status, 'sent'), between(quotes.validUntil, today, addDays(today, EXPIRING_DAYS))),
    expired: and(eq(quotes.status, 'sent'), lt(quotes.validUntil, today)),
    accepted: eq(quotes.status, 'accepted'),
    declined: and(
      eq(quotes.status, 'declined'),
      not(
        exists(
          db
            .select({ id: newer.id })
            .from(newer)
            .where(and(eq(newer.orderId, quotes.orderId), gt(newer.version, quotes.version))),
        ),
      ),
    ),
  }[filter];
  return db.select({ id: quotes.orderId }).from(quotes).where(where);
}

/** The last day of the enquiry's open (sent) quote, for ordering the enquiries by it. */
export const openQuoteEndOf = (orderId: AnyPgColumn): SQL =>
  sql`(select min(${quotes.validUntil}) from ${quotes} where ${quotes.orderId} = ${orderId} and ${quotes.status} = 'sent')`;
