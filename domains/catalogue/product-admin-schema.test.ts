import { describe, expect, it } from 'vitest';

import { itAnswers } from '#lib/cases.fixture.ts';

import {
  NO_VARIATIONS_MESSAGE,
  productBodySchema,
  productFormProblem,
  REQUIRED_FIELDS_MESSAGE,
  VARIATION_FIELDS_MESSAGE,
} from './product-admin-schema.ts';

const minimal = { name: 'Plate', description: 'A plate.', price: '100', category: 'plates' };

describe('productFormProblem (the required fields, then the variations, in that order)', () => {
  itAnswers('%j → %s', productFormProblem, [
    [{}, REQUIRED_FIELDS_MESSAGE],
    [{ ...minimal, name: '  ' }, REQUIRED_FIELDS_MESSAGE],
    [{ ...minimal, price: null }, REQUIRED_FIELDS_MESSAGE],
    [{ ...minimal, hasVariations: true }, NO_VARIATIONS_MESSAGE],
    [{ ...minimal, hasVariations: true, variations: [{ name: 'Size', value: '' }] }, VARIATION_FIELDS_MESSAGE],
    [{ ...minimal, hasVariations: true, variations: [{ name: 'Size', value: '6 inch' }] }, null],
    [{ ...minimal, hasVariations: false, variations: [{ name: '', value: '' }] }, null],
    [minimal, null],
  ]);
});

describe('productBodySchema', () => {
  it('fills the defaults (rating 4.5, no reviews, 1 piece a carton, in stock) and keeps money as decimal strings', () => {
    expect(productBodySchema.parse({ ...minimal, price: 99.5 })).toMatchObject({
      price: '99.50',
      originalPrice: null,
      rating: '4.5',
      reviewCount: 0,
      unitsPerCarton: 1,
      unitType: 'pieces',
      inStock: true,
      featured: false,
      hasVariations: false,
      variations: [],
      imageUrls: [],
      imageUrl: '',
    });
  });

  it('reads priceAdjustment in paise, signed, and drops the list when variations are off', () => {
    const body = productBodySchema.parse({
      ...minimal,
      hasVariations: true,
      variations: [{ name: 'Size', type: 'size', value: 'L', priceAdjustment: '-20.5' }],
    });
    // No stock given: not counted (in stock), never 0 (sold out).
    expect(body.variations[0]).toMatchObject({ priceAdjustment: -2050, stockQuantity: null, isActive: true });
    const off = productBodySchema.parse({ ...minimal, variations: [{ name: 'Size', type: 'size', value: 'L' }] });
    expect(off.variations).toEqual([]);
  });

  it('reads a blank variation stock as not counted and a typed one as the cartons in stock', () => {
    const stock = (stockQuantity: unknown) =>
      productBodySchema.parse({
        ...minimal,
        hasVariations: true,
        variations: [{ name: 'Size', type: 'size', value: 'L', stockQuantity }],
      }).variations[0]?.stockQuantity;
    expect(stock('')).toBeNull();
    expect(stock('  ')).toBeNull();
    expect(stock(null)).toBeNull();
    expect(stock('0')).toBe(0);
    expect(stock(40)).toBe(40);
    expect(() => stock('-1')).toThrow('Variation stock must be at least 0');
  });

  it('makes the first image the primary one', () => {
    const body = productBodySchema.parse({
      ...minimal,
      imageUrl: '',
      imageUrls: ['/media/0123456789abcdef0123-640.webp', '/images/products/b.svg'],
    });
    expect(body.imageUrl).toBe('/media/0123456789abcdef0123-640.webp');
  });
});
