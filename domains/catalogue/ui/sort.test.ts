import { describe, expect, it } from 'vitest';

import { isSortOption, SORT_OPTIONS, sortProducts } from '#domains/catalogue/product-sort.ts';
import { makeProduct } from '#tests/support/factories.ts';

const catalogue = [
  makeProduct({ id: 1, name: 'Kraft Tea Cup', price: '650.00', rating: '4.6', reviewCount: 90, featured: false }),
  makeProduct({ id: 2, name: 'areca Round Plate', price: '320.00', rating: '4.8', reviewCount: 312, featured: true }),
  makeProduct({ id: 3, name: 'Bagasse Bowl', price: '1350.00', rating: '4.6', reviewCount: 140, featured: false }),
  makeProduct({ id: 4, name: 'Birch Spoon', price: '99.50', rating: '4.8', reviewCount: 20, featured: true }),
  makeProduct({ id: 5, name: 'Areca Bowl', price: '320.00', rating: '3.9', reviewCount: 500, featured: false }),
];
const ids = (list: readonly { id: number }[]) => list.map((p) => p.id);

describe('sort options', () => {
  it('are the five sort orders with their labels, and best match and the price per piece beside them', () => {
    expect(SORT_OPTIONS.map((o) => [o.value, o.label])).toEqual([
      ['relevance', 'Best match'],
      ['featured', 'Featured'],
      ['price-low', 'Price: Low to High'],
      ['price-high', 'Price: High to Low'],
      ['piece-low', 'Price per piece: Low to High'],
      ['name', 'Name A-Z'],
      ['rating', 'Highest Rated'],
    ]);
  });

  it('recognises only those values', () => {
    for (const option of SORT_OPTIONS) expect(isSortOption(option.value)).toBe(true);
    for (const value of [null, '', 'price', 'Featured', 'name ', 'newest']) expect(isSortOption(value)).toBe(false);
  });
});

describe('sortProducts', () => {
  it('featured: featured first, otherwise the catalogue order', () => {
    expect(ids(sortProducts(catalogue, 'featured'))).toEqual([2, 4, 1, 3, 5]);
  });

  it('price-low: by price in paise, not as text; ties keep catalogue order', () => {
    // As text '99.50' > '1350.00'; as amounts it is the cheapest.
    expect(ids(sortProducts(catalogue, 'price-low'))).toEqual([4, 2, 5, 1, 3]);
  });

  it('piece-low: by the price of one piece, the figure a card shows', () => {
    const cartons = [
      makeProduct({ id: 1, price: '900.00', unitsPerCarton: 100 }), // 9.00 a piece
      makeProduct({ id: 2, price: '500.00', unitsPerCarton: 25 }), // 20.00 a piece
      makeProduct({ id: 3, price: '1200.00', unitsPerCarton: 500 }), // 2.40 a piece
    ];
    expect(ids(sortProducts(cartons, 'piece-low'))).toEqual([3, 1, 2]);
    expect(ids(sortProducts(cartons, 'price-low'))).toEqual([2, 1, 3]);
  });

  it('price-high: dearest first; ties keep catalogue order', () => {
    expect(ids(sortProducts(catalogue, 'price-high'))).toEqual([3, 1, 2, 5, 4]);
  });

  it('name: A-Z ignoring case', () => {
    expect(sortProducts(catalogue, 'name').map((p) => p.name)).toEqual([
      'Areca Bowl',
      'areca Round Plate',
      'Bagasse Bowl',
      'Birch Spoon',
      'Kraft Tea Cup',
    ]);
  });

  it('rating: highest first, more reviews breaking ties', () => {
    expect(ids(sortProducts(catalogue, 'rating'))).toEqual([2, 4, 3, 1, 5]);
  });

  it('returns a copy and leaves the input alone', () => {
    const before = ids(catalogue);
    const sorted = sortProducts(catalogue, 'price-high');
    expect(sorted).not.toBe(catalogue);
    expect(ids(catalogue)).toEqual(before);
  });
});
