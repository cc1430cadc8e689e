import { CATALOGUE_MAX_PAGE, type Category, CATEGORY_VALUES, SEARCH_MAX_LENGTH } from '#domains/catalogue/categories.ts';
import type { ProductFilter } from '#domains/catalogue/model.ts';
import { DEFAULT_SORT, isSortOption, type SortOption } from '#domains/catalogue/product-sort.ts';

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

/** The order and page the /products address asks for; anything it cannot use is the first page in the default order. */
export function pageOrder(searchParams: URLSearchParams, filter: ProductFilter): { sort: SortOption; page: number } {
  const sort = searchParams.get('sort');
  const page = Number(searchParams.get('page'));
  return {
    // Best match means something only while searching.
    sort: isSortOption(sort) && (sort !== 'relevance' || filter.search) ? sort : DEFAULT_SORT,
    page: Number.isInteger(page) && page >= 1 && page <= CATALOGUE_MAX_PAGE ? page : 1,
  };
}

/** The /products address of a filter, order and page; what is default is left out, so each page has one address. */
export function catalogueHref(
  filter: ProductFilter,
  { sort = DEFAULT_SORT, page = 1 }: { sort?: SortOption; page?: number } = {},
) {
  const query = new URLSearchParams();
  if (filter.category) query.set('category', filter.category);
  if (filter.search) query.set('search', filter.search);
  if (sort !== DEFAULT_SORT) query.set('sort', sort);
  if (page > 1) query.set('page', String(page));
  const qs = query.toString();
  return qs ? `/products?${qs}` : '/products';
}
