import { useEffect, useRef } from 'react';
import { useNavigation } from 'react-router';

import { useLanguage, useLocalNavigate, useT } from '#app/lib/language.ts';
import { JsonLd } from '#app/ui/JsonLd.tsx';
import { Link } from '#app/ui/LocalLink.tsx';
import { CATEGORIES, categoryLabel, SKELETON_CARDS } from '#domains/catalogue/categories.ts';
import { catalogPage } from '#domains/catalogue/category-pages.ts';
import {
  type Product,
  type ProductFilter,
  type ProductPage,
  type ProductVariation,
  type SearchSuggestions,
} from '#domains/catalogue/model.ts';
import { isSortOption, SORT_OPTIONS, type SortOption } from '#domains/catalogue/product-sort.ts';
import { ProductCard, ProductCardSkeleton } from '#domains/catalogue/ui/ProductCard.tsx';
import { msg, type Translate } from '#lib/i18n/translate.ts';
import { type Language, pathIn } from '#lib/language.ts';
import { formatCount } from '#lib/money.ts';

import { catalogueHref } from './page-filter.ts';
import { PageLinks } from './PageLinks.tsx';

const ALL = { value: 'all', label: msg('All Products') } as const;

/** /products: the category chips, the sort, one page of the grid (skeletons while a client-side load runs) and the page links. */
export function ProductsPage({
  filter,
  sort,
  list,
  suggestions,
  variations,
}: {
  filter: ProductFilter;
  sort: SortOption;
  list: ProductPage;
  suggestions: SearchSuggestions | null;
  /** The options of the page's products that have them, when the server sent them with the page. */
  variations: Record<number, ProductVariation[]>;
}) {
  const navigate = useLocalNavigate();
  const navigation = useNavigation();
  const t = useT();
  const language = useLanguage();
  const loading = navigation.state === 'loading' && navigation.location.pathname === pathIn(language, '/products');
  const active = filter.category ?? 'all';
  const page = catalogPage(filter.category);
  const { products } = list;
  const firstPosition = (list.page - 1) * list.pageSize;

  // After a page link, the new page's heading takes the focus (the link itself is gone or moved). A new category,
  // search or order also starts at page 1, but there the focus stays on the control that changed it.
  const heading = useRef<HTMLHeadingElement>(null);
  const listing = catalogueHref(filter, { sort });
  const shown = useRef({ listing, page: list.page });
  useEffect(() => {
    const before = shown.current;
    shown.current = { listing, page: list.page };
    if (before.listing === listing && before.page !== list.page) heading.current?.focus();
  }, [listing, list.page]);

  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-bold text-leaf-900">
        {filter.search ? (
          <>
            {t('Search Results for')} <span className="text-leaf-700">“{filter.search}”</span>
          </>
        ) : (
          t('Our Products')
        )}
      </h1>

      <nav aria-label={t('Categories')} className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {[ALL, ...CATEGORIES].map((category) => (
            <li key={category.value}>
              <Link
                to={category.value === 'all' ? '/products' : `/products?${new URLSearchParams({ category: category.value })}`}
                aria-current={active === category.value ? 'page' : undefined}
                className={`btn rounded-full border ${
                  active === category.value
                    ? 'border-leaf-700 bg-leaf-700 text-white'
                    : 'border-stone-300 bg-white text-stone-700 hover:border-leaf-700'
                }`}
              >
                {t(category.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <h2 ref={heading} tabIndex={-1} className="mt-6 text-xl font-semibold text-stone-900">
        {filter.search ? t('Matching products') : t(page.heading)}
      </h2>
      {!filter.search && <p className="mt-1 max-w-3xl text-stone-700">{t(page.text)}</p>}
      {!filter.search && <JsonLd data={itemListJsonLd(t(page.heading), products, firstPosition, language)} />}

      <div className="mt-4 flex flex-wrap items-center justify-between gap-4">
        <p role="status" className="text-stone-700">
          {loading ? t('Loading products…') : showing(t, list.total)}
        </p>
        {/* The select is as wide as its longest order, which in Malayalam is wider than a phone: it narrows instead. */}
        <div className="flex max-w-full min-w-0 items-center gap-2">
          <label htmlFor="sort" className="text-sm text-stone-700">
            {t('Sort by')}
          </label>
          <select
            id="sort"
            value={sort}
            onChange={(event) => {
              const chosen = event.target.value;
              // A new order starts at its first page; the focus stays on the list box.
              if (isSortOption(chosen)) void navigate(catalogueHref(filter, { sort: chosen }), { preventScrollReset: true });
            }}
            className="h-11 min-w-0 rounded-lg border border-stone-300 bg-white px-3 text-sm"
          >
            {SORT_OPTIONS.filter((option) => filter.search || option.value !== 'relevance').map((option) => (
              <option key={option.value} value={option.value}>
                {t(option.label)}
              </option>
            ))}
          </select>
        </div>
      </div>

      {loading ? (
        <div data-testid="product-skeletons" className="mt-8 grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4">
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <ProductCardSkeleton key={i} />
          ))}
        </div>
      ) : products.length === 0 ? (
        <div className="mt-16 text-center">
          {list.total > 0 ? (
            <>
              <p className="text-lg text-stone-700">{t('There is no page {page} of these products.', { page: list.page })}</p>
              <Link to={catalogueHref(filter, { sort })} className="btn-primary mt-6">
                {t('Go to the first page')}
              </Link>
            </>
          ) : (
            <>
              <p className="text-lg text-stone-700">{t('No products found.')}</p>
              {suggestions && <Suggestions suggestions={suggestions} />}
              <Link to="/products" className="btn-primary mt-6">
                {t('View All Products')}
              </Link>
            </>
          )}
        </div>
      ) : (
        <>
          <ul className="mt-8 grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4">
            {products.map((product, index) => (
              <li key={product.id} className="flex">
                <ProductCard
                  product={product}
                  eagerImage={index < 2}
                  variations={variations[product.id]}
                  search={filter.search}
                />
              </li>
            ))}
          </ul>
          <PageLinks list={list} href={(number) => catalogueHref(filter, { sort, page: number })} />
        </>
      )}
    </div>
  );
}

/** schema.org ItemList of the products a catalogue page lists, in its order (positions go on across pages). */
function itemListJsonLd(name: string, products: readonly Product[], firstPosition: number, language: Language) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    numberOfItems: products.length,
    itemListElement: products.map((product, index) => ({
      '@type': 'ListItem',
      position: firstPosition + index + 1,
      url: pathIn(language, `/products/${product.id}`),
      name: product.name,
    })),
  };
}

