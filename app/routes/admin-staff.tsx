import { adminMeta } from '../features/admin/meta';
import { StaffPage } from '../features/admin/staff/StaffPage';
import type { Route } from './+types/admin-staff';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Staff');

export default function AdminStaff() {
  return <StaffPage />;
}
