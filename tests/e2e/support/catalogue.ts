// The seeded demo catalogue as the pages should show it: ids are 1..N in array order.
import { demoCatalogue } from '../../../server/db/seed/catalogue';
import type { SeedProduct } from '../../../server/db/seed/types';

export interface SeededProduct extends SeedProduct {
  id: number;
}

export const PRODUCTS: SeededProduct[] = demoCatalogue.map((product, index) => ({ ...product, id: index + 1 }));

export function productById(id: number): SeededProduct {
  const product = PRODUCTS.find((p) => p.id === id);
  if (!product) throw new Error(`No seeded product ${id}`);
  return product;
}

export function productByName(name: string): SeededProduct {
  const product = PRODUCTS.find((p) => p.name === name);
  if (!product) throw new Error(`No seeded product named ${name}`);
  return product;
}

/** What a search matches (spec: the words of the search in the name, description or tags). */
export function matchesSearch(product: SeedProduct, search: string): boolean {
  const text = [product.name, product.description, ...product.tags].join('\n').toLowerCase();
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.includes(word));
}

/** The category buttons in spec order (section 2), with the category each one shows (null: all). */
export const CATEGORY_BUTTONS: Array<{ label: string; category: string | null }> = [
  { label: 'All Products', category: null },
  { label: 'Plates', category: 'plates' },
  { label: 'Containers', category: 'containers' },
  { label: 'Bowls', category: 'bowls' },
  { label: 'Cups', category: 'cups' },
  { label: 'Cutlery', category: 'cutlery' },
  { label: 'Combo Packs', category: 'combo' },
  { label: 'Meals Tray', category: 'meals tray' },
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
export const PUBLIC_PAGES = [
  '/',
  '/products',
  '/products?category=plates',
  '/products/1',
  '/about',
  '/contact',
  '/blog',
  '/blog/kerala-eco-friendly-business-guide',
  '/checkout',
  '/login',
  '/register',
];

/** Products the large-catalogue server has beyond the demo's (server/db/seed/scale.ts makes them). */
export const LARGE_CATALOGUE_ADDED = 400;
