import { sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';

import { creditNotes, invoices, payments, refunds } from '#domains/invoice/tables.ts';

/** The sum of `amount` over the rows of `table` that belong to the invoice. */
const sumOf = (table: PgTable, amount: AnyPgColumn, invoiceId: AnyPgColumn) =>
  sql<number>`coalesce((select sum(${amount}) from ${table} where ${invoiceId} = ${invoices.id}), 0)`;

/** An invoice's credit notes, payments and refunds, each added up (domains/invoice/payments.ts's `InvoiceAmounts`). */
export const invoiceSums = {
  credited: sumOf(creditNotes, creditNotes.total, creditNotes.invoiceId),
  paid: sumOf(payments, payments.amount, payments.invoiceId),
  refunded: sumOf(refunds, refunds.amount, refunds.invoiceId),
};

/**
 * What is left between the shop and the customer on an invoice, in SQL: domains/invoice/payments.ts's `unpaidPart`, which
 * `paymentPosition` reads (invoiced less credited less paid plus refunded). Above 0 the customer still has that to
 * pay; below 0 the shop owes that back.
 */
export const unpaidPart = sql`(${invoices.total} - ${invoiceSums.credited} - ${invoiceSums.paid} + ${invoiceSums.refunded})`;
/** An invoice with something still to pay: `balance` above 0. */
export const owing = sql`${unpaidPart} > 0`;
/** An invoice paid beyond what its credit notes left owing and not yet paid back: `refundDue` above 0. */
export const overpaid = sql`${unpaidPart} < 0`;
