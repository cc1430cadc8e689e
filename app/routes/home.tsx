import { metaT, pageMeta } from '#app/lib/meta.ts';
import { FEATURED_ON_HOME } from '#domains/catalogue/categories.ts';
import type { ProductVariation } from '#domains/catalogue/model.ts';
import { fetchProducts } from '#domains/catalogue/ui/catalogue-api.ts';
import { REPLY_WITHIN_HOURS } from '#domains/settings/opening-hours.ts';
import { HomePage } from '#domains/site/ui/HomePage.tsx';
import { languageOfPath } from '#lib/language.ts';

import type { Route } from './+types/home.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta(
    matches,
    t('Biodegradable Plates, Bowls and Containers in Kerala'),
    t(
      'Areca leaf plates, bagasse containers, kraft cups and wooden cutlery by the carton from Aluva, Kerala. Send an enquiry; we reply within {hours} hours.',
      { hours: REPLY_WITHIN_HOURS },
    ),
  );
};

// The products named in the page's language: in Malayalam on /ml.
export async function loader({ request, context }: Route.LoaderArgs) {
  const language = languageOfPath(new URL(request.url).pathname);
  const featured = (await context.catalogue.listProducts({ featured: true }, language)).slice(0, FEATURED_ON_HOME);
  // The cards' options come with the page (see the products route).
  return { featured, variations: await context.catalogue.variationsOf(featured) };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const variations: Record<number, ProductVariation[]> = {};
  const language = languageOfPath(new URL(request.url).pathname);
  const featured = await fetchProducts({ featured: true }, language, request.signal);
  return { featured: featured.slice(0, FEATURED_ON_HOME), variations };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomePage featured={loaderData.featured} variations={loaderData.variations} />;
}
