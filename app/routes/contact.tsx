import { useSearchParams } from 'react-router';

import { metaLanguage, metaT } from '#app/lib/meta.ts';
import { shopPageMeta } from '#app/lib/shop-page-meta.ts';
import { ContactPage } from '#domains/message/ui/ContactPage.tsx';
import { hoursText } from '#domains/settings/opening-hours.ts';

import type { Route } from './+types/contact.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return shopPageMeta(
    matches,
    t('Contact us'),
    (place, shop) =>
      t('Call, e-mail or message {name} in {locality}, {state}. {hours}.', {
        ...place,
        hours: hoursText(shop.hours, metaLanguage(matches)).open,
      }),
    t('Call, e-mail or message us.'),
  );
};

/** ?about=… comes from 'Ask about availability' on a sold-out product: the form starts as that question. */
export default function Contact() {
  const [params] = useSearchParams();
  return <ContactPage about={params.get('about')?.slice(0, 200) ?? null} />;
}
