import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  json,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { orders } from '#domains/enquiry/tables.ts';
import type { TransportMode } from '#domains/invoice/dispatch.ts';
import type { CreditNoteDocument, InvoiceDocument } from '#domains/invoice/model.ts';
import { PAYMENT_METHODS, type PaymentMethod } from '#domains/invoice/payments.ts';
import { parentKey } from '#platform/db/columns.ts';

/**
 * The last serial handed out in each series of document numbers (invoices, credit notes) per financial year. The
 * issuing transaction counts it up and holds its row until it commits, so two staff issuing at the same moment, on
 * any number of processes, get consecutive numbers, and a failed issue gives its number back. A trigger refuses any
 * change but counting up by one, and deleting (its migration, `…_invoices.sql`).
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    /** 'invoice' or 'credit-note' (domains/invoice/document-numbers.ts). */
    series: text('series').notNull(),
    /** '2026-27'. */
    financialYear: text('financial_year').notNull(),
    lastSerial: integer('last_serial').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.series, t.financialYear] }),
    check('document_counters_serial_positive', sql`${t.lastSerial} >= 1`),
  ],
);

/** What every issued document (invoice, credit note) keeps: its number, when and by whom, and itself, whole. */
const issuedDocument = <Document>() => ({
  /** 'GL/2026-27/0001', 'CN/2026-27/0001'. */
  number: text('number').notNull(),
  financialYear: text('financial_year').notNull(),
  serial: integer('serial').notNull(),
  /** The document's date (IST): the GSTR-1 month it belongs to. */
  issuedOn: date('issued_on', { mode: 'string' }).notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  issuedBy: text('issued_by').notNull(),
  document: json('document').$type<Document>().notNull(),
  total: bigint('total_paise', { mode: 'number' }).notNull(),
});

/**
 * GST tax invoices, one per enquiry at most: the document as issued, whole (domains/invoice/model.ts), never changed or
 * deleted (a trigger refuses both); a correction is a credit note. The enquiry cannot be deleted once invoiced.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    orderId: parentKey('order_id', () => orders.id),
    ...issuedDocument<InvoiceDocument>(),
    /**
     * Issued to a registered buyer while e-invoicing was on: the customer is sent it once the portal's answer is
     * recorded (e_invoices).
     */
    heldForIrn: boolean('held_for_irn').notNull().default(false),
  },
  (t) => [
    uniqueIndex('invoices_order_idx').on(t.orderId),
    uniqueIndex('invoices_number_idx').on(t.number),
    uniqueIndex('invoices_serial_idx').on(t.financialYear, t.serial),
    index('invoices_issued_on_idx').on(t.issuedOn),
  ],
);

/** Credit notes, each taking back part or all of one invoice; their own number series; never changed or deleted. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    invoiceId: parentKey('invoice_id', () => invoices.id),
    ...issuedDocument<CreditNoteDocument>(),
  },
  (t) => [
    uniqueIndex('credit_notes_number_idx').on(t.number),
    uniqueIndex('credit_notes_serial_idx').on(t.financialYear, t.serial),
    index('credit_notes_invoice_idx').on(t.invoiceId, t.id),
    index('credit_notes_issued_on_idx').on(t.issuedOn),
  ],
);

/**
 * What a payment and a refund both hold to, each in its own table: listed by invoice, the same transfer recorded twice
 * (two staff, one statement) refused, a positive amount, and one of the payment methods.
 */
const moneyMovedRules = (
  table: 'payments' | 'refunds',
  t: { id: AnyPgColumn; invoiceId: AnyPgColumn; amount: AnyPgColumn; method: AnyPgColumn; reference: AnyPgColumn },
) => [
  index(`${table}_invoice_idx`).on(t.invoiceId, t.id),
  uniqueIndex(`${table}_reference_idx`).on(t.invoiceId, t.method, t.reference),
  check(`${table}_amount_positive`, sql`${t.amount} > 0`),
  check(`${table}_method_check`, sql`${t.method} in (${sql.raw(PAYMENT_METHODS.map((method) => `'${method}'`).join(', '))})`),
];

/** Money the staff recorded as received against an invoice; never changed or deleted. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    invoiceId: parentKey('invoice_id', () => invoices.id),
    amount: bigint('amount_paise', { mode: 'number' }).notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    method: text('method').$type<PaymentMethod>().notNull(),
    /** The UTR, cheque number…; null for cash. */
    reference: text('reference'),
    recordedBy: text('recorded_by').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (t) => moneyMovedRules('payments', t),
);

/** Refunds paid out against an invoice paid beyond what its credit notes left owing; never changed or deleted. */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    invoiceId: parentKey('invoice_id', () => invoices.id),
    amount: bigint('amount_paise', { mode: 'number' }).notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    method: text('method').$type<PaymentMethod>().notNull(),
    /** The UTR, cheque number…; null for cash. */
    reference: text('reference'),
    /** The staff's note (why, to which account). */
    note: text('note'),
    recordedBy: text('recorded_by').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (t) => moneyMovedRules('refunds', t),
);

/** Dispatch details given when an order is shipped; a new row when they change, never an edit. */
export const dispatches = pgTable(
  'dispatches',
  {
    id: serial('id').primaryKey(),
    orderId: parentKey('order_id', () => orders.id),
    transporter: text('transporter').notNull(),
    docketNumber: text('docket_number').notNull(),
    vehicleNumber: text('vehicle_number'),
    expectedOn: date('expected_on', { mode: 'string' }).notNull(),
    ewayBillNumber: text('eway_bill_number'),
    /** The e-way bill's Part B (domains/invoice/dispatch.ts DispatchDetails); null on dispatches recorded before it was asked. */
    distanceKm: integer('distance_km'),
    transportMode: text('transport_mode').$type<TransportMode>(),
    transporterId: text('transporter_id'),
    transportDocDate: date('transport_doc_date', { mode: 'string' }),
    /** What the e-way bill rule was checked against (domains/invoice/dispatch.ts consignmentValue). */
    consignmentValue: bigint('consignment_value_paise', { mode: 'number' }).notNull(),
    recordedBy: text('recorded_by').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('dispatches_order_idx').on(t.orderId, t.id)],
);

/**
 * The e-mails a customer gets once per enquiry however often the staff change its status ('delivered', 'cancelled'):
 * a row is written with the e-mail, and a second attempt finds it.
 */
export const orderNotices = pgTable(
  'order_notices',
  {
    orderId: parentKey('order_id', () => orders.id, { onDelete: 'cascade' }),
    notice: text('notice').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.notice] })],
);
