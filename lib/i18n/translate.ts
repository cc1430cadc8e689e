/**
 * The storefront's words in the visitor's language. A message's id is its English text with ICU placeholders
 * (`{name}`), so an English page needs no catalogue and no message runtime: its placeholders are filled in here. A
 * Malayalam page loads Lingui's runtime with its compiled catalogue once, before it is drawn (`loadLanguage`;
 * ./malayalam.ts); the server holds it from the start (platform/i18n/translator.ts). docs/malayalam.md.
 */
import type { Language } from '#lib/language.ts';
import { formatCount } from '#lib/money.ts';

export type MessageValues = Record<string, string | number>;
/** A message in the page's language: `t('Send Enquiry')`, `t('{count} cartons', { count })`. */
export type Translate = (id: string, values?: MessageValues) => string;

/**
 * English: the id with its placeholders filled in. The messages use plain placeholders only (no plural or select:
 * a count's noun is chosen in code), and catalogue.test.ts checks this gives what Lingui gives for every message.
 */
export const english: Translate = (id, values) =>
  values ? id.replace(/\{(\w+)\}/g, (placeholder, name: string) => (name in values ? String(values[name]) : placeholder)) : id;

let malayalam: Translate | undefined;

/** Loads a language's messages (once); English needs none. */
export async function loadLanguage(language: Language): Promise<void> {
  if (language === 'en' || malayalam) return;
  const { malayalamTranslator } = await import('./malayalam.ts');
  registerMalayalam(malayalamTranslator());
}

/** Registers the Malayalam messages already at hand (the server imports them with the rest of its code). */
export function registerMalayalam(translate: Translate): void {
  malayalam ??= translate;
}

/** A language's messages; Malayalam falls back to English until its catalogue is loaded. */
export function translator(language: Language): Translate {
  return language === 'ml' ? (malayalam ?? english) : english;
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
