import { adminMeta } from '#app/features/admin/meta.ts';
import { SecurityPage } from '#app/features/admin/security/SecurityPage.tsx';

import type { Route } from './+types/admin-security.ts';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Security');

export default function AdminSecurity() {
  return <SecurityPage />;
}
