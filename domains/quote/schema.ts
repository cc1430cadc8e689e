import { z } from 'zod';

import { isGstStateCode } from '#domains/tax/gst.ts';
import { optionalGstin } from '#domains/tax/gstin-schema.ts';
import { gstRateSchema, hsnCodeSchema } from '#domains/tax/line-schema.ts';
import { isCalendarDay } from '#lib/calendar.ts';
import { MAX_ID } from '#lib/ids.ts';
import { toPaise } from '#lib/money.ts';
import { groupedRupees } from '#lib/schemas/money.ts';
import { pathIdSchema } from '#lib/schemas/query.ts';
import { multiLine, textOrNone } from '#lib/schemas/text.ts';

/** A delivery charge is a few hundred rupees; the ceiling keeps it within the database's integer. */
const MAX_DELIVERY_PAISE = 1_00_000_00;
const paise = (field: string) => groupedRupees(field).transform(toPaise);

/**
 * POST /api/admin/orders/{id}/quotes (and its review, .../quotes/preview): one price, HSN code and rate per line of
 * the enquiry, in its order. A blank HSN code is taken (a deleted product has none) and called out by the review.
 */
export const quoteBodySchema = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        price: paise('Price'),
        hsnCode: z.union([z.literal(''), hsnCodeSchema], { error: 'HSN code must be 4, 6 or 8 digits' }),
        gstRate: gstRateSchema,
      }),
      { error: 'lines must be a list' },
    )
    .min(1, 'A quote needs its lines'),
  delivery: paise('Delivery charge').refine(
    (charge) => charge <= MAX_DELIVERY_PAISE,
    'Delivery charge must be at most ₹1,00,000',
  ),
  placeOfSupply: z.string({ error: 'Choose the state of delivery' }).refine(isGstStateCode, 'Choose the state of delivery'),
  customerGstin: optionalGstin(),
  /** The billing party's legal name (Bill to), when it is not the customer's own name; blank: the customer's name. */
  billingName: textOrNone('Legal name', 200),
  /** The billing party's address, when it is not the delivery address; blank: the delivery address. */
  billingAddress: textOrNone('Billing address', 500, 'multi'),
  validUntil: z.string({ error: 'Valid until must be a date' }).refine(isCalendarDay, 'Valid until must be a date'),
  note: z
    .union([z.null(), multiLine().trim().max(1000, 'The note must be at most 1000 characters')])
    .optional()
    .transform((note) => note || null),
  /** Set when this version replaces a quote the customer has accepted: that acceptance is then withdrawn. */
  replacesAccepted: z.boolean({ error: 'replacesAccepted must be true or false' }).optional().default(false),
  /**
   * The version this send makes, as the review named it ('Send Q-1042-2'): sent again once that version is out, the
   * answer is that version, not another. Without it, the next version.
   */
  version: z.number({ error: 'version must be a number' }).int().positive().max(MAX_ID).optional(),
});
export type QuoteBody = z.output<typeof quoteBodySchema>;
export type QuoteBodyInput = z.input<typeof quoteBodySchema>;

/** /api/admin/orders/{id}/quotes/{version}/pdf. */
export const quoteVersionParamsSchema = z.strictObject({
  id: pathIdSchema('Enquiry id'),
  version: pathIdSchema('Quote version'),
});

/** The customer's answer to a quote: which version, and for a decline an optional reason. */
export const quoteAnswerSchema = z.strictObject({
  version: z.number({ error: 'version must be a number' }).int().positive().max(MAX_ID),
  reason: z
    .union([z.null(), multiLine().trim().max(500, 'The reason must be at most 500 characters')])
    .optional()
    .transform((reason) => reason || null),
});
