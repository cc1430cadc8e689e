import JoinPage from '../features/auth/JoinPage';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/join';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Join the admin panel', 'Accept an invitation to the shop’s admin panel.'),
  { name: 'robots', content: 'noindex, nofollow' },
];

export default function Join() {
  return <JoinPage />;
}
