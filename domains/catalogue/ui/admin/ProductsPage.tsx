import { Package, PackageCheck, PackageX, Pencil, Plus, Star } from 'lucide-react';
import { useEffect, useState } from 'react';

import { type ListParams, useAdminProducts, useDeleteProduct, useSetInStock } from '#app/admin/admin-api.ts';
import { CELL, DeleteButton } from '#app/admin/AdminTable.tsx';
import { rupees } from '#app/admin/format.ts';
import { FilterTabs, ListHeading, ListSearch, ListTable, Pager } from '#app/admin/ListControls.tsx';
import { oneOf, useAdminList } from '#app/admin/use-admin-list.ts';
import { PLACEHOLDER_IMAGE } from '#app/lib/placeholder.ts';
import { type Category, categoryLabel } from '#domains/catalogue/categories.ts';
import type { AdminProduct } from '#domains/catalogue/product-admin-schema.ts';
import { imageAtWidth } from '#lib/images.ts';
import { formatCount } from '#lib/money.ts';

import { ProductDialog } from './ProductDialog.tsx';
import { StockCell } from './StockCell.tsx';

/** The categories the admin list's filter offers: only these, not every category. */
const CATEGORIES = ['plates', 'containers', 'bowls', 'cutlery', 'combo'] as const satisfies readonly Category[];
const FILTERS: ReadonlyArray<[Category | 'all', string]> = [
  ['all', 'All'],
  ...CATEGORIES.map((category): [Category, string] => [category, categoryLabel(category)]),
];
const DESCRIPTION_PREVIEW = 50;

const stockAction = (product: AdminProduct) => (product.inStock ? 'Mark out of stock' : 'Mark in stock');

/** The dialog: closed, adding, or editing a product. */
type Editing = null | 'new' | number;

/**
 * /admin/products, the Products page: stat cards, search, category filter, the table, and the one dialog; the filter,
 * search and page live in the address.
 */
