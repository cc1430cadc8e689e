import { z } from 'zod';

import { parseRupees, toDecimalString } from '#lib/money.ts';

/** A number typed in a form or sent as JSON: '12.5' and 12.5 alike. */
export const numeric = (field: string) =>
  z.union([z.number(), z.string().trim()], { error: `${field} must be a number` }).transform((value, ctx) => {
    const text = String(value);
    if (!/^-?\d+(\.\d+)?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: `${field} must be a number` });
      return z.NEVER;
    }
    return text;
  });

/** Rupees in steps of 0.01, as the decimal string the database keeps. */
export const rupees = (field: string) =>
  numeric(field).transform((text, ctx) => {
    const paise = parseRupees(text);
    if (paise === null) {
      ctx.addIssue({ code: 'custom', message: `${field} must be 0 or more, in steps of 0.01` });
      return z.NEVER;
    }
    return toDecimalString(paise);
  });

/** Digits grouped the Indian way (1,20,000) or the international way (120,000), with or without the ₹ sign. */
const GROUPED = /^₹?\s*(\d{1,3}(?:,\d{2})*,\d{3}|\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?$/;

/** Rupees as staff type them: '1,200', '₹1,20,000.50' and '1200' alike; otherwise like `rupees`. */
export const groupedRupees = (field: string) =>
  z
    .union([z.number(), z.string().trim()], { error: `${field} must be a number` })
    .transform((value) => {
      const match = typeof value === 'string' ? GROUPED.exec(value) : null;
      return match ? `${(match[1] as string).replace(/,/g, '')}${match[2] ?? ''}` : value;
    })
    .pipe(rupees(field));
