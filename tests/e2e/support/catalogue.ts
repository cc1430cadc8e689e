// The seeded demo catalogue as the pages should show it, and the ids the test server gave its products.
import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';

import { CATEGORIES } from '#domains/catalogue/categories.ts';
import { demoCatalogue } from '#platform/db/seed/catalogue.ts';
import type { SeedProduct } from '#platform/db/seed/types.ts';

import { expectURL, expectVisible } from './expect.ts';

export interface SeededProduct extends SeedProduct {
  id: number;
}

export const PRODUCTS: readonly SeedProduct[] = demoCatalogue;

/**
 * The id the test server's database gave the product of that name (the global setup reads them from its API), so
 * no test depends on the order in which the seed happened to insert the products.
 */
function productId(name: string): number {
  const id = inject('productIds')[name];
  if (id === undefined) throw new Error(`No product named ${name} on the test server`);
  return id;
}

/** The address of the product page of that name: '/products/<its id>'. */
export const productPath = (name: string): string => `/products/${productId(name)}`;

/** The products page's own heading. */
export const productsHeading = (page: Page): Locator => page.getByRole('heading', { level: 1, name: 'Our Products' });

/** The products page has opened at `path` (its address and its heading). */
export async function expectProductsPage(page: Page, path = '/products'): Promise<void> {
  await expectURL(page, path);
  await expectVisible(productsHeading(page));
}

export function productByName(name: string): SeededProduct {
  const product = PRODUCTS.find((p) => p.name === name);
  if (!product) throw new Error(`No seeded product named ${name}`);
  return { ...product, id: productId(name) };
}

/** What a search matches: the words of the search in the name, description or tags. */
export function matchesSearch(product: SeedProduct, search: string): boolean {
  const text = [product.name, product.description, ...product.tags].join('\n').toLowerCase();
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.includes(word));
}

/** The category buttons in their order, with the category each one shows (null: all). */
export const CATEGORY_BUTTONS: Array<{ label: string; category: string | null }> = [
  { label: 'All Products', category: null },
  ...CATEGORIES.map(({ value, label }) => ({ label, category: value })),
];

/** '₹1,150.00' from '1150.00', as the pages format rupees. */
export function rupees(decimal: string | number): string {
  return new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Number(decimal));
}

/** 1150 from '₹1,150.00'. */
export function parseRupees(text: string): number {
  return Number(text.replace(/[₹,\s]/g, ''));
}

/** Every public page, as a visitor reaches them (the page-walking tests: tap targets, HTML validity). */
export const publicPages = (): string[] => [
  '/',
  '/products',
  '/products?category=plates',
  productPath('Areca Leaf Round Plate'),
  '/about',
  '/contact',
  '/blog',
  '/blog/kerala-eco-friendly-business-guide',
  '/checkout',
  '/login',
  '/register',
  // An e-mailed link's pages, opened without their token.
  '/join',
  '/reset-password',
];

/** Products the large-catalogue server has beyond the demo's (platform/db/seed/scale.ts makes them). */
export const LARGE_CATALOGUE_ADDED = 400;
