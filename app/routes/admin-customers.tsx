import { adminMeta } from '#app/admin/meta.ts';
import { CustomersPage } from '#domains/customer/ui/CustomersPage.tsx';

import type { Route } from './+types/admin-customers.ts';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Customers');

export default function AdminCustomers() {
  return <CustomersPage />;
}
