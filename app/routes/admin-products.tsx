import { ComingSoon } from '../features/admin/AdminLayout';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin-products';

export const meta: Route.MetaFunction = () => adminMeta('Products');

/** /admin/products: filled by the admin panel work. */
export default function AdminProducts() {
  return <ComingSoon title="Products" />;
}
