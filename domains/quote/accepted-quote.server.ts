import { and, desc, eq } from 'drizzle-orm';

import { displayIdOf } from '#domains/enquiry/model.ts';
import { quoteNumber } from '#domains/quote/model.ts';
import { quotes } from '#domains/quote/tables.ts';
import { type GstStateCode, isGstStateCode } from '#domains/tax/gst.ts';
import type { Db } from '#platform/db/client.ts';

/** The quote the customer accepted, as its invoice takes it: lines, tax and totals exactly as accepted. */
export interface AcceptedQuote {
  number: string;
  priced: Pick<typeof quotes.$inferSelect, 'lines' | 'totals'>;
  placeOfSupply: GstStateCode;
  customerGstin: string | null;
  billing: { name: string | null; address: string | null };
}

/**
 * The quote the customer accepted for an enquiry, or null when none is accepted. This file is the one place the
 * invoices read and change quotes (domains/invoice/service.server.ts): the storage stays the quotes' own.
 */
export async function acceptedQuoteOf(db: Pick<Db, 'select'>, orderId: number): Promise<AcceptedQuote | null> {
  const [row] = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.orderId, orderId), eq(quotes.status, 'accepted')))
    .orderBy(desc(quotes.version))
    .limit(1);
  if (!row) return null;
  if (!isGstStateCode(row.placeOfSupply)) throw new Error(`quote ${row.id} has no place of supply`);
  return {
    number: quoteNumber(displayIdOf(row.orderId), row.version),
    priced: { lines: row.lines, totals: row.totals },
    placeOfSupply: row.placeOfSupply,
    customerGstin: row.customerGstin,
    billing: { name: row.billingName, address: row.billingAddress },
  };
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
