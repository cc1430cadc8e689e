import { z } from 'zod';

import { msg } from '#lib/i18n/translate.ts';

/**
 * The one rule for typed text. PostgreSQL cannot store U+0000 (the insert fails), and a line break in a name lands
 * inside an e-mail's header or subject, so:
 * - a single-line field (a name, an e-mail, a product name) refuses every control character, line breaks included;
 * - a multi-line field (a message, an address, special requests) keeps tabs and line breaks and refuses the rest.
 * Only the text between the first and last visible character is looked at: a pasted trailing newline is trimmed by
 * the schemas' `.trim()`, not refused.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f\u2028\u2029]/u;
// eslint-disable-next-line no-control-regex -- as above
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/u;

/**
 * Half of a UTF-16 surrogate pair without its other half (`\uD800` alone): no character at all. PostgreSQL refuses it
 * in JSON (every change's audit row is JSON), and as text it would turn into U+FFFD on the way in. It is refused, not
 * replaced, so that a name is never stored other than as the person sees it typed: they are asked to type it again.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const SINGLE_LINE_MESSAGE = msg('Must be one line without control characters');
export const CONTROL_CHARACTER_MESSAGE = msg('Must not contain control characters');
export const BROKEN_CHARACTER_MESSAGE = msg('Has a broken character (half of an emoji or symbol): please type it again');

type StringParams = Parameters<typeof z.string>[0];

/** Any text a request brings: whole characters only (then the field's own rules). Every text field starts here. */
export const wellFormed = (params?: StringParams) =>
  z.string(params).refine((value) => !LONE_SURROGATE.test(value), { error: BROKEN_CHARACTER_MESSAGE, abort: true });

/** A string on one line, with no control characters (then .trim(), .max() and the field's own rules). */
export const singleLine = (params?: StringParams) =>
  wellFormed(params).refine((value) => !SINGLE_LINE_FORBIDDEN.test(value.trim()), { error: SINGLE_LINE_MESSAGE, abort: true });

/** A string that may hold line breaks and tabs but no other control characters. */
export const multiLine = (params?: StringParams) =>
  wellFormed(params).refine((value) => !MULTI_LINE_FORBIDDEN.test(value.trim()), {
    error: CONTROL_CHARACTER_MESSAGE,
    abort: true,
  });

const INVALID_EMAIL = msg('Please enter a valid email address');

/** The e-mail rules every form shares, after the field's own start (required or not). */
export const emailRules = (text: z.ZodString) => text.max(254, INVALID_EMAIL).email(INVALID_EMAIL);

/** An e-mail address on the enquiry and contact forms. */
export const emailAddress = () => emailRules(singleLine().trim());

/** A person's name on the enquiry and contact forms. */
export const customerName = () =>
  singleLine().trim().min(2, msg('Name must be at least 2 characters')).max(100, msg('Name must be at most 100 characters'));

/**
 * A phone number as people write it, read as its 10 national digits: spaces, hyphens, dots and brackets are dropped,
 * and so is a leading +91, 91 or 0 before ten digits ('98470 12345', '+91 98470-12345', '098470 12345'). Anything
 * else is left as typed, for the field's rule to refuse.
 */
export function nationalPhone(typed: string): string {
  const compact = typed.replace(/[\s().-]/g, '');
  const digits = /^(?:\+91|91|0)?(\d{10})$/.exec(compact)?.[1];
  return digits ?? typed;
}

/** A phone field: one line, read as national digits, then the form's own rules. */
export const phoneNumber = () => singleLine().trim().overwrite(nationalPhone);

export const PHONE_LENGTH_MESSAGE = msg('Phone number must be exactly 10 digits');

/**
 * Text a form may leave out (a business name, a billing address): blank, null or left out is none (null); anything
 * else is trimmed and at most `max` characters, on one line or, with `lines: 'multi'`, on several.
 */
export const textOrNone = (field: string, max: number, lines: 'single' | 'multi' = 'single') =>
  (lines === 'single' ? singleLine : multiLine)({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((text) => text || null);
