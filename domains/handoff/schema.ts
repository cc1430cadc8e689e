import { z } from 'zod';

import { GSTR1_TABLES } from '#domains/handoff/gstr1-csv.ts';
import { monthSchema } from '#domains/invoice/schema.ts';
import { isCalendarDay } from '#lib/calendar.ts';
import { singleLine } from '#lib/schemas/text.ts';

const day = (name: string) =>
  z.string({ error: `'${name}' is required, like 2026-11-01` }).refine(isCalendarDay, `'${name}' must be a day like 2026-11-01`);

/** GET /api/admin/reports/eway-bills?from=2026-11-01&to=2026-11-30: the invoices issued on those days, both included. */
export const ewayBillsQuerySchema = z
  .strictObject({ from: day('from'), to: day('to') })
  .refine((days) => days.from <= days.to, { path: ['to'], error: "'to' must not be before 'from'" });

/** GET /api/admin/reports/tally?month=2026-11: the month's vouchers for TallyPrime. */
export const tallyQuerySchema = z.strictObject({ month: monthSchema });

/** An issued credit note of the order, by its place among them (from 1), or the invoice when absent. */
const creditNoteNumber = z.coerce
  .number({ error: 'creditNote is the credit note’s place on the order, from 1' })
  .int('creditNote is the credit note’s place on the order, from 1')
  .min(1, 'creditNote is the credit note’s place on the order, from 1')
  .max(1000, 'creditNote is the credit note’s place on the order, from 1')
  .optional();

/** GET /api/admin/orders/{id}/e-invoice?creditNote=N: the invoice's IRP JSON, or its N-th credit note's. */
export const eInvoiceQuerySchema = z.strictObject({ creditNote: creditNoteNumber });

const SIGNED_TOKEN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const PORTAL_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const portalTime = (name: string) =>
  z
    .string({ error: `${name} is required, like 2026-12-05 10:30:00` })
    .trim()
    .regex(PORTAL_TIME, `${name} is a time like 2026-12-05 10:30:00`)
    .refine((at) => isCalendarDay(at.slice(0, 10)), `${name} is a time like 2026-12-05 10:30:00`);
const irn = z
  .string({ error: 'Irn is required: the 64-character invoice reference number' })
  .trim()
  .regex(/^[0-9a-fA-F]{64}$/, 'Irn is the invoice reference number: 64 characters, 0-9 and a-f')
  .transform((value) => value.toLowerCase());
const signedToken = (name: string, max: number) =>
  z
    .string({ error: `${name} is required, as the portal gave it` })
    .trim()
    .max(max, `${name} is too long for the portal's`)
    .regex(SIGNED_TOKEN, `${name} is the portal's signed token (three parts separated by dots): paste it whole`);

/**
 * The portal's answer as it gives it (its other keys, such as EwbNo, are ignored): the IRN, the acknowledgement's
 * number and time, the signed invoice and the signed QR code, and its status, which must be active.
 */
export const irpAnswerSchema = z.object(
  {
    Irn: irn,
    AckNo: z
      .union([z.string(), z.number()], { error: 'AckNo is required: the acknowledgement number' })
      .transform(String)
      .pipe(
        z
          .string()
          .trim()
          .regex(/^\d{15}$/, 'AckNo is the acknowledgement number: 15 digits'),
      ),
    AckDt: portalTime('AckDt'),
    SignedInvoice: signedToken('SignedInvoice', 100_000),
    SignedQRCode: signedToken('SignedQRCode', 4_000),
    Status: z
      .enum(['ACT', 'CNL'], { error: 'Status is ACT, as the portal gives a registered document' })
      .optional()
      .refine((status) => status !== 'CNL', 'This answer says the IRN is cancelled: record the cancellation instead'),
  },
  { error: "The answer is the portal's JSON object" },
);

/** POST /api/admin/orders/{id}/e-invoice/answer: the answer for the invoice, or for its N-th credit note. */
export const eInvoiceAnswerBodySchema = z.strictObject({ creditNote: creditNoteNumber, answer: irpAnswerSchema });
export type EInvoiceAnswerBody = z.output<typeof eInvoiceAnswerBodySchema>;

/** The portal's reasons for cancelling an IRN, by its codes. */
export const CANCEL_REASONS = { '1': 'Duplicate', '2': 'Data entry mistake', '3': 'Order cancelled', '4': 'Others' } as const;

/** POST /api/admin/orders/{id}/e-invoice/cancel: the portal's answer to a cancellation (its IRN and time), and why. */
export const eInvoiceCancelBodySchema = z.strictObject({
  creditNote: creditNoteNumber,
  Irn: irn,
  CancelDate: portalTime('CancelDate'),
  reason: z.enum(Object.keys(CANCEL_REASONS) as ['1', '2', '3', '4'], {
    error: 'reason is the portal’s code: 1 duplicate, 2 data entry mistake, 3 order cancelled, 4 others',
  }),
  remark: singleLine({ error: 'remark must be text' })
    .trim()
    .min(1, 'Give a remark, as the portal asks')
    .max(100, 'remark is at most 100 characters'),
});
export type EInvoiceCancelBody = z.output<typeof eInvoiceCancelBodySchema>;

/**
 * GET /api/admin/reports/gstr1?month=2026-11: the month's tables as JSON (the Reports page's); with format=csv&table=b2b
 * one table as a CSV download, format=zip every table's CSV in one ZIP, format=gstn-json the portal's upload JSON.
 */
export const gstr1QuerySchema = z
  .strictObject({
    month: monthSchema,
    format: z
      .enum(['json', 'csv', 'zip', 'gstn-json'], { error: "'format' must be json, csv, zip or gstn-json" })
      .default('json'),
    table: z.enum(GSTR1_TABLES, { error: `'table' must be one of ${GSTR1_TABLES.join(', ')}` }).optional(),
  })
  .refine((query) => query.format !== 'csv' || query.table !== undefined, {
    path: ['table'],
    error: `A CSV is one table: give 'table', one of ${GSTR1_TABLES.join(', ')}`,
  });
