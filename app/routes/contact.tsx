import { useSearchParams } from 'react-router';

import { pageMeta, shopOf } from '#app/lib/meta.ts';
import { ContactPage } from '#domains/message/ui/ContactPage.tsx';
import { hoursText } from '#domains/settings/opening-hours.ts';

import type { Route } from './+types/contact.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopOf(matches);
  return pageMeta(
    matches,
    'Contact us',
    shop
      ? `Call, e-mail or message ${shop.name} in ${shop.address.locality}, ${shop.address.state}. ${hoursText(shop.hours).open}.`
      : 'Call, e-mail or message us.',
  );
};

/** ?about=… comes from 'Ask about availability' on a sold-out product: the form starts as that question. */
export default function Contact() {
  const [params] = useSearchParams();
  return <ContactPage about={params.get('about')?.slice(0, 200) ?? null} />;
}
