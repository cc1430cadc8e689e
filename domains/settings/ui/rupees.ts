import { type Paise, parseRupees, toDecimalString } from '#lib/money.ts';

/** An amount as a form shows it ('75.00'; '' for none). */
export const rupeesText = (paise: Paise | null): string => (paise === null ? '' : toDecimalString(paise));

/**
 * An amount typed in rupees as the settings keep it, in paise; '' is none (null), and what is not an amount stays
 * as typed, for the section's schema to refuse.
 */
export const typedPaise = (typed: string): Paise | null | string => (typed.trim() === '' ? null : (parseRupees(typed) ?? typed));
