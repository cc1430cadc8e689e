import { useSearchParams } from 'react-router';

import { business } from '../../core/business';
import { ContactPage } from '../features/contact/ContactPage';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/contact';

export const meta: Route.MetaFunction = () =>
  pageMeta('Contact us', `Call, e-mail or message ${business.name} in Aluva, Kerala. ${business.hours.text}.`);

/** ?about=… comes from 'Ask about availability' on a sold-out product: the form starts as that question. */
export default function Contact() {
  const [params] = useSearchParams();
  return <ContactPage about={params.get('about')?.slice(0, 200) ?? null} />;
}
