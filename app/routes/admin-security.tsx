import { adminMeta } from '#app/admin/meta.ts';
import { SecurityPage } from '#domains/account/ui/admin/SecurityPage.tsx';
import { useShop } from '#domains/settings/ui/shop.ts';

import type { Route } from './+types/admin-security.ts';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Security');

export default function AdminSecurity() {
  return <SecurityPage shopName={useShop().name} />;
}
