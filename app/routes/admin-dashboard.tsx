import { DashboardPage } from '../features/admin/dashboard/DashboardPage';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin-dashboard';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Dashboard');

export default function AdminDashboard() {
  return <DashboardPage />;
}
