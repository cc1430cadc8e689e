import { adminMeta } from '#app/admin/meta.ts';
import { DashboardPage } from '#domains/order-file/ui/DashboardPage.tsx';

import type { Route } from './+types/admin-dashboard.ts';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Dashboard');

export default function AdminDashboard() {
  return <DashboardPage />;
}
