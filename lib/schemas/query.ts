import { z } from 'zod';

import { parseId } from '#lib/ids.ts';
import type { Language } from '#lib/language.ts';

import { singleLine } from './text.ts';

/** A whole number in a query string (every value there is text), named in its messages. */
export const wholeNumber = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `'${name}' must be a whole number` })
    .int(`'${name}' must be a whole number`)
    .min(min, `'${name}' must be at least ${min}`)
    .max(max, `'${name}' must be at most ${max}`);

/** Rows a list page shows unless asked otherwise, and the most it shows. */
export const ADMIN_PAGE_SIZE = 25;
export const ADMIN_MAX_PAGE_SIZE = 100;

/** The page and search text of every admin list. */
export const pagingFields = {
  page: wholeNumber('page', 1, 100_000).default(1),
  pageSize: wholeNumber('pageSize', 1, ADMIN_MAX_PAGE_SIZE).default(ADMIN_PAGE_SIZE),
  q: singleLine().trim().min(1, "'q' must not be empty").max(100, "'q' must be at most 100 characters").optional(),
};

/** A path id named `name` in its message, by the one rule of lib/ids.ts. */
export const pathIdSchema = (name: string) =>
  z.string().transform((value, ctx) => {
    const id = parseId(value);
    if (id === null) {
      ctx.addIssue({ code: 'custom', message: `${name} must be a positive whole number` });
      return z.NEVER;
    }
    return id;
  });

/**
 * `lang=ml`: the products named in Malayalam, as a Malayalam page asks for them. Without it the answer is the English
 * one the API always gave; `lang=en` or anything else is refused, so a mistyped language is not silently English.
 */
export const languageQueryField = z.literal('ml', { error: "'lang' must be ml, or left out for English" }).optional();

/** The query of a read that only takes a language; other keys are left alone, as they were before it took one. */
export const languageQuerySchema = z.object({ lang: languageQueryField });

/** The language a query asked for. */
export const queryLanguage = (query: { lang?: 'ml' | undefined }): Language => query.lang ?? 'en';
