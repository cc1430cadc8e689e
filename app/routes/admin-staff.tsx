import { adminMeta } from '#app/features/admin/meta.ts';
import { StaffPage } from '#app/features/admin/staff/StaffPage.tsx';

import type { Route } from './+types/admin-staff.ts';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Staff');

export default function AdminStaff() {
  return <StaffPage />;
}
