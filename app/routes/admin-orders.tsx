import { ComingSoon } from '../features/admin/AdminLayout';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin-orders';

export const meta: Route.MetaFunction = () => adminMeta('Orders');

/** /admin/orders: filled by the admin panel work. */
export default function AdminOrders() {
  return <ComingSoon title="Orders" />;
}
