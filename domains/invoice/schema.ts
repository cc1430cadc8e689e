import { z } from 'zod';

import { ENQUIRY_STATUSES, MAX_ENQUIRY_LINES } from '#domains/enquiry/model.ts';
import {
  compactCode,
  DOCKET_PATTERN,
  EWAY_BILL_PATTERN,
  MAX_DISTANCE_KM,
  TRANSPORT_MODES,
  transporterIdProblem,
  type TransportMode,
  VEHICLE_PATTERN,
} from '#domains/invoice/dispatch.ts';
import { INVOICE_COPY_NAMES } from '#domains/invoice/invoice-view.ts';
import { normalisedReference, PAYMENT_METHODS, type PaymentMethod, referenceProblem } from '#domains/invoice/payments.ts';
import { quoteBodySchema } from '#domains/quote/schema.ts';
import { isCalendarDay } from '#lib/calendar.ts';
import { toPaise } from '#lib/money.ts';
import { groupedRupees } from '#lib/schemas/money.ts';
import { pathIdSchema } from '#lib/schemas/query.ts';
import { singleLine } from '#lib/schemas/text.ts';

const day = (field: string) =>
  z.string({ error: `${field} must be a date` }).refine(isCalendarDay, `${field} must be a date like 2026-11-26`);

/** Blank, null or left out is none; anything else goes on as typed. */
const optionalText = (max: number, message: string) =>
  z
    .union([z.literal(''), z.null(), singleLine().trim().max(max, message)])
    .optional()
    .transform((value) => value || null);

/**
 * POST /api/admin/orders/{id}/invoice. Empty: the invoice follows the accepted quote. Without an accepted quote the
 * staff must confirm the enquiry's lines explicitly, with a price, HSN code and rate each, as a quote has them.
 */
export const invoiceBodySchema = z.strictObject({
  confirmed: quoteBodySchema
    .pick({ lines: true, delivery: true, placeOfSupply: true, customerGstin: true, billingName: true, billingAddress: true })
    .optional(),
});
export type InvoiceBody = z.output<typeof invoiceBodySchema>;
export type InvoiceBodyInput = z.input<typeof invoiceBodySchema>;

/**
 * POST /api/admin/orders/{id}/credit-notes: why, and what to take back (cartons of lines by their number on the
 * invoice, the delivery charge). Without `lines`, everything not yet credited: only for a cancelled enquiry.
 */
export const creditNoteBodySchema = z.strictObject({
  reason: singleLine({ error: 'Give the reason for the credit note' })
    .trim()
    .min(3, 'Give the reason for the credit note')
    .max(200, 'The reason must be at most 200 characters'),
  lines: z
    .array(
      z.strictObject({
        line: z
          .number({ error: 'line must be the line’s number on the invoice' })
          .int('line must be the line’s number on the invoice')
          .min(1, 'line must be the line’s number on the invoice')
          .max(MAX_ENQUIRY_LINES, 'line must be the line’s number on the invoice'),
        quantity: z
          .number({ error: 'quantity must be a number of cartons' })
          .int('quantity must be a whole number of cartons')
          .min(1, 'Credit at least one carton')
          .max(999, 'quantity must be at most 999 cartons'),
      }),
      { error: 'lines must be a list' },
    )
    .max(MAX_ENQUIRY_LINES, `At most ${MAX_ENQUIRY_LINES} lines`)
    .optional(),
  delivery: z.boolean({ error: 'delivery must be true or false' }).optional(),
});
export type CreditNoteBody = z.output<typeof creditNoteBodySchema>;

/** POST /api/admin/orders/{id}/credit-notes/preview: what a credit note would take back, before its reason is given. */
export const creditNotePreviewSchema = creditNoteBodySchema.omit({ reason: true });
export type CreditNotePreviewBody = z.output<typeof creditNotePreviewSchema>;

/** Money that moved, in either direction: how much, how, and its reference on the statement. */
const moneyMoved = {
  amount: groupedRupees('Amount')
    .transform(toPaise)
    .refine((amount) => amount > 0, 'Amount must be more than 0'),
  method: z.enum(PAYMENT_METHODS, { error: `method must be one of ${PAYMENT_METHODS.join(', ')}` }),
  reference: optionalText(40, 'The reference is too long').transform((value) => (value ? normalisedReference(value) : null)),
};

/** The reference must fit its method (a UPI UTR of 12 digits, a cheque's 6…). */
function referenceFits(moved: { method: PaymentMethod; reference: string | null }, ctx: z.RefinementCtx): void {
  const problem = referenceProblem(moved.method, moved.reference);
  if (problem) ctx.addIssue({ code: 'custom', path: ['reference'], message: problem });
}

/** POST /api/admin/orders/{id}/payments: what arrived, when, how, and its reference on the statement. */
export const paymentBodySchema = z.strictObject({ ...moneyMoved, receivedOn: day('Received on') }).superRefine(referenceFits);
export type PaymentBody = z.output<typeof paymentBodySchema>;

