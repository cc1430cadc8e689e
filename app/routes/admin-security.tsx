import { adminMeta } from '../features/admin/meta';
import { SecurityPage } from '../features/admin/security/SecurityPage';
import type { Route } from './+types/admin-security';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Security');

export default function AdminSecurity() {
  return <SecurityPage />;
}
