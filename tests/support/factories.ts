// Plain catalogue objects for tests, with sensible defaults and overrides.
import type { Product, ProductVariation } from '#domains/catalogue/model.ts';

let nextId = 1000;

export function makeProduct(overrides: Partial<Product> = {}): Product {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Product ${id}`,
    description: 'A test product.',
    category: 'plates',
    price: '100.00',
    originalPrice: null,
    imageUrl: '',
    imageUrls: [],
    rating: '4.5',
    reviewCount: 0,
    inStock: true,
    featured: false,
    hasVariations: false,
    stockQuantity: null,
    unitsPerCarton: 1,
    unitType: 'pieces',
    cartonWeight: null,
    cartonDimensions: null,
    specifications: {},
    tags: [],
    minCartons: 1,
    cartonStep: 1,
    priceBreaks: [],
    ...overrides,
  };
}

export function makeVariation(overrides: Partial<ProductVariation> = {}): ProductVariation {
  const id = overrides.id ?? nextId++;
  return {
    id,
    productId: 1,
    type: 'size',
    name: 'Size',
    value: `Option ${id}`,
    price: null,
    originalPrice: null,
    stockQuantity: 100,
    unitsPerCarton: null,
    unitType: null,
    cartonWeight: null,
    cartonDimensions: null,
    sortOrder: 0,
    isActive: true,
    minCartons: null,
    cartonStep: null,
    priceBreaks: [],
    ...overrides,
  };
}

/** What the admin's product dialog saves for a plate that shows these photos: all the photo tests need of a product. */
export function productShowing(imageUrls: string[]): Record<string, unknown> {
  return { name: 'Photo plate', description: 'A plate shown with its photos.', price: '500', category: 'plates', imageUrls };
}
