import { and, desc, eq } from 'drizzle-orm';

import { displayIdOf } from '#domains/enquiry/model.ts';
import { type InvoiceBasis, invoiceBasis } from '#domains/invoice/model.ts';
import { quoteNumber } from '#domains/quote/model.ts';
import { quotes } from '#domains/quote/tables.ts';
import { isGstStateCode } from '#domains/tax/gst.ts';
import type { Db } from '#platform/db/client.ts';

/**
 * The quote the customer accepted for an enquiry, as its invoice takes it (lines, tax and totals exactly as
 * accepted), or null when none is accepted. This file is the one place the invoices read and change quotes, whose
 * storage is the quotes' own (domains/quote/service.server.ts) and may change.
 */
export async function acceptedQuoteOf(db: Pick<Db, 'select'>, orderId: number): Promise<InvoiceBasis | null> {
  const [row] = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.orderId, orderId), eq(quotes.status, 'accepted')))
    .orderBy(desc(quotes.version))
    .limit(1);
  if (!row) return null;
  if (!isGstStateCode(row.placeOfSupply)) throw new Error(`quote ${row.id} has no place of supply`);
  const number = quoteNumber(displayIdOf(row.orderId), row.version);
  return invoiceBasis(number, { lines: row.lines, totals: row.totals }, row.placeOfSupply, row.customerGstin, {
    name: row.billingName,
    address: row.billingAddress,
  });
}

/**
 * Withdraws the quotes of an enquiry still waiting for an answer (expired ones too), in the issuing transaction: once
 * the tax invoice is issued from the lines the staff confirmed, accepting one would agree to something else than the
 * invoice. Answers their numbers.
 */
export async function withdrawOpenQuotes(tx: Pick<Db, 'update'>, orderId: number): Promise<string[]> {
  const withdrawn = await tx
    .update(quotes)
    .set({ status: 'withdrawn-at-invoice' })
    .where(and(eq(quotes.orderId, orderId), eq(quotes.status, 'sent')))
    .returning({ version: quotes.version });
  return withdrawn.map((row) => quoteNumber(displayIdOf(orderId), row.version));
}
