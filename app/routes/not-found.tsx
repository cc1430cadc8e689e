import { data } from 'react-router';

import { useT } from '#app/lib/language.ts';
import { metaT, pageMeta } from '#app/lib/meta.ts';
import { NextSteps } from '#app/ui/NextSteps.tsx';

import type { Route } from './+types/not-found.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta(matches, t('Page not found'), t('This page does not exist.'));
};

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  const t = useT();
  return (
    <section className="container-page py-20 text-center">
      <h1 className="text-3xl font-bold text-leaf-900">{t('404 Page Not Found')}</h1>
      <p className="mt-4 text-stone-600">{t('The page you are looking for does not exist or has moved.')}</p>
      <NextSteps
        className="mt-8"
        main={{ to: '/', text: t('Go to the home page') }}
        other={{ to: '/products', text: t('Browse products') }}
      />
    </section>
  );
}
