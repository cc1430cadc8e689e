import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import { creditNotes, invoices } from '#domains/invoice/tables.ts';
import { parentKey } from '#platform/db/columns.ts';

/**
 * The invoice registration portal's answer to an invoice or a credit note (credit_note_id set), as the staff pasted
 * it: written once; the cancellation's columns are filled once, within the portal's 24 hours, and never changed.
 */
export const eInvoices = pgTable(
  'e_invoices',
  {
    id: serial('id').primaryKey(),
    invoiceId: parentKey('invoice_id', () => invoices.id),
    creditNoteId: integer('credit_note_id').references(() => creditNotes.id),
    documentNumber: text('document_number').notNull(),
    irn: text('irn').notNull(),
    ackNo: text('ack_no').notNull(),
    /** The portal's time, 'YYYY-MM-DD HH:mm:ss' in India, as it gave it. */
    ackDate: text('ack_date').notNull(),
    signedInvoice: text('signed_invoice').notNull(),
    signedQrCode: text('signed_qr_code').notNull(),
    recordedBy: text('recorded_by').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    cancelDate: text('cancel_date'),
    cancelReason: text('cancel_reason'),
    cancelRemark: text('cancel_remark'),
    cancelRecordedBy: text('cancel_recorded_by'),
    cancelRecordedAt: timestamp('cancel_recorded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('e_invoices_document_idx').on(t.documentNumber),
    uniqueIndex('e_invoices_irn_idx').on(t.irn),
    index('e_invoices_invoice_idx').on(t.invoiceId),
  ],
);
