import { z } from 'zod';

import { checkGstin } from '../gst.ts';
import { singleLine } from './text.ts';

/**
 * A customer's GSTIN where one is optional (the checkout, a quote): blank or null is none (null), anything else must
 * be a GSTIN by core/gst.ts's rule and is kept as that rule reads it, without spaces and in capitals.
 */
export const optionalGstin = () =>
  z
    .union([z.literal(''), z.null(), singleLine().max(40, 'GSTIN is too long')])
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
