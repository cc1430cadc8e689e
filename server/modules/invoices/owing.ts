import { sql } from 'drizzle-orm';

import { creditNotes, invoices, payments } from '../../db/schema.ts';

/**
 * What the customer owes on an invoice, less what they paid (core/payments.ts's paymentPosition, in SQL for a
 * filter): above 0 something is still to pay, below 0 a refund.
 */
export const unpaidPart = sql`${invoices.total}
  - coalesce((select sum(${creditNotes.total}) from ${creditNotes} where ${creditNotes.invoiceId} = ${invoices.id}), 0)
  - coalesce((select sum(${payments.amount}) from ${payments} where ${payments.invoiceId} = ${invoices.id}), 0)`;
/** An invoice with something still to pay: its total less its credit notes and the payments recorded. */
export const owing = sql`${unpaidPart} > 0`;
/** An invoice paid beyond what its credit notes left owing (core/payments.ts's refundDue above 0). */
export const overpaid = sql`${unpaidPart} < 0`;
