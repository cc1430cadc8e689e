import { cartonsIn, type Translate, translator } from '#lib/i18n/translate.ts';

const english = translator('en');

/**
 * How many cartons a line may hold: at least `minCartons`, in multiples of `cartonStep` (a product packed five
 * cartons to a bundle is sold 5, 10, 15…). The staff's minimum is itself a multiple of the step (the product form
 * refuses one that is not), so the rule has one reading. The seed and a new product say 1 and 1: any quantity.
 */
export interface CartonRule {
  minCartons: number;
  cartonStep: number;
}

export const ANY_QUANTITY: CartonRule = { minCartons: 1, cartonStep: 1 };

/** The rule of a line: the pricing option's own minimum and step where it sets them (null: the product's). */
export function cartonRule(
  product: CartonRule,
  variation?: { minCartons: number | null; cartonStep: number | null } | null,
): CartonRule {
  return {
    minCartons: variation?.minCartons ?? product.minCartons,
    cartonStep: variation?.cartonStep ?? product.cartonStep,
  };
}

/** What a quantity breaks, in words for the person ("… is sold in steps of 5 cartons"), or null when it keeps the rule. */
export function cartonRuleProblem(rule: CartonRule, quantity: number, what: string, t: Translate = english): string | null {
  if (quantity < rule.minCartons) {
    return t('{what} is sold in at least {cartons}', { what, cartons: cartonsIn(t, rule.minCartons) });
  }
  if (quantity % rule.cartonStep !== 0) {
    return t('{what} is sold in steps of {cartons}', { what, cartons: cartonsIn(t, rule.cartonStep) });
  }
  return null;
}

/** The largest quantity the rule allows within `max` (0 when none is). */
export const ruleCeiling = (rule: CartonRule, max: number): number => {
  const top = Math.floor(max / rule.cartonStep) * rule.cartonStep;
  return top >= rule.minCartons ? top : 0;
};

/**
 * A typed quantity made one the rule allows: below the minimum it becomes the minimum, off the step it goes up to the
 * next multiple (down when that is above `max`); `reason` says why it changed, for the person who typed it.
 */
export function correctedQuantity(
  rule: CartonRule,
  typed: number,
  max: number,
  t: Translate = english,
): { quantity: number; reason: string | null } {
  const top = ruleCeiling(rule, max);
  if (typed < rule.minCartons) {
    return {
      quantity: rule.minCartons,
      reason: t('At least {cartons}: {typed} became {quantity}', {
        cartons: cartonsIn(t, rule.minCartons),
        typed,
        quantity: rule.minCartons,
      }),
    };
  }
  if (typed % rule.cartonStep === 0) return { quantity: Math.min(typed, Math.max(top, rule.minCartons)), reason: null };
  const up = Math.ceil(typed / rule.cartonStep) * rule.cartonStep;
  const quantity = up <= max ? up : Math.max(top, rule.minCartons);
  return {
    quantity,
    reason: t('Sold in steps of {cartons}: {typed} became {quantity}', {
      cartons: cartonsIn(t, rule.cartonStep),
      typed,
      quantity,
    }),
  };
}

/** 'At least 5 cartons, in steps of 5', as the quantity box says it under itself. */
export function ruleText(rule: CartonRule, t: Translate = english): string {
  const cartons = cartonsIn(t, rule.minCartons);
  return rule.cartonStep > 1
    ? t('At least {cartons}, in steps of {step}', { cartons, step: rule.cartonStep })
    : t('At least {cartons}', { cartons });
}
