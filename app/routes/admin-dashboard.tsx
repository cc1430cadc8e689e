import { DashboardPage } from '#app/features/admin/dashboard/DashboardPage.tsx';
import { adminMeta } from '#app/features/admin/meta.ts';

import type { Route } from './+types/admin-dashboard.ts';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Dashboard');

export default function AdminDashboard() {
  return <DashboardPage />;
}
