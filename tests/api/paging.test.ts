// Paging of GET /api/products, on both databases: the plain calls still answer the whole
// demo catalogue as a list; a large catalogue answers a page of 48 at a time, with the filter's total in a header, the
// order applied before the page is cut, and bad page numbers refused with a message.
import { beforeAll, describe, expect, it } from 'vitest';

import { CATALOGUE_PAGE_SIZE } from '#domains/catalogue/categories.ts';
import type { Product } from '#domains/catalogue/model.ts';
import { toPaise } from '#lib/money.ts';
import { addScaleProducts } from '#platform/db/seed/scale.ts';
import { databaseKinds, suiteApp } from '#tests/support/databases.ts';

const ADDED = 100;

describe.each(databaseKinds())('paging the catalogue on %s', (kind) => {
  const list = async (query = '') => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/products${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return { products: response.json() as Product[], total: Number(response.headers['x-total-count']) };
  };
  /** Every page of a listing, in order. */
  const allPages = async (query: string) => {
    const first = await list(`?${query}`);
    const pages = Math.ceil(first.total / CATALOGUE_PAGE_SIZE);
    const rest = [];
    for (let page = 2; page <= pages; page++) rest.push(...(await list(`?${query}&page=${page}`)).products);
    return { total: first.total, products: [...first.products, ...rest] };
  };
  let demo: Product[];

  const ctx = suiteApp(kind);
  beforeAll(async () => {
    demo = (await list()).products;
    await addScaleProducts(ctx.database.db, ADDED);
    ctx.services.catalogue.invalidate();
  });

  it("answered the whole demo catalogue to the plain call, as the storefront's client expects", () => {
    expect(demo).toHaveLength(35);
    expect(demo.map((p) => p.id)).toEqual([...demo.map((p) => p.id)].sort((a, b) => a - b));
  });

  it('answers the first page of a large catalogue, with the total in a header', async () => {
    const { products, total } = await list();
    expect(total).toBe(35 + ADDED);
    expect(products).toHaveLength(CATALOGUE_PAGE_SIZE);
    expect(products.slice(0, 35).map((p) => p.id)).toEqual(demo.map((p) => p.id));
  });

  it('answers the last page short and a page past it empty, the total unchanged', async () => {
    const last = await list('?page=3');
    expect(last.products).toHaveLength(35 + ADDED - 2 * CATALOGUE_PAGE_SIZE);
    expect(last.total).toBe(35 + ADDED);
    const past = await list('?page=4');
    expect(past).toEqual({ products: [], total: 35 + ADDED });
  });

  it('walks every product exactly once across the pages', async () => {
    const { products, total } = await allPages('sort=name');
    expect(products).toHaveLength(total);
    expect(new Set(products.map((p) => p.id)).size).toBe(total);
  });

  it.each([
    ['price-low', (a: Product, b: Product) => toPaise(a.price) <= toPaise(b.price)],
    ['price-high', (a: Product, b: Product) => toPaise(a.price) >= toPaise(b.price)],
    ['rating', (a: Product, b: Product) => Number(a.rating) >= Number(b.rating)],
    ['name', (a: Product, b: Product) => a.name.localeCompare(b.name, 'en-IN') <= 0],
    ['featured', (a: Product, b: Product) => Number(a.featured) >= Number(b.featured)],
  ] as const)('sorts by %s before it cuts the pages', async (sort, inOrder) => {
    const { products } = await allPages(`sort=${sort}`);
    for (let i = 1; i < products.length; i++) expect(inOrder(products[i - 1]!, products[i]!), `${sort} at ${i}`).toBe(true);
    // The cheapest product of all is first on page 1, not only the cheapest of the first 48 by id.
    if (sort === 'price-low') {
      const cheapest = Math.min(...products.map((p) => toPaise(p.price)));
      expect(toPaise((await list(`?sort=${sort}`)).products[0]!.price)).toBe(cheapest);
    }
  });

  it('counts and pages a category on its own', async () => {
    const { products, total } = await allPages('category=cups');
    expect(total).toBeGreaterThan(CATALOGUE_PAGE_SIZE / 4);
    expect(products).toHaveLength(total);
    expect(products.every((p) => p.category === 'cups')).toBe(true);
  });

  it('pages a search, best match first, with the number found', async () => {
    const { products, total } = await allPages('search=bamboo%20tray');
    expect(products).toHaveLength(total);
    // Batches 40 and 82 are the two made-up 'Bamboo Tray's (i % 6 = 4, i % 7 = 5).
    expect(products.slice(0, 2).map((p) => p.name)).toEqual(['Bamboo Tray 11 inch, batch 40', 'Bamboo Tray 11 inch, batch 82']);
  });

  it('still answers the featured products for the home page', async () => {
    const { products, total } = await list('?featured=true');
    expect(products.length).toBe(total);
    expect(products.every((p) => p.featured)).toBe(true);
  });

  it.each([
    ['?page=0', "'page' must be at least 1"],
    ['?page=abc', "'page' must be a whole number"],
    ['?page=10001', "'page' must be at most 10000"],
    ['?sort=cheapest', 'Unknown sort'],
  ])('refuses %s with a message', async (query, message) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/products${query}` });
    expect(response.statusCode).toBe(400);
    expect((response.json() as { message: string }).message).toContain(message);
  });
});
