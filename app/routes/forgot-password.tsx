import { metaT, noindexNofollowMeta } from '#app/lib/meta.ts';
import ForgotPasswordPage from '#domains/account/ui/ForgotPasswordPage.tsx';

import type { Route } from './+types/forgot-password.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return noindexNofollowMeta(matches, t('Forgot password'), t('Ask for a link to choose a new password for your account.'));
};

export default function ForgotPassword() {
  return <ForgotPasswordPage />;
}
