// The option rules shared by the pages and the server (domains/catalogue/variations.ts).
import { describe, expect, it } from 'vitest';

import {
  choiceOf,
  chosenOptions,
  inTypeOrder,
  lineCeiling,
  namedOptions,
  optionIdsOf,
  optionInStock,
  optionsText,
  pricingVariation,
  sameOptionIds,
  variationTypes,
} from './variations.ts';

// As the database holds them: the takeaway container's sizes (one unpriced) and models (never priced).
const row = (id: number, type: string, value: string, price: string | null, stockQuantity: number) => ({
  id,
  type,
  name: type === 'size' ? 'Size' : 'Model',
  value,
  price,
  stockQuantity,
});
const ml500 = row(11, 'size', '500 ml', null, 380);
const ml750 = row(12, 'size', '750 ml', '440.00', 240);
const rectangular = row(14, 'model', 'Rectangular', null, 420);
const round = row(15, 'model', 'Round', null, 140);
const container = [ml500, ml750, rectangular, round];

describe('pricingVariation (one rule for the pages and the server)', () => {
  it('is the chosen option of the first type that has its own price', () => {
    expect(pricingVariation(container, { size: 12, model: 15 })).toBe(ml750);
  });

  it("is the first type's option when no chosen option has a price (the product's price applies)", () => {
    expect(pricingVariation(container, { size: 11, model: 15 })).toBe(ml500);
    expect(pricingVariation(container, { model: 15, size: 11 })).toBe(ml500); // the choice's own order does not matter
  });

  it('follows the type order of the variations, not the ids', () => {
    const modelFirst = [{ ...round, price: '999.00' }, ml750];
    expect(pricingVariation(modelFirst, { size: 12, model: 15 })?.id).toBe(15);
    expect(pricingVariation([ml750, { ...round, price: '999.00' }], { size: 12, model: 15 })?.id).toBe(12);
  });

  it('works on any row with id, type and price (server rows and API variations alike)', () => {
    const rows: Array<{ id: number; type: string; price: string | null }> = [
      { id: 1, type: 'a', price: '' },
      { id: 2, type: 'b', price: '5.00' },
    ];
    expect(pricingVariation(rows, { a: 1, b: 2 })?.id).toBe(2);
  });
});

describe('option ids of a line', () => {
  it('are every chosen id, ascending', () => {
    expect(optionIdsOf({ size: 12, model: 11 })).toEqual([11, 12]);
    expect(optionIdsOf({})).toEqual([]);
  });

  it('make a choice again, leaving out ids the variations do not have', () => {
    expect(choiceOf(container, [15, 11])).toEqual({ size: 11, model: 15 });
    expect(choiceOf(container, [99])).toEqual({});
  });

  it('give their options in type order', () => {
    expect(inTypeOrder(container, [15, 11]).map((o) => o.value)).toEqual(['500 ml', 'Round']);
    expect(inTypeOrder([round, ml500], [11, 15]).map((o) => o.value)).toEqual(['Round', '500 ml']);
  });

  it('compare as lists', () => {
    expect(sameOptionIds([11, 15], [11, 15])).toBe(true);
    expect(sameOptionIds([11, 15], [11, 14])).toBe(false);
    expect(sameOptionIds([11], [11, 15])).toBe(false);
    expect(sameOptionIds([], [])).toBe(true);
  });

  it('bound the quantity by the smallest stock among them', () => {
    expect(lineCeiling(chosenOptions(container, { size: 12, model: 15 }))).toBe(140);
    expect(lineCeiling(chosenOptions(container, { size: 12, model: 14 }))).toBe(240);
  });

  it('are not limited by an option whose stock is not counted, and only a counted 0 is out of stock', () => {
    const uncounted = { stockQuantity: null };
    expect(lineCeiling([uncounted])).toBe(999);
    expect(lineCeiling([uncounted, { stockQuantity: 12 }])).toBe(12);
    expect(optionInStock(uncounted)).toBe(true);
    expect(optionInStock({ stockQuantity: 1 })).toBe(true);
    expect(optionInStock({ stockQuantity: 0 })).toBe(false);
  });
});

describe('optionsText and variationTypes', () => {
  it("reads 'Size: 500 ml · Model: Round' on pages and with commas in e-mails", () => {
    const options = inTypeOrder(container, [11, 15]);
    expect(optionsText(options)).toBe('Size: 500 ml · Model: Round');
    expect(optionsText(options, ', ')).toBe('Size: 500 ml, Model: Round');
    expect(optionsText([{ name: null, value: '8 inch' }])).toBe('Option: 8 inch');
    expect(optionsText([])).toBe('');
  });

  it('lists each type once in order of first appearance', () => {
    expect(variationTypes(container)).toEqual(['size', 'model']);
  });
});

describe('the options a search names', () => {
  const size = (id: number, value: string, more: Partial<{ isActive: boolean; stockQuantity: number | null }> = {}) => ({
    id,
    type: 'size',
    value,
    isActive: true,
    stockQuantity: 100,
    ...more,
  });
  const model = (id: number, value: string) => ({ id, type: 'model', value, isActive: true, stockQuantity: null });
  const plate = [size(1, '6 inch'), size(2, '8 inch'), size(3, '10 inch'), size(4, '12 inch', { stockQuantity: 0 })];

  it('names the option whose every word is in the search, however the size is typed', () => {
    expect(namedOptions(plate, 'plates 10 inch')).toEqual({ size: 3 });
    expect(namedOptions(plate, 'areca 10" plate')).toEqual({ size: 3 });
    expect(namedOptions(plate, '10inches')).toEqual({ size: 3 });
  });

  it('names nothing for a search without a value, nor a sold-out or inactive option', () => {
    expect(namedOptions(plate, 'areca plates')).toEqual({});
    expect(namedOptions(plate, 'inch plate')).toEqual({});
    expect(namedOptions(plate, '12 inch plate')).toEqual({});
    expect(namedOptions([size(5, '9 inch', { isActive: false })], '9 inch')).toEqual({});
  });

  it('one option per type, the one with most words', () => {
    const box = [model(10, 'Round'), model(11, '3 Compartment'), model(12, '1 Compartment'), size(13, '500 ml')];
    expect(namedOptions(box, 'round 500 ml container')).toEqual({ model: 10, size: 13 });
    expect(namedOptions(box, '3 compartment box')).toEqual({ model: 11 });
  });
});
