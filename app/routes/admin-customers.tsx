import { CustomersPage } from '#app/features/admin/customers/CustomersPage.tsx';
import { adminMeta } from '#app/features/admin/meta.ts';

import type { Route } from './+types/admin-customers.ts';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Customers');

export default function AdminCustomers() {
  return <CustomersPage />;
}
