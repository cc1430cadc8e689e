import { FEATURED_ON_HOME } from '../../core/constants';
import { HomePage } from '../features/home/HomePage';
import { fetchProducts } from '../lib/catalogue-api';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Biodegradable Plates, Bowls and Containers in Kerala',
    'Areca leaf plates, bagasse containers, kraft cups and wooden cutlery by the carton from Aluva, Kerala. Send an enquiry; we reply within 24 hours.',
  );

export async function loader({ context }: Route.LoaderArgs) {
  return { featured: (await context.catalogue.listProducts({ featured: true })).slice(0, FEATURED_ON_HOME) };
}

export async function clientLoader() {
  return { featured: (await fetchProducts({ featured: true })).slice(0, FEATURED_ON_HOME) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomePage featured={loaderData.featured} />;
}
