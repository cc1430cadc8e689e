import { ComingSoon } from '../features/admin/AdminLayout';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin-security';

export const meta: Route.MetaFunction = () => adminMeta('Security');

/** /admin/security: filled by the admin panel work. */
export default function AdminSecurity() {
  return <ComingSoon title="Security" />;
}
