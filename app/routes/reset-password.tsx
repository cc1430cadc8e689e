import ResetPasswordPage from '../features/auth/ResetPasswordPage';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/reset-password';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Choose a new password', 'Set a new password for the shop’s admin panel.'),
  { name: 'robots', content: 'noindex, nofollow' },
];

export default function ResetPassword() {
  return <ResetPasswordPage />;
}
