import { adminMeta } from '#app/admin/meta.ts';
import { OrdersPage } from '#domains/order-file/ui/OrdersPage.tsx';

import type { Route } from './+types/admin-orders.ts';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Orders');

export default function AdminOrders() {
  return <OrdersPage />;
}
