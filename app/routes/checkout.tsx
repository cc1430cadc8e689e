import CheckoutPage from '../features/checkout/CheckoutPage';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/checkout';

export const meta: Route.MetaFunction = () => [
  ...pageMeta(
    'Order Enquiry',
    'Send your enquiry: we call you within 24 hours to confirm delivery and pricing. No payment online.',
  ),
  { name: 'robots', content: 'noindex' },
];

/** The enquiry checkout: items come from a direct enquiry in session storage or from the cart (root loader). */
export default function Checkout() {
  return <CheckoutPage />;
}
