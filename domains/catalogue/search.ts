/**
 * Catalogue search that finds what customers mean: every word must match, singular and plural alike, the last word
 * as a prefix while typing, a small typo when the word is not in the catalogue at all, sizes and amounts ('10 inch',
 * '500ml') against the options too, and the shop's synonyms (SYNONYMS, editable below), in Latin letters and in
 * Malayalam script. A search with no word to look for (an emoji, Chinese text) finds nothing. Results come best first.
 */

import { normalise, plainTerm, stem } from './search-words.ts';

/**
 * Words that mean the same to a customer; the shop edits this list. Each group is searched as one word, the first.
 * The names Kerala's customers use come in both scripts: paala (പാള) is the areca sheath a plate is pressed from,
 * pattal a leaf plate, vazhayila (വാഴയില) the banana leaf a sadya is served on, karandi a spoon, moodi a lid.
 */
export const SYNONYMS: readonly (readonly string[])[] = [
  ['areca', 'paala', 'pala', 'paalai', 'arecanut', 'adakka', 'adaykka', 'kamuku', 'kavungu', 'pakku', 'paakku'],
  ['areca', 'mattai', 'supari', 'adike', 'betel', 'palm', 'പാള', 'അടയ്ക്ക', 'അടക്ക', 'കമുക്', 'കവുങ്ങ്'],
  ['leaf', 'ila', 'ഇല', 'vazhayila', 'vazhaila', 'vazha', 'banana', 'വാഴയില', 'വാഴ', 'pattal', 'pattel', 'patravali'],
  ['plate', 'plet', 'pathram', 'paathram', 'പ്ലേറ്റ്', 'പാത്രം', 'thattu', 'തട്ട്'],
  ['bagasse', 'sugarcane', 'karimbu', 'കരിമ്പ്'],
  ['biryani', 'biriyani', 'biriani', 'ബിരിയാണി'],
  ['thali', 'meal', 'sadya', 'oonu', 'ഊണ്', 'സദ്യ', 'താലി'],
  ['spoon', 'spork', 'karandi', 'സ്പൂൺ', 'കരണ്ടി'],
  ['fork', 'ഫോർക്ക്'],
  ['glass', 'cup', 'tumbler', 'kappu', 'ഗ്ലാസ്', 'കപ്പ്'],
  ['box', 'container', 'clamshell', 'parcel', 'petti', 'പെട്ടി', 'ബോക്സ്'],
  ['dona', 'bowl', 'katori', 'kinnam', 'കിണ്ണം', 'ബൗൾ'],
  ['lid', 'moodi', 'മൂടി'],
  ['tray', 'ട്രേ'],
  ['paper', 'കടലാസ്'],
  ['eco', 'biodegradable', 'compostable'],
];

/**
 * Words that say nothing about which product is meant, since every product here is one ('use and throw plate',
 * 'disposable bowl', 'areca nut plate'): left out of a search that has other words.
 */
const FILLER = new Set(['disposable', 'use', 'and', 'throw', 'nut', 'for', 'the', 'of']);

/** What each field of a product weighs when a word is found in it. */
const WEIGHTS = { name: 5, option: 3, category: 3, tag: 2, description: 1 } as const;
type Field = keyof typeof WEIGHTS;

export interface Searchable {
  id: number;
  name: string;
  description: string;
  category: string;
  tags: readonly string[];
  featured: boolean;
}

/** A product's Malayalam name and description (null: the staff left it empty), searched besides its English ones. */
export interface Translation {
  name: string | null;
  description: string | null;
}

/**
 * Whether a search is typed in Malayalam letters: only such a search is looked up in the Malayalam names too, so a
 * search in Latin letters finds and ranks exactly what it did before the catalogue had them.
 */
export const inMalayalamScript = (text: string): boolean => /\p{Script=Malayalam}/u.test(text);

/** A product's words by field, ready to search (kept per product and catalogue version by the caller). */
export interface SearchIndex {
  words: Map<string, number>;
  name: string;
}

const asTyped = (word: string) => stem(normalise(word));
const synonymOf = new Map<string, string>(
  SYNONYMS.flatMap(([first = '', ...rest]) => [first, ...rest].map((word) => [asTyped(word), asTyped(first)])),
);

/** A word as the index keeps it: unit names made one, singular, synonyms made one. */
function term(word: string): string {
  const singular = plainTerm(word);
  return synonymOf.get(singular) ?? singular;
}

export const terms = (text: string): string[] => normalise(text).split(' ').filter(Boolean).map(term);

/** The words of a search that are looked for: its terms without the filler, unless filler is all there is. */
export function queryTerms(query: string): string[] {
  const words = terms(query);
  const meaningful = words.filter((word) => !FILLER.has(word));
  return meaningful.length > 0 ? meaningful : words;
}

/**
 * The index of one product: each word with the weight of the best field it is in. With its translation, the Malayalam
 * name and description weigh as the English ones, and a phrase is matched against the Malayalam name (what a search in
 * Malayalam letters would be typed as).
 */
export function indexProduct(
  product: Searchable,
  options: readonly string[],
  categoryLabel: string,
  translation?: Translation,
): SearchIndex {
  const words = new Map<string, number>();
  const add = (text: string, field: Field) => {
    for (const word of terms(text)) words.set(word, Math.max(words.get(word) ?? 0, WEIGHTS[field]));
  };
  add(product.description, 'description');
  if (translation?.description) add(translation.description, 'description');
  for (const tag of product.tags) add(tag, 'tag');
  add(`${product.category} ${categoryLabel}`, 'category');
  for (const option of options) add(option, 'option');
  add(product.name, 'name');
  if (translation?.name) add(translation.name, 'name');
  return { words, name: normalise(translation?.name ?? product.name) };
}

