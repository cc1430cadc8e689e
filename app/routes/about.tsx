import { pageMeta, shopOf } from '#app/lib/meta.ts';
import { AboutPage } from '#domains/site/ui/AboutPage.tsx';

import type { Route } from './+types/about.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopOf(matches);
  return pageMeta(
    matches,
    'About us',
    shop
      ? `Why ${shop.name} makes plant-based tableware in ${shop.address.locality}, ${shop.address.state}, and how it is made.`
      : 'Why we make plant-based tableware, and how it is made.',
  );
};

export default function About() {
  return <AboutPage />;
}
