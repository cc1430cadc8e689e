import { type ShouldRevalidateFunctionArgs } from 'react-router';

import { absoluteUrl, metaT, pageMeta, siteOrigin } from '#app/lib/meta.ts';
import { catalogPage } from '#domains/catalogue/category-pages.ts';
import type { ProductVariation } from '#domains/catalogue/model.ts';
import { fetchProductPage, fetchSuggestions } from '#domains/catalogue/ui/catalogue-api.ts';
import { catalogueHref, pageFilter, pageOrder } from '#domains/catalogue/ui/page-filter.ts';
import { ProductsPage } from '#domains/catalogue/ui/ProductsPage.tsx';
import { languageOfPath } from '#lib/language.ts';

import type { Route } from './+types/products.ts';

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const t = metaT(matches);
  const page = catalogPage(data?.filter.category);
  const description = t(page.description);
  if (!data || data.filter.search)
    return [
      ...pageMeta(matches, t('Search results for {search}', { search: data?.filter.search ?? '' }), description),
      { name: 'robots', content: 'noindex, follow' },
    ];
  const number = data.list.page;
  // Each page of a category is its own page for search engines; a sorted one is the same products in another order.
  const canonical = absoluteUrl(siteOrigin(matches), catalogueHref(data.filter, { page: number }));
  const title = t(page.title);
  return pageMeta(matches, number > 1 ? t('{title}, page {number}', { title, number }) : title, description, canonical);
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filter = pageFilter(url.searchParams);
  const order = pageOrder(url.searchParams, filter);
  // The products named in the page's language: in Malayalam on /ml/products.
  const list = await context.catalogue.listPage(filter, order.sort, order.page, languageOfPath(url.pathname));
  const suggestions = filter.search && list.total === 0 ? await context.catalogue.suggest(filter.search) : null;
  // The cards' options come with the page: a phone does not ask for them card by card after hydrating.
  const variations = await context.catalogue.variationsOf(list.products);
  return { filter, sort: order.sort, list, suggestions, variations };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const filter = pageFilter(url.searchParams);
  const order = pageOrder(url.searchParams, filter);
  const list = await fetchProductPage(filter, order, languageOfPath(url.pathname), request.signal);
  const suggestions = filter.search && list.total === 0 ? await fetchSuggestions(filter.search, request.signal) : null;
  // In the browser each card asks for its own options (most are in the query cache already).
  const variations: Record<number, ProductVariation[]> = {};
  return { filter, sort: order.sort, list, suggestions, variations };
}

// Only this page's own parameters need new data (not, say, a tracking parameter).
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const changed = (name: string) => currentUrl.searchParams.get(name) !== nextUrl.searchParams.get(name);
  return currentUrl.pathname === nextUrl.pathname
    ? ['category', 'search', 'sort', 'page'].some(changed)
    : defaultShouldRevalidate;
}

export default function Products({ loaderData }: Route.ComponentProps) {
  return <ProductsPage {...loaderData} />;
}