/** Edits (insert, delete, change, swap two neighbours) from a to b; anything over `limit` counts as limit + 1. */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const width = b.length + 1;
  const cells = new Array<number>((a.length + 1) * width).fill(0);
  const at = (i: number, j: number) => cells[i * width + j] ?? 0;
  for (let i = 0; i <= a.length; i++) cells[i * width] = i;
  for (let j = 0; j <= b.length; j++) cells[j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      cells[i * width + j] = best;
    }
  }
  return Math.min(at(a.length, b.length), limit + 1);
}

const typoLimit = (word: string) => (word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0);

/**
 * How each query word is looked for: as it is; the last one also as a prefix (the customer is still typing); a
 * word the catalogue does not have also as its nearest catalogue words (a typo). Numbers only ever as they are.
 */
function expandQuery(
  words: readonly string[],
  vocabulary: ReadonlySet<string>,
): Array<{ word: string; prefix: boolean; typos: string[] }> {
  return words.map((word, index) => {
    const prefix = index === words.length - 1 && !/^\d/.test(word);
    const known = vocabulary.has(word) || (prefix && [...vocabulary].some((v) => v.startsWith(word)));
    const near = (candidate: string) => !/^\d/.test(candidate) && distance(word, candidate, typoLimit(word)) <= typoLimit(word);
    // A misspelt synonym ('clamshel') is meant as the word it stands for, which is what the catalogue's index holds.
    const typos =
      known || /^\d/.test(word) || typoLimit(word) === 0
        ? []
        : [
            ...new Set([
              ...[...vocabulary].filter(near),
              ...[...synonymOf].filter(([form, meant]) => vocabulary.has(meant) && near(form)).map(([, meant]) => meant),
            ]),
          ];
    return { word, prefix, typos };
  });
}

/** A product's score for the query (0: it does not match every word). */
function score(index: SearchIndex, query: ReturnType<typeof expandQuery>, phrase: string): number {
  let total = 0;
  for (const { word, prefix, typos } of query) {
    let best = index.words.get(word) ?? 0;
    if (prefix) for (const [w, weight] of index.words) if (w.startsWith(word)) best = Math.max(best, weight * 0.8);
    for (const typo of typos) best = Math.max(best, (index.words.get(typo) ?? 0) * 0.6);
    if (best === 0) return 0;
    total += best;
  }
  // The words together, in order, in the name: the best match of all.
  if (phrase && index.name.includes(phrase)) total += 4;
  return total;
}

/** Every word of the products' indexes: what a typo is measured against (a catalogue keeps it while unchanged). */
export function vocabularyOf<P>(products: readonly P[], indexOf: (product: P) => SearchIndex): Set<string> {
  return new Set(products.flatMap((product) => [...indexOf(product).words.keys()]));
}

/**
 * One word typed as two ('clam shell', 'paper cup' stays two): neighbours the catalogue knows only together, as one
 * word, are made one.
 */
function joinSplitWords(text: string, vocabulary: ReadonlySet<string>): string {
  const known = (word: string) => vocabulary.has(term(word));
  const words = text.split(' ').filter(Boolean);
  const joined: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    const next = words[i + 1];
    if (next !== undefined && !known(word) && !known(next) && known(word + next)) {
      joined.push(word + next);
      i++;
    } else joined.push(word);
  }
  return joined.join(' ');
}

/** The products matching every word, best first (then featured, then catalogue order). */
export function rank<P extends Searchable>(
  products: readonly P[],
  indexOf: (product: P) => SearchIndex,
  query: string,
  vocabulary: ReadonlySet<string> = vocabularyOf(products, indexOf),
): P[] {
  const text = joinSplitWords(normalise(query), vocabulary);
  const words = queryTerms(text);
  // Nothing to look for (an emoji, a script the catalogue is not written in): nothing matches, and the page offers
  // its suggestions instead of the whole catalogue.
  if (words.length === 0) return [];
  // Only filler ('disposable'): every product here is one.
  if (words.every((word) => FILLER.has(word))) return [...products];
  const expanded = expandQuery(words, vocabulary);
  const phrase = text;
  return products
    .map((product) => ({ product, score: score(indexOf(product), expanded, phrase) }))
    .filter((hit) => hit.score > 0)
    .sort((a, b) => b.score - a.score || Number(b.product.featured) - Number(a.product.featured) || a.product.id - b.product.id)
    .map((hit) => hit.product);
}

/**
 * For a search that found nothing: the same search with each word the catalogue lacks replaced by its nearest
 * catalogue words (or left out when none is near), best first.
 */
export function suggestSearches(query: string, vocabulary: ReadonlySet<string>, limit = 3): string[] {
  const words = queryTerms(query);
  const near = (word: string) =>
    [...vocabulary]
      .filter((v) => !/^\d/.test(v) && v !== word)
      .map((v) => ({ v, d: v.startsWith(word) ? 0.5 : distance(word, v, 2) }))
      .filter(({ d }) => d <= 2)
      .sort((a, b) => a.d - b.d || a.v.localeCompare(b.v))
      .map(({ v }) => v);
  const choices = words.map((word) => (vocabulary.has(word) ? [word] : near(word)));
  // Every word is known but not all together: each on its own finds something.
  if (choices.every((options, index) => options[0] === words[index])) return words.length > 1 ? words.slice(0, limit) : [];
  const varied = choices.findIndex((options, index) => options[0] !== words[index] && options.length > 0);
  const alternatives = varied === -1 ? [undefined] : (choices[varied] ?? []).slice(0, limit);
  const searches = alternatives.map((alternative) =>
    choices
      .map((options, index) => (index === varied ? alternative : options[0]))
      .filter((word): word is string => Boolean(word))
      .join(' '),
  );
  return [...new Set(searches)].filter(Boolean);
}
