import { pageMeta } from '#app/lib/meta.ts';
import JoinPage from '#domains/account/ui/JoinPage.tsx';

import type { Route } from './+types/join.ts';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Join the admin panel', 'Accept an invitation to the shop’s admin panel.'),
  { name: 'robots', content: 'noindex, nofollow' },
];

export default function Join() {
  return <JoinPage />;
}
