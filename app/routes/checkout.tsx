import { useMemo } from 'react';
import { useLocation } from 'react-router';

import { metaT, noindexMeta } from '#app/lib/meta.ts';
import { signedInUser, useAuthStatus } from '#domains/account/ui/use-auth.ts';
import CheckoutPage from '#domains/enquiry/ui/CheckoutPage.tsx';
import { checkoutUserOf } from '#domains/enquiry/ui/enquiry-payload.ts';
import { REPLY_WITHIN_HOURS } from '#domains/settings/opening-hours.ts';

import type { Route } from './+types/checkout.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return noindexMeta(
    matches,
    t('Order Enquiry'),
    t('Send your enquiry: we call you within {hours} hours to confirm delivery and pricing. No payment online.', {
      hours: REPLY_WITHIN_HOURS,
    }),
  );
};

/**
 * The enquiry checkout: items come from a direct enquiry in session storage or from the cart (root loader); a
 * signed-in account sends as itself with its details prefilled, a guest with a generated session id.
 */
export default function Checkout() {
  const account = signedInUser(useAuthStatus().data);
  const user = useMemo(() => (account ? checkoutUserOf(account) : null), [account]);
  // Each arrival starts afresh: the cart panel's Submit Enquiry, pressed on this page, means the cart's lines.
  const { key } = useLocation();
  return <CheckoutPage key={key} user={user} />;
}
