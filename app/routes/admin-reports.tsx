import { adminMeta } from '#app/features/admin/meta.ts';
import { ReportsPage } from '#app/features/admin/reports/ReportsPage.tsx';

import type { Route } from './+types/admin-reports.ts';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Reports');

export default function AdminReports() {
  return <ReportsPage />;
}
