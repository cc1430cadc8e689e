// The shapes of a cart line as the browser sends them; an enquiry's lines take the same fields (domains/enquiry/schema.ts).
import { z } from 'zod';

import { MAX_QUANTITY_WITHOUT_VARIATION } from '#domains/catalogue/categories.ts';
import { MAX_ID } from '#lib/ids.ts';

export const lineId = z
  .number({ error: 'Must be a whole number' })
  .int('Must be a whole number')
  .positive('Must be a positive number')
  .max(MAX_ID);
export const lineQuantity = z
  .number({ error: 'Quantity must be a whole number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(MAX_QUANTITY_WITHOUT_VARIATION, `Quantity must be at most ${MAX_QUANTITY_WITHOUT_VARIATION}`);

/** Every chosen option of a line, one per variation type (the server checks and sorts them). */
export const lineOptionIds = z.array(lineId).max(20, 'At most 20 options').optional();

export const cartAddSchema = z.strictObject({
  productId: lineId,
  quantity: lineQuantity,
  variationId: lineId.nullable().optional(),
  optionIds: lineOptionIds,
});

/** 0 removes the line (the cart panel's minus button is floored at 0). */
export const cartUpdateSchema = z.strictObject({
  quantity: z
    .number({ error: 'Quantity must be a whole number' })
    .int('Quantity must be a whole number')
    .min(0, 'Quantity cannot be negative')
    .max(MAX_QUANTITY_WITHOUT_VARIATION, `Quantity must be at most ${MAX_QUANTITY_WITHOUT_VARIATION}`),
});
