import type { ProductFilter } from '../../../core/catalogue';
import { type Category, CATEGORY_VALUES, SEARCH_MAX_LENGTH } from '../../../core/constants';

/**
 * The /products page's filter from its address. Unlike the API, a page forgives: an unknown
 * category shows every product and an over-long search is cut, since people type addresses.
 */
export function pageFilter(searchParams: URLSearchParams): ProductFilter {
  const filter: ProductFilter = {};
  const category = searchParams.get('category');
  if (category && (CATEGORY_VALUES as readonly string[]).includes(category)) filter.category = category as Category;
  const search = searchParams.get('search')?.trim().slice(0, SEARCH_MAX_LENGTH);
  if (search) filter.search = search;
  return filter;
}
