import { sql } from 'drizzle-orm';

import { type DocumentKind, maxSerial } from '#domains/invoice/document-numbers.ts';
import { documentCounters } from '#domains/invoice/tables.ts';
import { conflict } from '#lib/errors.ts';
import type { Tx } from '#platform/db/client.ts';

/**
 * The next serial of a series in a financial year, taken inside the issuing transaction: the counter's row is counted
 * up and stays locked until that transaction ends, so a second issuer (on this process or another) waits and then
 * takes the next number, and a transaction that fails gives its number back. Numbers are never skipped or reused.
 */
export async function nextSerial(tx: Tx, kind: DocumentKind, financialYear: string): Promise<number> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ series: kind, financialYear, lastSerial: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.series, documentCounters.financialYear],
      set: { lastSerial: sql`${documentCounters.lastSerial} + 1` },
    })
    .returning({ serial: documentCounters.lastSerial });
  if (!row) throw new Error('the document counter answered nothing');
  if (row.serial > maxSerial(kind)) {
    throw conflict(`The ${kind} numbers of ${financialYear} are used up: the series needs a new prefix`);
  }
  return row.serial;
}
