import { getJson, getJsonAnswer } from '#app/lib/api.ts';
import { CATALOGUE_PAGE_SIZE } from '#domains/catalogue/categories.ts';
import {
  type Product,
  type ProductFilter,
  type ProductPage,
  type ProductVariation,
  type SearchSuggestions,
  TOTAL_COUNT_HEADER,
} from '#domains/catalogue/model.ts';
import type { SortOption } from '#domains/catalogue/product-sort.ts';
import type { Language } from '#lib/language.ts';

/**
 * The language a product read asks for: `lang=ml` on a Malayalam page (the products named in Malayalam), nothing on
 * an English one, whose answer stays the API's plain one.
 */
function withLanguage(query: URLSearchParams, language: Language): URLSearchParams {
  if (language === 'ml') query.set('lang', 'ml');
  return query;
}

const withQuery = (path: string, query: URLSearchParams) => {
  const qs = query.toString();
  return `${path}${qs ? `?${qs}` : ''}`;
};

/** GET /api/products's address; category and search are sent only when they filter something. */
function productsPath(filter: ProductFilter, order: { sort?: SortOption; page?: number }, language: Language): string {
  const query = new URLSearchParams();
  if (filter.category) query.set('category', filter.category);
  if (filter.search) query.set('search', filter.search);
  if (filter.featured) query.set('featured', 'true');
  if (order.sort) query.set('sort', order.sort);
  if (order.page && order.page > 1) query.set('page', String(order.page));
  return withQuery('/api/products', withLanguage(query, language));
}

/** The first page of GET /api/products: the plain call, without sort or page. */
export function fetchProducts(filter: ProductFilter, language: Language, signal?: AbortSignal): Promise<Product[]> {
  return getJson<Product[]>(productsPath(filter, {}, language), signal);
}

/** One page of the list in an order, with how many the filter finds in all. */
export async function fetchProductPage(
  filter: ProductFilter,
  order: { sort: SortOption; page: number },
  language: Language,
  signal?: AbortSignal,
): Promise<ProductPage> {
  const { data, headers } = await getJsonAnswer<Product[]>(productsPath(filter, order, language), signal);
  const total = Number(headers.get(TOTAL_COUNT_HEADER));
  return {
    products: data,
    total: Number.isInteger(total) && headers.has(TOTAL_COUNT_HEADER) ? total : data.length,
    page: order.page,
    pageSize: CATALOGUE_PAGE_SIZE,
  };
}

/** What to offer when a search finds nothing. */
export function fetchSuggestions(search: string, signal?: AbortSignal): Promise<SearchSuggestions> {
  return getJson<SearchSuggestions>(`/api/products/suggestions?${new URLSearchParams({ search })}`, signal);
}

export function fetchProduct(id: number, language: Language, signal?: AbortSignal): Promise<Product> {
  return getJson<Product>(withQuery(`/api/products/${id}`, withLanguage(new URLSearchParams(), language)), signal);
}

export function fetchVariations(id: number, signal?: AbortSignal): Promise<ProductVariation[]> {
  return getJson<ProductVariation[]>(`/api/products/${id}/variations`, signal);
}
