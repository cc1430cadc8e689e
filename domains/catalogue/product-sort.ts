import { piecePrice } from '#domains/pricing/model.ts';
import { msg } from '#lib/i18n/translate.ts';
import { toPaise } from '#lib/money.ts';

import type { Product } from './model.ts';

export const SORT_OPTIONS = [
  // Offered while searching: the order the search ranked, best match first (the default stays Featured).
  { value: 'relevance', label: msg('Best match') },
  { value: 'featured', label: msg('Featured') },
  { value: 'price-low', label: msg('Price: Low to High') },
  { value: 'price-high', label: msg('Price: High to Low') },
  // Beside the other choices, which order by the carton: the big figure on each card is the price of one piece
  // (docs/decisions/006-catalogue-queries-search-sort-and-paging.md).
  { value: 'piece-low', label: msg('Price per piece: Low to High') },
  { value: 'name', label: msg('Name A-Z') },
  { value: 'rating', label: msg('Highest Rated') },
] as const;

export type SortOption = (typeof SORT_OPTIONS)[number]['value'];
export const SORT_VALUES = SORT_OPTIONS.map((option) => option.value) as [SortOption, ...SortOption[]];
/** The /products page's order unless another is chosen: Featured. */
export const DEFAULT_SORT: SortOption = 'featured';

export function isSortOption(value: string | null): value is SortOption {
  return SORT_OPTIONS.some((option) => option.value === value);
}

const byName = (a: Product, b: Product) => a.name.localeCompare(b.name, 'en-IN');

/** A sorted copy; ties keep the catalogue order. */
export function sortProducts(products: readonly Product[], sort: SortOption): Product[] {
  const list = [...products];
  switch (sort) {
    case 'relevance':
      return list;
    case 'featured':
      return list.sort((a, b) => Number(b.featured) - Number(a.featured));
    case 'price-low':
      return list.sort((a, b) => toPaise(a.price) - toPaise(b.price));
    case 'price-high':
      return list.sort((a, b) => toPaise(b.price) - toPaise(a.price));
    case 'piece-low':
      return list.sort((a, b) => piecePrice(toPaise(a.price), a.unitsPerCarton) - piecePrice(toPaise(b.price), b.unitsPerCarton));
    case 'name':
      return list.sort(byName);
    case 'rating':
      return list.sort((a, b) => Number(b.rating) - Number(a.rating) || b.reviewCount - a.reviewCount);
  }
}
