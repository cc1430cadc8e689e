/**
 * The storefront's words in the visitor's language. A message's id is its English text with ICU placeholders
 * (`{name}`), so an English page needs no catalogue and no message runtime: its placeholders are filled in here. The
 * server holds the whole Malayalam catalogue (Lingui's runtime with its compiled messages, ./malayalam.ts); a
 * Malayalam page carries just the messages it was drawn with (app/lib/page-html.server.ts) and is hydrated with them,
 * and the rest of the catalogue follows once it is showing. docs/malayalam.md.
 */
import type { I18n, Messages } from '@lingui/core';

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

/** The id of the JSON a Malayalam page carries its messages in. */
export const PAGE_MESSAGES_ID = 'page-messages';

const inBrowser = typeof document !== 'undefined';
let malayalam: I18n | undefined;
/** Whether the whole catalogue is at hand (the server's is from the start; a page's once the rest has come). */
let whole = false;
let completing: Promise<void> | undefined;
/** Whether a message was missing from the page's own, so English stood in for it. */
let stoodIn = false;
/** Counts the arrivals that replaced English stand-ins: what is showing is drawn again then, and only then. */
let arrivals = 0;
const listeners = new Set<() => void>();
let watch: ((id: string) => void) | undefined;

const catalogue = async (): Promise<Messages> => (await import('./messages/ml.ts')).default;

/** The messages a Malayalam page was sent with; without them (a page saved before they were), the whole catalogue. */
async function pageMessages(): Promise<Messages> {
  const json = document.getElementById(PAGE_MESSAGES_ID)?.textContent;
  return json ? (JSON.parse(json) as Messages) : catalogue();
}

/** Loads a language's messages (once): the server the whole catalogue, a page its own. English needs none. */
export async function loadLanguage(language: Language): Promise<void> {
  if (language === 'en' || malayalam) return;
  const [{ malayalamI18n }, messages] = await Promise.all([import('./malayalam.ts'), inBrowser ? pageMessages() : catalogue()]);
  registerMalayalam(malayalamI18n(messages), !inBrowser || !document.getElementById(PAGE_MESSAGES_ID));
}

/** Registers Malayalam messages already at hand: `complete` when they are the whole catalogue. */
export function registerMalayalam(i18n: I18n, complete: boolean): void {
  if (malayalam) return;
  malayalam = i18n;
  whole = complete;
}

/** Brings the rest of the catalogue to a page drawn with its own messages, and has what is showing drawn again (never fails). */
export function completeLanguage(): Promise<void> {
  if (whole || !malayalam) return Promise.resolve();
  const i18n = malayalam;
  completing ??= catalogue().then(
    (messages) => {
      i18n.load('ml', messages);
      whole = true;
      if (!stoodIn) return;
      arrivals += 1;
      for (const listener of listeners) listener();
    },
    () => {
      // Offline, or the file gone with a new release: English stands in, and the next message missed asks again.
      completing = undefined;
    },
  );
  return completing;
}

/** For React's useSyncExternalStore: the screens that show messages follow the catalogue's arrivals. */
export function subscribeToMessages(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const messageArrivals = (): number => arrivals;

/** Tells `observer` each Malayalam message asked for: the server notes the ones a page is drawn with. */
export function watchMessages(observer: (id: string) => void): void {
  watch = observer;
}

/** The compiled Malayalam messages of these ids, those the catalogue has. */
export function malayalamMessages(ids: Iterable<string>): Messages {
  const messages: Messages = {};
  for (const id of ids) {
    const message = malayalam?.messages[id];
    if (message !== undefined) messages[id] = message;
  }
  return messages;
}

const inMalayalam: Translate = (id, values) => {
  watch?.(id);
  const i18n = malayalam;
  if (i18n && id in i18n.messages) return i18n._(id, values);
  // Not among the page's messages: English until the rest of the catalogue has come.
  stoodIn = true;
  void completeLanguage();
  return english(id, values);
};

/** A language's messages; Malayalam falls back to English until its catalogue is loaded. */
export function translator(language: Language): Translate {
  return language === 'ml' && malayalam ? inMalayalam : english;
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
