import { CustomersPage } from '../features/admin/customers/CustomersPage';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin-customers';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Customers');

export default function AdminCustomers() {
  return <CustomersPage />;
}
