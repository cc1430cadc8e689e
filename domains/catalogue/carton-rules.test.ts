import { describe, expect, it } from 'vitest';

import { ANY_QUANTITY, cartonRule, cartonRuleProblem, correctedQuantity, ruleCeiling } from './carton-rules.ts';

const fives = { minCartons: 5, cartonStep: 5 };

describe('the minimum order and carton step', () => {
  it('takes the pricing option’s own minimum and step, else the product’s', () => {
    expect(cartonRule(fives, null)).toEqual(fives);
    expect(cartonRule(fives, { minCartons: null, cartonStep: null })).toEqual(fives);
    expect(cartonRule(fives, { minCartons: 10, cartonStep: null })).toEqual({ minCartons: 10, cartonStep: 5 });
  });

  it('refuses fewer than the minimum and quantities off the step, saying why', () => {
    expect(cartonRuleProblem(fives, 4, 'Areca plate')).toBe('Areca plate is sold in at least 5 cartons');
    expect(cartonRuleProblem(fives, 12, 'Areca plate')).toBe('Areca plate is sold in steps of 5 cartons');
    expect(cartonRuleProblem(fives, 5, 'Areca plate')).toBeNull();
    expect(cartonRuleProblem(fives, 60, 'Areca plate')).toBeNull();
    expect(cartonRuleProblem(ANY_QUANTITY, 1, 'Areca plate')).toBeNull();
    expect(cartonRuleProblem(ANY_QUANTITY, 7, 'Areca plate')).toBeNull();
  });

  it('corrects a typed quantity up to the rule, and says why', () => {
    expect(correctedQuantity(fives, 3, 999)).toEqual({ quantity: 5, reason: 'At least 5 cartons: 3 became 5' });
    expect(correctedQuantity(fives, 12, 999)).toEqual({ quantity: 15, reason: 'Sold in steps of 5 cartons: 12 became 15' });
    expect(correctedQuantity(fives, 15, 999)).toEqual({ quantity: 15, reason: null });
    // Above the stock the step goes down instead.
    expect(correctedQuantity(fives, 13, 14)).toEqual({ quantity: 10, reason: 'Sold in steps of 5 cartons: 13 became 10' });
    expect(correctedQuantity(ANY_QUANTITY, 7, 999)).toEqual({ quantity: 7, reason: null });
  });

  it('allows at most the largest multiple of the step within the stock, none when that is below the minimum', () => {
    expect(ruleCeiling(fives, 999)).toBe(995);
    expect(ruleCeiling(fives, 4)).toBe(0);
    expect(ruleCeiling(ANY_QUANTITY, 999)).toBe(999);
  });
});
