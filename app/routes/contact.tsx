import { business } from '../../core/business';
import { ContactPage } from '../features/contact/ContactPage';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/contact';

export const meta: Route.MetaFunction = () =>
  pageMeta('Contact us', `Call, e-mail or message ${business.name} in Aluva, Kerala. ${business.hours.text}.`);

export default function Contact() {
  return <ContactPage />;
}
