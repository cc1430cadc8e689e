import { metaT } from '#app/lib/meta.ts';
import { shopPageMeta } from '#app/lib/shop-page-meta.ts';
import { AboutPage } from '#domains/site/ui/AboutPage.tsx';

import type { Route } from './+types/about.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return shopPageMeta(
    matches,
    t('About us'),
    (place) => t('Why {name} makes plant-based tableware in {locality}, {state}, and how it is made.', place),
    t('Why we make plant-based tableware, and how it is made.'),
  );
};

export default function About() {
  return <AboutPage />;
}
