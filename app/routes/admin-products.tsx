import { adminMeta } from '../features/admin/meta';
import { ProductsPage } from '../features/admin/products/ProductsPage';
import type { Route } from './+types/admin-products';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Products');

export default function AdminProducts() {
  return <ProductsPage />;
}
