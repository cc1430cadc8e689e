import { business } from '../../core/business';
import { AboutPage } from '../features/about/AboutPage';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/about';

export const meta: Route.MetaFunction = () =>
  pageMeta('About us', `Why ${business.name} makes plant-based tableware in Aluva, Kerala, and how it is made.`);

export default function About() {
  return <AboutPage />;
}
