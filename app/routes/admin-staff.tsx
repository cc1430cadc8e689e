import { adminMeta } from '#app/admin/meta.ts';
import { StaffPage } from '#domains/staff/ui/StaffPage.tsx';

import type { Route } from './+types/admin-staff.ts';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Staff');

export default function AdminStaff() {
  return <StaffPage />;
}
