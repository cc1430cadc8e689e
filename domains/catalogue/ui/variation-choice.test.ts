import { describe, expect, it } from 'vitest';

import { chosenOptions, lineCeiling, pricingVariation, variationTypes } from '#domains/catalogue/variations.ts';
import { makeVariation } from '#tests/support/factories.ts';

import { defaultChoice, isComplete } from './variation-choice.ts';

// Two types: sizes (one unpriced) and colours.
const small = makeVariation({ id: 1, type: 'size', value: '6 inch', price: null, stockQuantity: 420 });
const large = makeVariation({ id: 2, type: 'size', value: '10 inch', price: '950.00', stockQuantity: 3 });
const brown = makeVariation({ id: 3, type: 'color', value: 'Kraft Brown', price: null, stockQuantity: 230 });
const black = makeVariation({ id: 4, type: 'color', value: 'Black', price: '460.00', stockQuantity: 120 });
const all = [small, large, brown, black];

describe('variationTypes', () => {
  it('lists each type once, in order of first appearance', () => {
    expect(variationTypes([brown, small, black, large])).toEqual(['color', 'size']);
    expect(variationTypes([])).toEqual([]);
  });
});

describe('defaultChoice', () => {
  it('picks the first option of each type when all are active', () => {
    expect(defaultChoice(all)).toEqual({ size: 1, color: 3 });
  });

  it('picks the first active option, skipping inactive ones', () => {
    const inactiveSmall = { ...small, isActive: false };
    const inactiveBrown = { ...brown, isActive: false };
    expect(defaultChoice([inactiveSmall, large, inactiveBrown, black])).toEqual({ size: 2, color: 4 });
  });

  it('falls back to the first option when none of a type is active', () => {
    const options = [
      { ...small, isActive: false },
      { ...large, isActive: false },
    ];
    expect(defaultChoice(options)).toEqual({ size: 1 });
  });

  it('is empty without variations', () => {
    expect(defaultChoice([])).toEqual({});
  });
});

describe('isComplete', () => {
  it('needs a choice for every type', () => {
    expect(isComplete(all, { size: 1, color: 3 })).toBe(true);
    expect(isComplete(all, { size: 1 })).toBe(false);
    expect(isComplete(all, {})).toBe(false);
  });

  it('is complete without variations', () => {
    expect(isComplete([], {})).toBe(true);
  });
});

describe('pricingVariation', () => {
  it('prefers a chosen option that has its own price', () => {
    expect(pricingVariation(all, { size: 1, color: 4 })).toBe(black);
    expect(pricingVariation(all, { size: 2, color: 4 })).toBe(large); // first type wins among priced
  });

  it("falls back to the first type's choice when none has a price (the product's price applies)", () => {
    expect(pricingVariation(all, { size: 1, color: 3 })).toBe(small);
  });

  it('treats an empty price as no price', () => {
    const emptyPriced = { ...small, price: '' };
    expect(pricingVariation([emptyPriced, large, brown, black], { size: 1, color: 4 })).toBe(black);
  });

  it('is null with nothing chosen, or a choice that matches no option', () => {
    expect(pricingVariation(all, {})).toBeNull();
    expect(pricingVariation(all, { size: 999 })).toBeNull();
    expect(pricingVariation([], {})).toBeNull();
  });
});

describe('lineCeiling of the chosen options', () => {
  it("is the chosen option's stock", () => {
    expect(lineCeiling(chosenOptions(all, { size: 1 }))).toBe(420);
    expect(lineCeiling(chosenOptions(all, { size: 2 }))).toBe(3);
  });

  it('is the smallest stock among the chosen options', () => {
    expect(lineCeiling(chosenOptions(all, { size: 1, color: 4 }))).toBe(120);
    expect(lineCeiling(chosenOptions(all, { size: 2, color: 3 }))).toBe(3);
  });

  it('is 0 for an option out of stock', () => {
    const soldOut = makeVariation({ id: 9, stockQuantity: 0 });
    expect(lineCeiling(chosenOptions([soldOut], { size: 9 }))).toBe(0);
  });

  it('is the fallback (999) without variations or a choice', () => {
    expect(lineCeiling(chosenOptions([], {}))).toBe(999);
    expect(lineCeiling(chosenOptions(all, {}))).toBe(999);
    expect(lineCeiling(chosenOptions(all, { size: 12345 }))).toBe(999);
  });
});
