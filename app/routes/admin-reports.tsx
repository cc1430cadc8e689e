import { adminMeta } from '../features/admin/meta';
import { ReportsPage } from '../features/admin/reports/ReportsPage';
import type { Route } from './+types/admin-reports';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Reports');

export default function AdminReports() {
  return <ReportsPage />;
}
