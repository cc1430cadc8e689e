import { adminMeta } from '#app/features/admin/meta.ts';
import { ProductsPage } from '#app/features/admin/products/ProductsPage.tsx';

import type { Route } from './+types/admin-products.ts';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Products');

export default function AdminProducts() {
  return <ProductsPage />;
}
