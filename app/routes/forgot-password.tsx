import ForgotPasswordPage from '../features/auth/ForgotPasswordPage';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/forgot-password';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Forgot password', 'Ask for a link to choose a new password for your account.'),
  { name: 'robots', content: 'noindex, nofollow' },
];

export default function ForgotPassword() {
  return <ForgotPasswordPage />;
}
