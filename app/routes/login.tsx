import { redirect } from 'react-router';

import { metaT, noindexMeta } from '#app/lib/meta.ts';
import LoginPage from '#domains/account/ui/LoginPage.tsx';
import { requestAuthStatus } from '#domains/account/ui/status.server.ts';
import { homeOf, signedInUser } from '#domains/account/ui/use-auth.ts';
import { languageOfPath, pathIn } from '#lib/language.ts';

import type { Route } from './+types/login.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return noindexMeta(matches, t('Login'), t('Sign in to your account, or to the admin panel.'));
};

/** Already signed in (and not waiting for a 2FA code): admins to /admin, everyone else to /. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = signedInUser(await requestAuthStatus(request, context));
  if (user) throw redirect(pathIn(languageOfPath(new URL(request.url).pathname), homeOf(user)));
  return null;
}

export default function Login() {
  return <LoginPage />;
}
