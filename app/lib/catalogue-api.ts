import type { Product, ProductFilter, ProductVariation, SearchSuggestions } from '../../core/catalogue';
import { getJson } from './api';

/** GET /api/products; category and search are sent only when they filter something. */
export function fetchProducts(filter: ProductFilter, signal?: AbortSignal): Promise<Product[]> {
  const query = new URLSearchParams();
  if (filter.category) query.set('category', filter.category);
  if (filter.search) query.set('search', filter.search);
  if (filter.featured) query.set('featured', 'true');
  const qs = query.toString();
  return getJson<Product[]>(`/api/products${qs ? `?${qs}` : ''}`, signal);
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
