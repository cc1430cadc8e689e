import { eq, exists, not, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

import { quotes } from '#domains/quote/tables.ts';
import type { Db } from '#platform/db/client.ts';

// The quotes as conditions on the enquiries the read side lists: only the quote concept names its table.
type Reader = Pick<Db, 'select'>;

/** The enquiry whose id is `orderId` has never been sent a quote. */
export const unquoted = (db: Reader, orderId: AnyPgColumn): SQL =>
  not(exists(db.select({ id: quotes.id }).from(quotes).where(eq(quotes.orderId, orderId))));