/** An empty search's way on: the nearest searches, and the categories its words are found in. */
function Suggestions({ suggestions }: { suggestions: SearchSuggestions }) {
  const t = useT();
  return (
    <div className="mx-auto mt-6 max-w-xl space-y-4">
      <SuggestionLinks
        label={t('Did you mean')}
        heading={t('Did you mean')}
        links={suggestions.searches.map((search) => ({ query: { search }, text: search }))}
      />
      <SuggestionLinks
        label={t('Browse a category')}
        heading={t('Or browse')}
        links={suggestions.categories.map((category) => ({ query: { category }, text: t(categoryLabel(category)) }))}
      />
    </div>
  );
}

/** One kind of suggestion, a row of links to the products each finds; none, nothing. */
function SuggestionLinks({
  label,
  heading,
  links,
}: {
  label: string;
  heading: string;
  links: Array<{ query: Record<string, string>; text: string }>;
}) {
  if (links.length === 0) return null;
  return (
    <nav aria-label={label}>
      <p className="font-semibold text-stone-800">{heading}</p>
      <ul className="mt-2 flex flex-wrap justify-center gap-2">
        {links.map(({ query, text }) => {
          const to = `/products?${new URLSearchParams(query)}`;
          return (
            <li key={to}>
              <Link to={to} className="btn rounded-full border border-stone-300 bg-white text-stone-800 hover:border-leaf-700">
                {text}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** 'Showing 1 product', 'Showing 2,500 products'. */
function showing(t: Translate, total: number): string {
  const count = formatCount(total);
  return total === 1 ? t('Showing {count} product', { count }) : t('Showing {count} products', { count });
}
