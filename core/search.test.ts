import { describe, expect, it } from 'vitest';

import { normalise, stem, terms } from './search.ts';

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

  it("takes the names of an object's own properties as plain words (found by the fuzz test: a 500)", () => {
    expect(terms('constructor toString __proto__ hasOwnProperty')).toEqual(['constructor', 'tostring', 'proto', 'hasownproperty']);
  });
});
