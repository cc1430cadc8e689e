import { describe, expect, it } from 'vitest';

import { NO_VARIATIONS_MESSAGE, REQUIRED_FIELDS_MESSAGE, VARIATION_FIELDS_MESSAGE } from './product-admin-schema.ts';
import {
  newVariationRow,
  productBodyOf,
  productFormPath,
  productFormSchema,
  type ProductFormValues,
  productFormValues,
  type VariationRow,
} from './product-form-schema.ts';

const IMAGE = '/media/0123456789abcdef0123-1280.webp';
const filled = (overrides: Partial<ProductFormValues> = {}): ProductFormValues => ({
  ...productFormValues(null),
  name: 'Areca bowl',
  description: 'A deep bowl for curries.',
  price: '850',
  category: 'bowls',
  imageUrls: [IMAGE],
  ...overrides,
});
const row = (overrides: Partial<VariationRow>): VariationRow => ({ ...newVariationRow(), ...overrides });

/** The messages the form shows, by the field they are shown at. */
function problems(values: ProductFormValues): Record<string, string> {
  const result = productFormSchema.safeParse(values);
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the product form', () => {
  it('sends the body the API takes: blanks as null or defaults, the first image primary, blank stock not counted', () => {
    const values = filled({
      hasVariations: true,
      variations: [row({ name: 'Size', value: 'Small' }), row({ name: 'Size', value: 'Large', stockQuantity: '12' })],
    });
    const body = productFormSchema.parse(values);
    expect(body).toMatchObject({ imageUrl: IMAGE, originalPrice: null, stockQuantity: null, rating: '4.5', gstRate: '18' });
    expect(body.variations).toEqual([
      expect.objectContaining({ value: 'Small', stockQuantity: null, priceAdjustment: '0' }),
      expect.objectContaining({ value: 'Large', stockQuantity: '12' }),
    ]);
  });

  it('says each of the form’s own rules at the field it is about', () => {
    expect(problems({ ...productFormValues(null), imageUrls: [] })).toEqual({
      imageUrls: 'Image required: Please upload an image or give an image URL.',
      name: REQUIRED_FIELDS_MESSAGE,
      description: REQUIRED_FIELDS_MESSAGE,
      price: REQUIRED_FIELDS_MESSAGE,
      category: REQUIRED_FIELDS_MESSAGE,
    });
    expect(problems(filled({ hasVariations: true, variations: [newVariationRow()] }))).toEqual({
      hasVariations: NO_VARIATIONS_MESSAGE,
    });
  });

  it('drops a row left empty and refuses a half-filled one at its own row', () => {
    const values = filled({
      hasVariations: true,
      variations: [newVariationRow(), row({ name: 'Size', value: '10 inch' }), row({ name: 'Size', value: '  ' })],
    });
    expect(problems(values)).toEqual({ 'variations.2.value': VARIATION_FIELDS_MESSAGE });
    const fixed = { ...values, variations: values.variations.slice(0, 2) };
    expect(productFormSchema.parse(fixed).variations?.map((variation) => variation.value)).toEqual(['10 inch']);
    expect(problems(filled({ hasVariations: true, variations: [row({ value: '12 inch' })] }))).toEqual({
      'variations.0.name': VARIATION_FIELDS_MESSAGE,
    });
  });

  it("puts the API schema's messages at the field, a variation's at its row in the form", () => {
    const values = filled({
      price: '12.345',
      hasVariations: true,
      variations: [newVariationRow(), row({ name: 'Size', value: 'L', stockQuantity: '-1' })],
    });
    expect(problems(values)).toEqual({
      price: 'Price must be 0 or more, in steps of 0.01',
      'variations.1.stockQuantity': 'Variation stock must be at least 0',
    });
    const below = filled({
      price: '100',
      hasVariations: true,
      variations: [newVariationRow(), row({ name: 'Size', value: 'S', priceAdjustment: '-150' })],
    });
    expect(problems(below)).toEqual({ 'variations.1.priceAdjustment': 'A price adjustment cannot take a price below 0' });
  });

  it("finds the field of the server's message by its path in the body", () => {
    const values = filled({ hasVariations: true, variations: [newVariationRow(), row({ name: 'Size', value: 'L' })] });
    expect(productFormPath(['variations', 0, 'value'], values)).toBe('variations.1.value');
    expect(productFormPath('variations.0.stockQuantity'.split('.'), values)).toBe('variations.1.stockQuantity');
    expect(productFormPath(['imageUrls', 2], values)).toBe('imageUrls');
    expect(productFormPath(['price'], values)).toBe('price');
    expect(productFormPath(['_'], values)).toBe('root');
    expect(productFormPath([], values)).toBe('root');
  });

  it('loads a product as it was saved, and sends it back unchanged', () => {
    const body = productBodyOf(
      productFormValues({
        ...filled(),
        id: 7,
        name: 'Tray',
        description: 'Three compartments.',
        price: '1200.00',
        originalPrice: null,
        category: 'meals tray',
        imageUrl: IMAGE,
        imageUrls: [IMAGE],
        rating: '4.7',
        reviewCount: 3,
        inStock: true,
        featured: false,
        hasVariations: true,
        stockQuantity: null,
        unitsPerCarton: 250,
        unitType: 'pieces',
        cartonWeight: '6.50',
        cartonDimensions: null,
        specifications: {},
        tags: [],
        hsnCode: '4823',
        gstRate: 12,
        minCartons: 5,
        cartonStep: 5,
        priceBreaks: [
          { minCartons: 10, price: '1150.00' },
          { minCartons: 50, price: '1100.00' },
        ],
        variations: [
          {
            id: 31,
            productId: 7,
            type: 'size',
            name: 'Size',
            value: '3 compartments',
            price: '1200.00',
            priceAdjustment: '0.00',
            originalPrice: null,
            stockQuantity: null,
            unitsPerCarton: null,
            unitType: null,
            cartonWeight: null,
            cartonDimensions: null,
            sortOrder: 0,
            isActive: false,
            minCartons: null,
            cartonStep: 5,
            priceBreaks: [{ minCartons: 10, price: '1100.00' }],
          },
        ],
      }),
    );
    expect(body).toMatchObject({
      hsnCode: '4823',
      gstRate: '12',
      unitsPerCarton: '250',
      cartonWeight: '6.50',
      minCartons: '5',
      cartonStep: '5',
      priceBreaks: [
        { minCartons: 10, price: '1150.00' },
        { minCartons: 50, price: '1100.00' },
      ],
    });
    expect(body.variations).toEqual([
      {
        id: 31,
        name: 'Size',
        type: 'size',
        value: '3 compartments',
        priceAdjustment: '0.00',
        stockQuantity: null,
        isActive: false,
        unitsPerCarton: null,
        unitType: null,
        cartonWeight: null,
        cartonDimensions: null,
        minCartons: null,
        cartonStep: '5',
        priceBreaks: [{ minCartons: 10, price: '1100.00' }],
      },
    ]);
  });
});
