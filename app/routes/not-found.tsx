import { data, Link } from 'react-router';

import { pageMeta } from '#app/lib/meta.ts';

import type { Route } from './+types/not-found.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Page not found', 'This page does not exist.');

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <section className="container-page py-20 text-center">
      <h1 className="text-3xl font-bold text-leaf-900">404 Page Not Found</h1>
      <p className="mt-4 text-stone-600">The page you are looking for does not exist or has moved.</p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/" className="btn-primary">
          Go to the home page
        </Link>
        <Link to="/products" className="btn-outline">
          Browse products
        </Link>
      </div>
    </section>
  );
}
