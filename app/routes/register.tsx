import { redirect } from 'react-router';

import RegisterPage from '../features/auth/RegisterPage';
import { requestAuthStatus } from '../features/auth/status.server';
import { pageMeta } from '../lib/meta';
import { signedInUser } from '../lib/use-auth';
import type { Route } from './+types/register';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Create an account', 'Register to send enquiries with your details filled in.'),
  { name: 'robots', content: 'noindex' },
];

/** Signed-in visitors have an account already: to the home page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (signedInUser(await requestAuthStatus(request, context))) throw redirect('/');
  return null;
}

export default function Register() {
  return <RegisterPage />;
}
