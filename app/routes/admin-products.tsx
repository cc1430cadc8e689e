import { adminMeta } from '#app/admin/meta.ts';
import { ProductsPage } from '#domains/catalogue/ui/admin/ProductsPage.tsx';

import type { Route } from './+types/admin-products.ts';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Products');

export default function AdminProducts() {
  return <ProductsPage />;
}
