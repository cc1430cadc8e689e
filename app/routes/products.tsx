import { type ShouldRevalidateFunctionArgs } from 'react-router';

import { catalogPage } from '../../core/category-pages';
import { pageFilter } from '../features/catalogue/page-filter';
import { ProductsPage } from '../features/catalogue/ProductsPage';
import { fetchProducts, fetchSuggestions } from '../lib/catalogue-api';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/products';

export const meta: Route.MetaFunction = ({ data }) => {
  const page = catalogPage(data?.filter.category);
  const canonical = data?.filter.category ? `/products?${new URLSearchParams({ category: data.filter.category })}` : '/products';
  return data?.filter.search
    ? [...pageMeta(`Search results for ${data.filter.search}`, page.description), { name: 'robots', content: 'noindex, follow' }]
    : pageMeta(page.title, page.description, canonical);
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const filter = pageFilter(new URL(request.url).searchParams);
  const products = await context.catalogue.listProducts(filter);
  const suggestions = filter.search && products.length === 0 ? await context.catalogue.suggest(filter.search) : null;
  return { filter, products, suggestions };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const filter = pageFilter(new URL(request.url).searchParams);
  const products = await fetchProducts(filter, request.signal);
  const suggestions = filter.search && products.length === 0 ? await fetchSuggestions(filter.search, request.signal) : null;
  return { filter, products, suggestions };
}

// Sorting happens in the page; only the category and search need new data.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const changed = (name: string) => currentUrl.searchParams.get(name) !== nextUrl.searchParams.get(name);
  return currentUrl.pathname === nextUrl.pathname ? changed('category') || changed('search') : defaultShouldRevalidate;
}

export default function Products({ loaderData }: Route.ComponentProps) {
  return <ProductsPage filter={loaderData.filter} products={loaderData.products} suggestions={loaderData.suggestions} />;
}
