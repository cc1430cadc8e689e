import { adminMeta } from '#app/features/admin/meta.ts';
import { OrdersPage } from '#app/features/admin/orders/OrdersPage.tsx';

import type { Route } from './+types/admin-orders.ts';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Orders');

export default function AdminOrders() {
  return <OrdersPage />;
}
