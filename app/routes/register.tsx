import { redirect } from 'react-router';

import { metaT, noindexMeta } from '#app/lib/meta.ts';
import RegisterPage from '#domains/account/ui/RegisterPage.tsx';
import { requestAuthStatus } from '#domains/account/ui/status.server.ts';
import { signedInUser } from '#domains/account/ui/use-auth.ts';
import { languageOfPath, pathIn } from '#lib/language.ts';

import type { Route } from './+types/register.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return noindexMeta(matches, t('Create an account'), t('Register to send enquiries with your details filled in.'));
};

/** Signed-in visitors have an account already: to the home page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (signedInUser(await requestAuthStatus(request, context)))
    throw redirect(pathIn(languageOfPath(new URL(request.url).pathname), '/'));
  return null;
}

export default function Register() {
  return <RegisterPage />;
}
