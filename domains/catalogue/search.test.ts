import { describe, expect, it } from 'vitest';

import { queryTerms, terms } from './search.ts';
import { normalise, stem } from './search-words.ts';

describe('search words', () => {
  it('reads a plural as its singular, and leaves other words and numbers alone', () => {
    const singular = { plates: 'plate', boxes: 'box', trays: 'tray', glasses: 'glass', pieces: 'piece', berries: 'berry' };
    for (const [plural, word] of Object.entries(singular)) expect(stem(plural), plural).toBe(word);
    for (const word of ['glass', 'cup', '10']) expect(stem(word), word).toBe(word);
  });

  it('reads sizes however they are typed', () => {
    expect(normalise('12" Plate')).toBe('12 inch plate');
    expect(terms('500ml')).toEqual(['500', 'ml']);
    expect(terms('10 Inches')).toEqual(['10', 'inch']);
    expect(normalise('Café-style, “Sadya”!')).toBe('cafe style sadya');
  });

  it('makes synonyms one word', () => {
    expect(terms('biryani')).toEqual(terms('biriyani'));
    expect(terms('containers')).toEqual(terms('box'));
  });

  it('knows the local names, in Latin letters and in Malayalam script', () => {
    for (const word of ['paala', 'pala', 'പാള', 'adakka', 'palm']) expect(terms(word), word).toEqual(terms('areca'));
    for (const word of ['pattal', 'vazhayila', 'വാഴയില', 'ila']) expect(terms(word), word).toEqual(terms('leaf'));
    expect(terms('പ്ലേറ്റ്')).toEqual(terms('plates'));
    expect(terms('കപ്പ്')).toEqual(terms('cup'));
    expect(terms('sugarcane')).toEqual(terms('bagasse'));
    expect(terms('karandi')).toEqual(terms('spoon'));
  });

  it('keeps Malayalam letters, joiners dropped, and finds no word in emoji or other scripts', () => {
    expect(normalise('പാള പ്ലേറ്റ്!')).toBe('പാള പ്ലേറ്റ്');
    // A chillu typed as consonant + virama + zero-width joiner, as older keyboards write it.
    expect(normalise('ള്\u200d')).toBe('ള്');
    for (const query of ['🍽️', '盘子', '!!!', '🍃 🍽']) expect(terms(query), query).toEqual([]);
  });

  it('leaves out filler words, unless they are all there is', () => {
    expect(queryTerms('use and throw plates')).toEqual(['plate']);
    expect(queryTerms('disposable')).toEqual(['disposable']);
  });

  it("takes the names of an object's own properties as plain words (found by the fuzz test: a 500)", () => {
    expect(terms('constructor toString __proto__ hasOwnProperty')).toEqual([
      'constructor',
      'tostring',
      'proto',
      'hasownproperty',
    ]);
  });
});
