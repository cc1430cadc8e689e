import { data } from 'react-router';

import { ApiError } from '#app/lib/api.ts';
import { metaT, pageMeta } from '#app/lib/meta.ts';
import type { Product, ProductVariation } from '#domains/catalogue/model.ts';
import { fetchProduct, fetchVariations } from '#domains/catalogue/ui/catalogue-api.ts';
import { ProductPage } from '#domains/catalogue/ui/ProductPage.tsx';
import { parseId } from '#lib/ids.ts';
import { languageOfPath } from '#lib/language.ts';

import type { Route } from './+types/product.ts';

type Found = { product: Product; variations: ProductVariation[] };
const MISSING = { product: null, variations: [] as ProductVariation[] };

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  if (loaded?.product) return pageMeta(matches, loaded.product.name, loaded.product.description.slice(0, 160));
  const t = metaT(matches);
  return pageMeta(matches, t('Product not found'), t('This product is not in our catalogue.'));
};

// The product named and described in the page's language: in Malayalam on /ml/products/:id (its title and JSON-LD too).
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const language = languageOfPath(new URL(request.url).pathname);
  const product = id === null ? null : await context.catalogue.getProduct(id, language);
  if (!product) return data(MISSING, { status: 404 });
  const variations = product.hasVariations ? ((await context.catalogue.listActiveVariations(product.id)) ?? []) : [];
  return { product, variations } satisfies Found;
}

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const id = parseId(params.id);
  if (id === null) return MISSING;
  try {
    const product = await fetchProduct(id, languageOfPath(new URL(request.url).pathname), request.signal);
    const variations = product.hasVariations ? await fetchVariations(product.id, request.signal) : [];
    return { product, variations } satisfies Found;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return MISSING;
    throw error;
  }
}

export default function Product({ loaderData }: Route.ComponentProps) {
  return <ProductPage product={loaderData.product} variations={loaderData.variations} />;
}
