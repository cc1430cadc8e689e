import { metaT, noindexNofollowMeta } from '#app/lib/meta.ts';
import JoinPage from '#domains/account/ui/JoinPage.tsx';

import type { Route } from './+types/join.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return noindexNofollowMeta(matches, t('Join the admin panel'), t('Accept an invitation to the shop’s admin panel.'));
};

export default function Join() {
  return <JoinPage />;
}
