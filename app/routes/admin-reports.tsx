import { adminMeta } from '#app/admin/meta.ts';
import { ReportsPage } from '#domains/handoff/ui/ReportsPage.tsx';

import type { Route } from './+types/admin-reports.ts';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Reports');

export default function AdminReports() {
  return <ReportsPage />;
}
