// Plain catalogue objects for unit tests, with sensible defaults and overrides.
import type { Product, ProductVariation } from '../../core/catalogue.ts';

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
    ...overrides,
  };
}
