import { describe, expect, it } from 'vitest';

import { normalise, stem, terms } from './search.ts';

describe('search words', () => {
  it.each([
    ['plates', 'plate'],
    ['boxes', 'box'],
    ['trays', 'tray'],
    ['glasses', 'glass'],
    ['pieces', 'piece'],
    ['berries', 'berry'],
    ['glass', 'glass'],
    ['cup', 'cup'],
    ['10', '10'],
  ])('stem(%s) = %s', (word, expected) => {
    expect(stem(word)).toBe(expected);
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
});