/** POST /api/admin/orders/{id}/refunds: what the shop paid back, when, how, its reference, and a note for the staff. */
export const refundBodySchema = z
  .strictObject({
    ...moneyMoved,
    paidOn: day('Paid on'),
    note: optionalText(200, 'The note must be at most 200 characters'),
  })
  .superRefine(referenceFits);
export type RefundBody = z.output<typeof refundBodySchema>;

/** A code field checked against its shape after spaces (and, for a vehicle, hyphens) are taken out. */
const code = (field: string, pattern: RegExp, normalise: (value: string) => string, message: string) =>
  singleLine({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(40, message)
    .transform(normalise)
    .refine((value) => pattern.test(value), message);

const optionalCode = (pattern: RegExp, message: string) =>
  optionalText(40, message)
    .transform((value) => (value ? compactCode(value) : null))
    .refine((value) => value === null || pattern.test(value), message);

const DISTANCE_MESSAGE = `Distance must be whole km from 1 to ${MAX_DISTANCE_KM.toLocaleString('en-IN')}`;

/** The dispatch details that go with the status shipped. */
export const dispatchSchema = z.strictObject({
  transporter: singleLine({ error: 'Transporter is required' })
    .trim()
    .min(2, 'Transporter is required')
    .max(100, 'Transporter must be at most 100 characters'),
  docketNumber: code(
    'Docket or LR number',
    DOCKET_PATTERN,
    (value) => value.replace(/\s+/g, '').toUpperCase(),
    'A docket or LR number has 3 to 30 letters, digits, - and /',
  ),
  vehicleNumber: optionalCode(VEHICLE_PATTERN, 'A vehicle number reads like KL07AB1234'),
  expectedOn: day('Expected delivery'),
  ewayBillNumber: optionalCode(EWAY_BILL_PATTERN, 'An e-way bill number has 12 digits'),
  distanceKm: z
    .union([z.literal(''), z.null(), z.number(), z.string().trim().regex(/^\d+$/, DISTANCE_MESSAGE).transform(Number)], {
      error: DISTANCE_MESSAGE,
    })
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value))
    .refine((km) => km === null || (Number.isInteger(km) && km >= 1 && km <= MAX_DISTANCE_KM), DISTANCE_MESSAGE),
  transportMode: z
    .enum(Object.keys(TRANSPORT_MODES) as [TransportMode, ...TransportMode[]], {
      error: `Mode of transport must be one of ${Object.keys(TRANSPORT_MODES).join(', ')}`,
    })
    .default('road'),
  transporterId: optionalText(40, 'A transporter id has 15 characters')
    .transform((value) => (value ? compactCode(value) : null))
    .superRefine((value, ctx) => {
      const problem = value === null ? null : transporterIdProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  transportDocDate: z
    .union([z.literal(''), z.null(), day('Docket or LR date')])
    .optional()
    .transform((value) => value || null),
});

/** A report's month: '2026-11'. */
export const monthSchema = z
  .string({ error: "'month' is required, like 2026-11" })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "'month' must be a month like 2026-11");

/** GET …/credit-notes/{n}/pdf: the order's n-th credit note, from 1. */
export const creditNoteParamsSchema = z.strictObject({ id: pathIdSchema('Enquiry id'), n: pathIdSchema('Credit note') });
/** The same by status link or account: the enquiry comes from the link. */
export const creditNoteNumberSchema = z.object({ n: pathIdSchema('Credit note') });

/** The staff's invoice PDF: all three copies, or the one named ('?copy=duplicate'). */
export const invoicePdfQuerySchema = z.strictObject({
  copy: z.enum(INVOICE_COPY_NAMES, { error: `'copy' must be one of ${INVOICE_COPY_NAMES.join(', ')}` }).optional(),
});

/**
 * PATCH /api/admin/orders/{id}/status: the status; with 'shipped' the dispatch details when they are known; with
 * 'cancelled' of an invoiced enquiry, the reason of the credit note for everything not yet credited, issued in the
 * same step. `from`, optional, is the status the staff member's screen showed: when the enquiry has another by now
 * (someone else changed it meanwhile), the change is refused with 409 instead of laid over theirs.
 */
export const statusBodySchema = z
  .strictObject({
    status: z.enum(ENQUIRY_STATUSES, { error: `'status' must be one of ${ENQUIRY_STATUSES.join(', ')}` }),
    from: z.enum(ENQUIRY_STATUSES, { error: `'from' must be one of ${ENQUIRY_STATUSES.join(', ')}` }).optional(),
    dispatch: dispatchSchema.optional(),
    creditNote: creditNoteBodySchema.pick({ reason: true }).optional(),
  })
  .refine((change) => !change.dispatch || change.status === 'shipped', {
    path: ['dispatch'],
    error: 'Dispatch details go with the status shipped',
  })
  .refine((change) => !change.creditNote || change.status === 'cancelled', {
    path: ['creditNote'],
    error: 'A credit note goes with the status cancelled',
  });
export type StatusChange = z.output<typeof statusBodySchema>;
