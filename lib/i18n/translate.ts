/**
 * The storefront's words in the visitor's language (Lingui's runtime, compiled catalogues: docs/decisions). A message's
 * id is its English text, so the English pages carry no catalogue beyond the messages with a placeholder, and a
 * Malayalam page loads its own once, before it is drawn (`loadLanguage`).
 */
import { type I18n, type Messages, setupI18n } from '@lingui/core';

import type { Language } from '#lib/language.ts';
import { formatCount } from '#lib/money.ts';

import english from './messages/en.ts';

export type MessageValues = Record<string, string | number>;
/** A message in the page's language: `t('Send Enquiry')`, `t('{count} cartons', { count })`. */
export type Translate = (id: string, values?: MessageValues) => string;

// An English message without a placeholder is its own id and is not in the catalogue: it is given back as it is.
const english18n = setupI18n({ locale: 'en', messages: { en: english }, missing: (_, id) => id });
let malayalam18n: I18n | undefined;
const translators = new Map<I18n, Translate>();

/** Loads a language's catalogue (once); English is always there. */
export async function loadLanguage(language: Language): Promise<void> {
  if (language === 'en' || malayalam18n) return;
  const { default: messages } = await import('./messages/ml.ts');
  registerMalayalam(messages);
}

/** Registers the Malayalam catalogue already at hand (the server imports it with the rest of its code). */
export function registerMalayalam(messages: Messages): void {
  malayalam18n ??= setupI18n({ locale: 'ml', messages: { ml: messages } });
}

/** A language's messages; Malayalam falls back to English until its catalogue is loaded. */
export function translator(language: Language): Translate {
  const i18n = language === 'ml' ? (malayalam18n ?? english18n) : english18n;
  let translate = translators.get(i18n);
  if (!translate) {
    translate = (id, values) => i18n._(id, values);
    translators.set(i18n, translate);
  }
  return translate;
}

/** '1 carton', '2,500 cartons' in a language: the count every screen and document gives its cartons in. */
export function cartonsIn(t: Translate, count: number): string {
  const values = { count: formatCount(count) };
  return count === 1 ? t('{count} carton', values) : t('{count} cartons', values);
}

/**
 * Marks a message kept in a table or a map rather than written at its `t(…)`: the catalogue test finds it, and the
 * screen translates the value it picks with `t(value)`.
 */
export const msg = <Id extends string>(id: Id): Id => id;
