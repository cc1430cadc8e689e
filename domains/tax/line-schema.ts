// A line's tax fields as the product form and the quote take them: its HSN code and its GST rate.
import { z } from 'zod';

import type { GstRate } from '#domains/tax/gst.ts';
import { singleLine } from '#lib/schemas/text.ts';

export const DEFAULT_GST_RATE: GstRate = 18;

export const hsnCodeSchema = singleLine()
  .trim()
  .regex(/^\d{4}(\d{2}){0,2}$/, 'HSN code must be 4, 6 or 8 digits');

const GST_RATE_SHAPE = 'GST rate must be a whole per cent from 0 to 100';

/**
 * A GST rate as a number or its digits ('18' from a form); blank or null is refused, never read as 0%. Which rates
 * may be chosen is the shop's GST_RATES setting, checked where a rate is stored (the quote and product services).
 */
export const gstRateSchema = z
  .union([z.number(), z.string().trim().regex(/^\d+$/, GST_RATE_SHAPE)], { error: GST_RATE_SHAPE })
  .transform(Number)
  .refine((rate) => Number.isInteger(rate) && rate >= 0 && rate <= 100, { error: GST_RATE_SHAPE });
