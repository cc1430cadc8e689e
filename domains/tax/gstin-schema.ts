import { z } from 'zod';

import { checkGstin } from '#domains/tax/gst.ts';

/**
 * A customer's GSTIN where one is optional (the checkout, a quote): blank or null is none (null), anything else must
 * be a GSTIN by domains/tax/gst.ts's rule and is kept as that rule reads it, without spaces and in capitals (so nothing but
 * its 15 characters is ever stored).
 */
export const optionalGstin = () =>
  z
    .string({ error: 'GSTIN must be text' })
    .max(40, 'GSTIN is too long')
    .nullable()
    .optional()
    .transform((value, ctx) => {
      const typed = value?.trim();
      if (!typed) return null;
      const checked = checkGstin(typed);
      if (!checked.valid) {
        ctx.addIssue({ code: 'custom', message: checked.message });
        return z.NEVER;
      }
      return checked.gstin;
    });
