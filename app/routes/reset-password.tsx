import { metaT, noindexNofollowMeta } from '#app/lib/meta.ts';
import ResetPasswordPage from '#domains/account/ui/ResetPasswordPage.tsx';

import type { Route } from './+types/reset-password.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return noindexNofollowMeta(matches, t('Choose a new password'), t('Set a new password for the shop’s admin panel.'));
};

export default function ResetPassword() {
  return <ResetPasswordPage />;
}
