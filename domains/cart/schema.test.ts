import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

import { messages } from '#lib/schemas/messages.fixture.ts';

import { cartAddSchema, cartUpdateSchema } from './schema.ts';

/** The first message of each failing field, as the API shows it. */
function firstMessages(schema: z.ZodType, input: unknown): Record<string, string> {
  return Object.fromEntries(Object.entries(messages(schema, input)).map(([field, list]) => [field, list[0]!]));
}

describe('cartAddSchema', () => {
  it('accepts productId and quantity, with variationId optional or null', () => {
    expect(cartAddSchema.parse({ productId: 1, quantity: 1 })).toEqual({ productId: 1, quantity: 1 });
    expect(cartAddSchema.parse({ productId: 1, quantity: 999, variationId: null })).toEqual({
      productId: 1,
      quantity: 999,
      variationId: null,
    });
    expect(cartAddSchema.parse({ productId: 2_147_483_647, quantity: 5, variationId: 3 })).toEqual({
      productId: 2_147_483_647,
      quantity: 5,
      variationId: 3,
    });
  });

  it.each([
    [{ quantity: 0 }, { quantity: 'Quantity must be at least 1' }],
    [{ quantity: -1 }, { quantity: 'Quantity must be at least 1' }],
    [{ quantity: 1000 }, { quantity: 'Quantity must be at most 999' }],
    [{ quantity: 1.5 }, { quantity: 'Quantity must be a whole number' }],
    [{ quantity: '2' }, { quantity: 'Quantity must be a whole number' }],
    [{ quantity: Number.NaN }, { quantity: 'Quantity must be a whole number' }],
    [{ quantity: Infinity }, { quantity: 'Quantity must be a whole number' }],
    [{ productId: 0 }, { productId: 'Must be a positive number' }],
    [{ productId: -1 }, { productId: 'Must be a positive number' }],
    [{ productId: 1.5 }, { productId: 'Must be a whole number' }],
    [{ productId: '1' }, { productId: 'Must be a whole number' }],
    [{ variationId: 0 }, { variationId: 'Must be a positive number' }],
    [{ variationId: '3' }, { variationId: 'Must be a whole number' }],
  ])('refuses %j', (change, errors) => {
    expect(firstMessages(cartAddSchema, { productId: 1, quantity: 1, ...change })).toEqual(errors);
  });

  it('refuses ids beyond a 32-bit integer', () => {
    expect(cartAddSchema.safeParse({ productId: 2_147_483_648, quantity: 1 }).success).toBe(false);
  });

  it('is strict: unknown fields are refused', () => {
    const result = cartAddSchema.safeParse({ productId: 1, quantity: 1, price: '0.01' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['price'] });
  });
});

describe('cartUpdateSchema', () => {
  it.each([0, 1, 999])('accepts quantity %i (0 removes the line)', (quantity) => {
    expect(cartUpdateSchema.parse({ quantity })).toEqual({ quantity });
  });

  it.each([
    [-1, 'Quantity cannot be negative'],
    [1000, 'Quantity must be at most 999'],
    [2.5, 'Quantity must be a whole number'],
    ['1', 'Quantity must be a whole number'],
    [null, 'Quantity must be a whole number'],
    [undefined, 'Quantity must be a whole number'],
  ])('refuses quantity %j', (quantity, message) => {
    expect(firstMessages(cartUpdateSchema, { quantity })).toEqual({ quantity: message });
  });

  it('is strict', () => {
    expect(cartUpdateSchema.safeParse({ quantity: 1, productId: 2 }).success).toBe(false);
  });
});
