import { ilike, or, type SQL } from 'drizzle-orm';

import { type orderItems, orders } from '#domains/enquiry/tables.ts';
import { notFound } from '#lib/errors.ts';
import { containing } from '#platform/db/lists.ts';

/** An enquiry as the `orders` table stores it. */
export type EnquiryRow = typeof orders.$inferSelect;
/** One line of an enquiry. */
export type ItemRow = typeof orderItems.$inferSelect;

/** The answer to an enquiry id that names none. */
export const enquiryNotFound = (id: number) => notFound(`Enquiry ${id} not found`);

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
