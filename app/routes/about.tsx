import { metaT, pageMeta, shopOf } from '#app/lib/meta.ts';
import { AboutPage } from '#domains/site/ui/AboutPage.tsx';

import type { Route } from './+types/about.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopOf(matches);
  const t = metaT(matches);
  return pageMeta(
    matches,
    t('About us'),
    shop
      ? t('Why {name} makes plant-based tableware in {locality}, {state}, and how it is made.', {
          name: shop.name,
          locality: shop.address.locality,
          state: shop.address.state,
        })
      : t('Why we make plant-based tableware, and how it is made.'),
  );
};

export default function About() {
  return <AboutPage />;
}
