import { adminMeta } from '../features/admin/meta';
import { OrdersPage } from '../features/admin/orders/OrdersPage';
import type { Route } from './+types/admin-orders';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Orders');

export default function AdminOrders() {
  return <OrdersPage />;
}
