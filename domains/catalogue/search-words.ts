/**
 * The word rules a search and an option's value share, without the synonyms: small enough for the browser, which
 * reads a search's sizes ('10 inch', '500ml') to show the option a customer asked for.
 */

// A Map, not an object: a typed word such as 'constructor' must never find an object's own properties.
const UNITS = new Map<string, string>([
  ['inch', 'inch'],
  ['inches', 'inch'],
  ['in', 'inch'],
  ['"', 'inch'],
  ['ml', 'ml'],
  ['l', 'l'],
  ['litre', 'l'],
  ['liter', 'l'],
  ['mm', 'mm'],
  ['cm', 'cm'],
  ['g', 'g'],
  ['gm', 'g'],
  ['kg', 'kg'],
  ['pcs', 'pieces'],
]);

/**
 * Lower case, accents and punctuation gone, '10"' and '10inch' read as '10 inch'. Malayalam letters stay (the joiners
 * older keyboards put into a chillu are dropped); every other script, emoji included, counts as a space.
 */
export function normalise(text: string): string {
  return text
    .toLocaleLowerCase('en-IN')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\u200c|\u200d/g, '')
    .replace(/(\d)\s*"/g, '$1 inch ')
    .replace(/(\d)([a-z])/g, '$1 $2')
    .replace(/[^a-z0-9\p{Script=Malayalam}]+/gu, ' ')
    .trim();
}

/** Singular of an English plural, as far as a catalogue needs: plates → plate, boxes → box, trays → tray. */
export function stem(word: string): string {
  if (/^\d/.test(word) || word.length <= 3) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** A word with its unit name made one ('inches' → 'inch') and made singular. */
export const plainTerm = (word: string): string => stem(UNITS.get(word) ?? word);

/** The words of a text with unit names made one and plurals singular: '10" Plates' → ['10', 'inch', 'plate']. */
export const plainTerms = (text: string): string[] => normalise(text).split(' ').filter(Boolean).map(plainTerm);
