import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin-dashboard';

export const meta: Route.MetaFunction = () => adminMeta('Dashboard');

/** /admin: the dashboard's cards (orders, inquiries, products) arrive with the admin panel work. */
export default function AdminDashboard() {
  return (
    <section>
      <h1 className="text-2xl font-bold text-leaf-900">Dashboard</h1>
      <p className="mt-4 rounded-xl border border-dashed border-stone-300 bg-stone-50 p-6 text-stone-700">
        The overview of orders, inquiries and products will appear here. Use the sections in the menu to manage the shop.
      </p>
    </section>
  );
}
