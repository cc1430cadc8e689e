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

/** GET /api/products's address; category and search are sent only when they filter something. */
function productsPath(filter: ProductFilter, order: { sort?: SortOption; page?: number } = {}): string {
  const query = new URLSearchParams();
  if (filter.category) query.set('category', filter.category);
  if (filter.search) query.set('search', filter.search);
  if (filter.featured) query.set('featured', 'true');
  if (order.sort) query.set('sort', order.sort);
  if (order.page && order.page > 1) query.set('page', String(order.page));
  const qs = query.toString();
  return `/api/products${qs ? `?${qs}` : ''}`;
}

/** The first page of GET /api/products: the plain call, without sort or page. */
export function fetchProducts(filter: ProductFilter, signal?: AbortSignal): Promise<Product[]> {
  return getJson<Product[]>(productsPath(filter), signal);
}

/** One page of the list in an order, with how many the filter finds in all. */
export async function fetchProductPage(
  filter: ProductFilter,
  order: { sort: SortOption; page: number },
  signal?: AbortSignal,
): Promise<ProductPage> {
  const { data, headers } = await getJsonAnswer<Product[]>(productsPath(filter, order), signal);
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

export function fetchProduct(id: number, signal?: AbortSignal): Promise<Product> {
  return getJson<Product>(`/api/products/${id}`, signal);
}

export function fetchVariations(id: number, signal?: AbortSignal): Promise<ProductVariation[]> {
  return getJson<ProductVariation[]>(`/api/products/${id}/variations`, signal);
}