export function ProductsPage() {
  const list = useAdminList();
  const { heading } = list;
  const category = oneOf(CATEGORIES, list.read('category'));
  const [editing, setEditing] = useState<Editing>(null);
  /**
   * The product whose Edit button takes the focus once the list shows it: the one just saved, and when. Only a list
   * answered after that moment can say it is not shown; the list on screen at the save is the one from before it.
   */
  const [saved, setSaved] = useState<{ id: number; at: number } | null>(null);
  const [searchKey, setSearchKey] = useState(0);
  const params: ListParams = { page: list.page, q: list.q || undefined, category: category || undefined };
  const products = useAdminProducts(params);
  const setInStock = useSetInStock();
  const remove = useDeleteProduct();
  const data = products.data;

  const toggleStock = (product: AdminProduct) =>
    setInStock.mutate(
      { id: product.id, inStock: !product.inStock },
      { onError: list.failed('Failed to update product. Please try again.') },
    );
  const deleteProduct = list.deleter(
    remove,
    () => 'Are you sure you want to delete this product?',
    'Failed to delete product. Please try again.',
  );

  // A new product is first in the unfiltered list (newest first): the list goes there, so it is seen at once.
  const afterSave = (product: AdminProduct) => {
    if (editing === 'new') {
      list.change({ category: null, q: null });
      setSearchKey((key) => key + 1);
    }
    setEditing(null);
    setSaved({ id: product.id, at: Date.now() });
  };
  const focusSaved = (button: HTMLButtonElement | null) => {
    if (!button) return;
    button.focus();
    setSaved(null);
  };
  // A product saved out of the list's filters is not shown: the focus goes to the heading instead.
  const savedShown =
    saved === null ||
    products.isFetching ||
    products.dataUpdatedAt < saved.at ||
    data?.items.some((product) => product.id === saved.id);
  useEffect(() => {
    if (savedShown) return;
    heading.current?.focus();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the list's answer decides where the focus goes
    setSaved(null);
  }, [savedShown, heading]);

  const stats = data?.stats;
  const cards = [
    { title: 'Total Products', value: stats?.total, icon: Package },
    { title: 'In Stock', value: stats?.inStock, icon: PackageCheck },
    { title: 'Out of Stock', value: stats?.outOfStock, icon: PackageX },
    { title: 'Featured', value: stats?.featured, icon: Star },
  ];

  return (
    <section aria-labelledby="products-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ListHeading id="products-title" heading={heading}>
          Products
        </ListHeading>
        <button type="button" className="btn-primary min-h-11" onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="size-4" /> Add Product
        </button>
      </div>

      <ul className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Catalogue at a glance">
        {cards.map(({ title, value, icon: Icon }) => (
          <li key={title} className="rounded-xl border border-stone-200 bg-white p-4">
            <p className="flex items-center gap-2 text-sm font-semibold text-stone-700">
              <Icon aria-hidden="true" className="size-4 text-leaf-700" /> {title}
            </p>
            <p className="mt-1 text-2xl font-bold text-stone-900">{value === undefined ? '…' : formatCount(value)}</p>
          </li>
        ))}
      </ul>

      <div className="mt-4 flex flex-col gap-3 lg:flex-row lg:items-center">
        <FilterTabs
          label="Category"
          options={FILTERS}
          value={category || 'all'}
          counts={null}
          onChange={(value) => list.change({ category: value === 'all' ? null : value })}
        />
        <ListSearch key={searchKey} label="Search name or description" initial={list.q} onSearch={list.filter('q')} />
      </div>

      <ListTable
        query={products}
        what="products"
        caption="Products"
        columns={['Product', 'Category', 'Price', 'Stock', 'Status', 'Actions']}
        testId="product-row"
        cells={(product) => (
          <>
            <td data-label="Product" className={`${CELL} md:max-w-sm`}>
              <span className="flex min-w-0 items-start gap-3 text-right md:text-left">
                <img
                  src={imageAtWidth(product.imageUrl || PLACEHOLDER_IMAGE, 96)}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                  className="size-12 shrink-0 rounded-lg bg-leaf-50 object-cover"
                />
                <span className="min-w-0">
                  <span className="block font-semibold text-stone-900">{product.name}</span>
                  <span className="block text-stone-600">
                    {product.description.length > DESCRIPTION_PREVIEW
                      ? `${product.description.slice(0, DESCRIPTION_PREVIEW)}…`
                      : product.description}
                  </span>
                  {product.imageUrls.length > 1 && (
                    <span className="block text-xs text-stone-600">{product.imageUrls.length} images</span>
                  )}
                </span>
              </span>
            </td>
            <td data-label="Category" className={CELL}>
              {categoryLabel(product.category)}
            </td>
            <td data-label="Price" className={CELL}>
              <span className="text-right md:text-left">
                <span className="block font-semibold">{rupees(product.price)} / carton</span>
                <span className="block text-stone-600">
                  {product.unitsPerCarton} {product.unitType}
                </span>
                {product.originalPrice && (
                  <s className="block text-stone-500">
                    <span className="sr-only">Was </span>
                    {rupees(product.originalPrice)}
                  </s>
                )}
              </span>
            </td>
            <td data-label="Stock" className={CELL}>
              <StockCell product={product} />
            </td>
            <td data-label="Status" className={CELL}>
              <span className="flex flex-wrap justify-end gap-1 md:justify-start">
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                    product.inStock ? 'bg-leaf-100 text-leaf-900' : 'bg-red-100 text-red-900'
                  }`}
                >
                  {product.inStock ? 'In Stock' : 'Out of Stock'}
                </span>
                {product.featured && (
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Featured</span>
                )}
              </span>
            </td>
            <td data-label="Actions" className={CELL}>
              <span className="flex gap-1">
                <button
                  type="button"
                  ref={product.id === saved?.id ? focusSaved : undefined}
                  className="btn-outline size-11 p-0"
                  onClick={() => setEditing(product.id)}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                  <span className="sr-only">Edit {product.name}</span>
                </button>
                <button
                  type="button"
                  className="btn-outline min-h-11 px-3 text-xs"
                  aria-label={`${stockAction(product)}: ${product.name}`}
                  onClick={() => toggleStock(product)}
                >
                  {stockAction(product)}
                </button>
                <DeleteButton what={product.name} onClick={() => deleteProduct(product)} />
              </span>
            </td>
          </>
        )}
      />
      {data && <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={list.setPage} />}
      {editing !== null && (
        <ProductDialog id={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={afterSave} />
      )}
    </section>
  );
}
