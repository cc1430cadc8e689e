import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { CATEGORY_VALUES } from '#domains/catalogue/categories.ts';
import type { Product, ProductVariation } from '#domains/catalogue/model.ts';
import { seedDemoCatalogue } from '#domains/catalogue/seed.server.ts';
import { products, productVariations } from '#domains/catalogue/tables.ts';
import { demoCatalogue } from '#platform/db/seed/catalogue.ts';
import type { SeedProduct } from '#platform/db/seed/types.ts';
import { csrfFor } from '#tests/support/csrf.ts';
import { createTestApp, createTestDatabase, databaseKinds, suiteApp } from '#tests/support/databases.ts';

const PRODUCT_FIELDS = [
  'id',
  'name',
  'description',
  'category',
  'price',
  'originalPrice',
  'imageUrl',
  'imageUrls',
  'rating',
  'reviewCount',
  'inStock',
  'featured',
  'hasVariations',
  'stockQuantity',
  'unitsPerCarton',
  'unitType',
  'cartonWeight',
  'cartonDimensions',
  'specifications',
  'tags',
];

const VARIATION_FIELDS = [
  'id',
  'productId',
  'type',
  'name',
  'value',
  'price',
  'originalPrice',
  'stockQuantity',
  'unitsPerCarton',
  'unitType',
  'cartonWeight',
  'cartonDimensions',
  'sortOrder',
  'isActive',
];

/**
 * Issue 36's trade-price fields, which the API adds after the spec's (docs/decisions/511-trade-prices-minimums-steps-and-breaks.md):
 * the spec's fields above stay exactly as they are, and these follow them.
 */
const TRADE_FIELDS = ['minCartons', 'cartonStep', 'priceBreaks'];

const pick = (record: object, fields: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(fields.map((field) => [field, (record as Record<string, unknown>)[field]]));

const seedNamed = (name: string): SeedProduct => {
  const item = demoCatalogue.find((p) => p.name === name);
  if (!item) throw new Error(`No demo product named ${name}`);
  return item;
};

const names = (list: readonly { name: string }[]) => list.map((p) => p.name);

describe.each(databaseKinds())('catalogue API on %s', (kind) => {
  let all: Product[];

  async function get(url: string) {
    const response = await ctx.app.inject({ method: 'GET', url });
    return { status: response.statusCode, headers: response.headers, body: response.body, json: () => response.json() };
  }

  async function getJson<T = unknown>(url: string, status = 200): Promise<T> {
    const response = await get(url);
    expect(response.status, `${url}: ${response.body}`).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    return response.json() as T;
  }

  const idOf = (name: string) => {
    const product = all.find((p) => p.name === name);
    if (!product) throw new Error(`No product named ${name} in the API`);
    return product.id;
  };

  const ctx = suiteApp(kind);
  beforeAll(async () => {
    all = await getJson<Product[]>('/api/products');
  });

  describe('GET /api/products', () => {
    it('lists every seeded product, in catalogue order', () => {
      expect(ctx.seeded).toBe(demoCatalogue.length);
      expect(names(all)).toEqual(names(demoCatalogue));
      expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
    });

    it('names exactly the product fields, in their order', () => {
      for (const product of all) expect(Object.keys(product)).toEqual([...PRODUCT_FIELDS, ...TRADE_FIELDS]);
    });

    it('names every product in Malayalam for lang=ml, the fields and everything else as in the English answer', async () => {
      const malayalam = await getJson<Product[]>('/api/products?lang=ml');
      expect(malayalam.map((p) => p.id)).toEqual(all.map((p) => p.id));
      for (const [index, product] of malayalam.entries()) {
        const english = all[index]!;
        const seed = seedNamed(english.name);
        expect(product).toEqual({ ...english, name: seed.nameMl, description: seed.descriptionMl });
      }
      const round = idOf('Areca Leaf Round Plate');
      expect((await getJson<Product>(`/api/products/${round}?lang=ml`)).name).toBe('പാള പ്ലേറ്റ് (വട്ടം)');
      // Without lang, the English answer as it always was (and not the Malayalam one cached beside it).
      expect((await getJson<Product>(`/api/products/${round}`)).name).toBe('Areca Leaf Round Plate');
      expect(names(await getJson<Product[]>('/api/products?featured=true'))).toEqual(names(all.filter((p) => p.featured)));
    });

    it('refuses a lang other than ml with 400 and errors.lang, on the list and on one product', async () => {
      for (const url of [
        '/api/products?lang=en',
        '/api/products?lang=malayalam',
        `/api/products/${idOf('Bagasse Round Plate')}?lang=x`,
      ]) {
        const body = await getJson<{ errors: Record<string, string> }>(url, 400);
        expect(body.errors, url).toHaveProperty('lang');
      }
    });

    it('shows every field as the seed stored it, with prices and rating as decimal strings', async () => {
      // The rows the seed wrote, read back: the API shows each product's stored fields unchanged.
      const stored = await ctx.database.db.select().from(products);
      expect(stored).toHaveLength(all.length);
      for (const product of all) {
        const row = stored.find((r) => r.id === product.id);
        expect(pick(product, PRODUCT_FIELDS)).toEqual(pick(row!, PRODUCT_FIELDS));
        // The trade fields as stored too, and the seed's are any quantity at the catalogue's price.
        expect(pick(product, TRADE_FIELDS)).toEqual(pick(row!, TRADE_FIELDS));
        expect(pick(product, TRADE_FIELDS)).toEqual({ minCartons: 1, cartonStep: 1, priceBreaks: [] });
      }
      // And what the demo catalogue says, read off it by hand.
      const round = all.find((p) => p.name === 'Areca Leaf Round Plate')!;
      expect(round.price).toBe('320.00');
      expect(round.originalPrice).toBeNull();
      expect(round.rating).toBe('4.8');
      expect(round.cartonWeight).toBe('1.60');
      expect(round.imageUrl).toBe('/images/products/areca-round-plate-10in.svg');
      const square = all.find((p) => p.name === 'Areca Leaf Square Plate')!;
      expect(square.originalPrice).toBe('420.00');
      const spoon = all.find((p) => p.name === 'Birch Wooden Spoon')!;
      expect(spoon.price).toBe('120.00');
      for (const product of all) {
        expect(product.price).toMatch(/^\d+\.\d{2}$/);
        if (product.originalPrice !== null) expect(product.originalPrice).toMatch(/^\d+\.\d{2}$/);
        expect(product.rating).toMatch(/^\d\.\d$/);
      }
    });

    it('keeps the specification keys in the order they were seeded', () => {
      for (const product of all) {
        expect(Object.keys(product.specifications)).toEqual(Object.keys(seedNamed(product.name).specifications));
      }
      expect(Object.keys(all.find((p) => p.name === 'Areca Leaf Round Plate')!.specifications)).toEqual([
        'Material',
        'Sizes',
        'Thickness',
        'Microwave Safe',
        'Compostable',
        'Origin',
      ]);
    });

    it.each(CATEGORY_VALUES)('?category=%s lists only that category', async (category) => {
      const list = await getJson<Product[]>(`/api/products?category=${encodeURIComponent(category)}`);
      const expected = demoCatalogue.filter((p) => p.category === category);
      expect(expected.length).toBeGreaterThan(0);
      expect(names(list)).toEqual(names(expected));
    });

    it('?category=cups lists the four cups', async () => {
      const list = await getJson<Product[]>('/api/products?category=cups');
      expect(names(list)).toEqual([
        'Kraft Paper Tea Cup',
        'Double Wall Kraft Coffee Cup 250 ml',
        'Bagasse Cup 200 ml',
        'Kraft Paper Ice Cream Cup 100 ml with Lid',
      ]);
    });

    it('?category=meals%20tray and meals+tray list the meals trays', async () => {
      const expected = [
        'Bagasse 5 Compartment Meals Tray',
        'Bagasse Thali Meals Tray with Lid',
        'Areca Leaf Meals Tray 4 Compartment',
        'Bagasse 2 Compartment Biriyani Tray',
      ];
      expect(names(await getJson<Product[]>('/api/products?category=meals%20tray'))).toEqual(expected);
      expect(names(await getJson<Product[]>('/api/products?category=meals+tray'))).toEqual(expected);
    });

    it('?category=all lists everything', async () => {
      expect(await getJson<Product[]>('/api/products?category=all')).toEqual(all);
    });

    it('?search= matches the name, case-insensitively', async () => {
      expect(names(await getJson<Product[]>('/api/products?search=double%20WALL'))).toEqual([
        'Double Wall Kraft Coffee Cup 250 ml',
      ]);
    });

    it('?search= matches the description', async () => {
      // 'iftar' appears only in one description.
      expect(names(await getJson<Product[]>('/api/products?search=Iftar'))).toEqual(['Areca Leaf Deep Round Plate 12 inch']);
    });

    it('?search= matches a tag', async () => {
      // 'chinese' and 'street-food' appear only as tags.
      expect(names(await getJson<Product[]>('/api/products?search=CHINESE'))).toEqual(['Kraft Paper Noodle Box 750 ml']);
      expect(names(await getJson<Product[]>('/api/products?search=street-food'))).toEqual(['Kraft Street Food Combo']);
    });

    it('?search= with several words needs every word (AND), in any field', async () => {
      // 'sadya' is in several products, 'onam' only in one's tags; 'iftar' only in another's description.
      expect(names(await getJson<Product[]>('/api/products?search=sadya%20onam'))).toEqual(['Sadya Party Pack']);
      expect(names(await getJson<Product[]>('/api/products?search=onam%20iftar'))).toEqual([]);
      const both = await getJson<Product[]>('/api/products?search=%20bagasse%20%20microwave-safe%20');
      // Best match first (tests/api/search.test.ts): the set is what every word finds.
      expect(names(both).sort()).toEqual(
        [
          'Bagasse Round Plate',
          'Bagasse 3 Compartment Plate 10 inch',
          'Bagasse Takeaway Container with Lid',
          'Bagasse 2 Compartment Container 850 ml with Lid',
          'Bagasse Round Bowl',
          'Bagasse 5 Compartment Meals Tray',
        ].sort(),
      );
    });

    it('?search= combines with ?category=', async () => {
      expect(names(await getJson<Product[]>('/api/products?category=bowls&search=payasam'))).toEqual([
        'Areca Leaf Round Bowl',
        'Bagasse Round Bowl',
      ]);
    });

    it('?search= that matches nothing answers an empty list', async () => {
      expect(await getJson('/api/products?search=styrofoam')).toEqual([]);
    });

    it('?search= of only spaces lists everything', async () => {
      expect(await getJson<Product[]>('/api/products?search=%20%20')).toEqual(all);
      expect(await getJson<Product[]>('/api/products?search=')).toEqual(all);
    });

    it('?featured=true lists only the featured products', async () => {
      const list = await getJson<Product[]>('/api/products?featured=true');
      expect(names(list)).toEqual(names(demoCatalogue.filter((p) => p.featured)));
      expect(list.length).toBeGreaterThanOrEqual(4);
      expect(list.every((p) => p.featured)).toBe(true);
    });

    it('?featured=false does not filter', async () => {
      expect(await getJson<Product[]>('/api/products?featured=false')).toEqual(all);
    });

    it('refuses an unknown category with 400, a message and errors.category', async () => {
      const body = await getJson<{ message: string; errors: Record<string, string> }>('/api/products?category=glassware', 400);
      expect(body).toEqual({
        message: 'Invalid query: Unknown category. Use one of: all, plates, containers, bowls, cups, cutlery, combo, meals tray',
        errors: { category: 'Unknown category. Use one of: all, plates, containers, bowls, cups, cutlery, combo, meals tray' },
      });
    });

    it('refuses an unknown query key with 400', async () => {
      const body = await getJson<{ message: string; errors: Record<string, string> }>('/api/products?order=price-low', 400);
      expect(body).toEqual({ message: "Invalid query: Unknown field 'order'", errors: { order: "Unknown field 'order'" } });
    });

    it('refuses a 101-character search with 400 and accepts 100', async () => {
      const body = await getJson<{ message: string; errors: Record<string, string> }>(
        `/api/products?search=${'a'.repeat(101)}`,
        400,
      );
      expect(body).toEqual({
        message: 'Invalid query: Search text must be at most 100 characters',
        errors: { search: 'Search text must be at most 100 characters' },
      });
      expect(await getJson(`/api/products?search=${'a'.repeat(100)}`)).toEqual([]);
    });

    it('refuses featured=TRUE with 400', async () => {
      const body = await getJson<{ errors: Record<string, string> }>('/api/products?featured=TRUE', 400);
      expect(body.errors).toEqual({ featured: 'featured must be true or false' });
    });
  });

  describe('GET /api/products/:id', () => {
    it('answers the product', async () => {
      const id = idOf('Areca Leaf Square Plate');
      const product = await getJson<Product>(`/api/products/${id}`);
      expect(product).toEqual(all.find((p) => p.id === id));
      expect(Object.keys(product)).toEqual([...PRODUCT_FIELDS, ...TRADE_FIELDS]);
      expect(product).toMatchObject({ name: 'Areca Leaf Square Plate', price: '380.00', originalPrice: '420.00', rating: '4.7' });
    });

    it('answers every product with its own id', async () => {
      for (const product of all) expect(await getJson<Product>(`/api/products/${product.id}`)).toEqual(product);
    });

    it('accepts a trailing slash', async () => {
      const id = idOf('Bagasse Cup 200 ml');
      expect((await getJson<Product>(`/api/products/${id}/`)).name).toBe('Bagasse Cup 200 ml');
    });

    it("answers 404 'Product not found' for a missing id", async () => {
      const missing = Math.max(...all.map((p) => p.id)) + 1000;
      expect(await getJson(`/api/products/${missing}`, 404)).toEqual({ message: 'Product not found' });
      expect(await getJson('/api/products/2147483647', 404)).toEqual({ message: 'Product not found' });
    });

    it.each(['abc', '0', '-1', '1e3', '0x10', '99999999999', '2147483648', '1.5', '%207'])(
      'answers 400 for the id %j',
      async (id) => {
        const body = await getJson<{ message: string; errors: Record<string, string> }>(`/api/products/${id}`, 400);
        expect(body).toEqual({
          message: 'Invalid product id: Product id must be a positive whole number',
          errors: { id: 'Product id must be a positive whole number' },
        });
      },
    );
  });

  describe('GET /api/products/:id/variations', () => {
    it('answers only the active variations, in sortOrder', async () => {
      const item = seedNamed('Bagasse Round Plate');
      const id = idOf(item.name);
      const variations = await getJson<ProductVariation[]>(`/api/products/${id}/variations`);
      expect(variations.map((v) => v.value)).toEqual(['7 inch', '9 inch', '10 inch']); // 12 inch is inactive
      expect(variations.map((v) => v.sortOrder)).toEqual([0, 1, 2]);
      for (const variation of variations) {
        expect(Object.keys(variation)).toEqual([...VARIATION_FIELDS, ...TRADE_FIELDS]);
        // A seeded variation takes the product's minimum and step (null) and has no breaks of its own.
        expect(pick(variation, TRADE_FIELDS)).toEqual({ minCartons: null, cartonStep: null, priceBreaks: [] });
        expect(variation.productId).toBe(id);
        expect(variation.isActive).toBe(true);
      }
      expect(variations[0]).toMatchObject({
        type: 'size',
        name: 'Size',
        price: null,
        stockQuantity: 480,
        unitsPerCarton: null,
        cartonWeight: null,
      });
      expect(variations[1]).toMatchObject({
        price: '1900.00',
        originalPrice: null,
        stockQuantity: 350,
        cartonWeight: '8.20',
        cartonDimensions: '48 x 24 x 46 cm',
      });
    });

    it('shows every product its active variations exactly as the seed stored them, in sortOrder', async () => {
      // The rows the seed wrote, read back: the API shows the active ones of each product, unchanged and in order.
      const stored = await ctx.database.db
        .select()
        .from(productVariations)
        .orderBy(productVariations.productId, productVariations.sortOrder);
      expect(stored.filter((v) => !v.isActive).length).toBeGreaterThan(0); // something for the filter to leave out
      for (const product of all) {
        const variations = await getJson<ProductVariation[]>(`/api/products/${product.id}/variations`);
        expect(variations, product.name).toEqual(stored.filter((v) => v.productId === product.id && v.isActive));
      }
    });

    it('keeps an active variation that is out of stock (the page disables it)', async () => {
      const variations = await getJson<ProductVariation[]>(
        `/api/products/${idOf('Areca Leaf Partition Plate 11 inch')}/variations`,
      );
      expect(variations.map((v) => [v.value, v.stockQuantity])).toEqual([
        ['3 Compartment', 240],
        ['4 Compartment', 0],
      ]);
    });

    it('answers [] for a product without variations', async () => {
      expect(await getJson(`/api/products/${idOf('Bagasse Cup 200 ml')}/variations`)).toEqual([]);
    });

    it("answers 404 'Product not found' for a missing product", async () => {
      const missing = Math.max(...all.map((p) => p.id)) + 1000;
      expect(await getJson(`/api/products/${missing}/variations`, 404)).toEqual({ message: 'Product not found' });
    });

    it('answers 400 for a malformed id', async () => {
      expect((await getJson<{ errors: object }>('/api/products/1e3/variations', 400)).errors).toEqual({
        id: 'Product id must be a positive whole number',
      });
    });
  });

  describe('odd requests', () => {
    it('answers 404 JSON for an unknown /api path', async () => {
      expect(await getJson('/api/nope', 404)).toEqual({ message: 'No API endpoint GET /api/nope' });
      expect(await getJson('/api/products/1/reviews?x=1', 404)).toEqual({
        message: 'No API endpoint GET /api/products/1/reviews',
      });
      // With a session's CSRF token, so that the answer is the router's, not the CSRF check's (403).
      const { headers } = await csrfFor(ctx.app);
      const post = await ctx.app.inject({ method: 'POST', url: '/api/products', payload: {}, headers });
      expect(post.statusCode).toBe(404);
      expect(post.json()).toEqual({ message: 'No API endpoint POST /api/products' });
    });

    it.each([
      ['/api/products?category[]=x', 400],
      ['/api/products?category=plates&category=cups', 400],
      ['/api/products?search=a&search=b', 400],
      ['/api/products?search[a]=b', 400],
      ['/api/products?search=%00', 200],
      ['/api/products?search=%E0%A4%A', 200],
      ['/api/products?search=%F0%9F', 200],
      [`/api/products?search=${encodeURIComponent('🌿'.repeat(50))}`, 200],
      ['/api/products?featured=TRUE', 400],
      ['/api/products?featured=', 400],
      ['/api/products?category=', 400],
      ['/api/products?__proto__=x', 400],
      ['/api/products?constructor=x', 400],
      ['/api/products?toString=x', 400],
      ['/api/products/%E0%A4%A', null],
      ['/api/products/%E0%A4%A/variations', null],
      [`/api/products/${'9'.repeat(5000)}`, null],
      [`/api/products/${'9'.repeat(90)}`, 400],
      ['/api/products/1%00', 400],
      ['/api/products/%2e%2e', 404], // normalised to /api/
      ['/api/products/-1/variations', 400],
      ['/api/products/1/variations/extra', 404],
      ['/api/%00', 404],
      ['/api/products?search=%25', 200],
    ] as Array<[string, number | null]>)('never a 500: %s', async (url, status) => {
      const response = await get(url);
      expect(response.status, response.body).toBeLessThan(500);
      expect(response.status).toBeGreaterThanOrEqual(status === 200 ? 200 : 400);
      if (status !== null) expect(response.status, response.body).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = response.json();
      if (response.status >= 400) expect(body.message).toEqual(expect.any(String));
      else expect(body).toEqual(expect.any(Array));
    });
  });

  it('GET /healthz answers 200 with the database kind', async () => {
    expect(await getJson('/healthz')).toEqual({ status: 'ok', database: kind });
  });
});

describe.each(databaseKinds())('catalogue data changes on %s', (kind) => {
  const ctx = suiteApp(kind);

  const productName = async (id: number) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/products/${id}` });
    expect(response.statusCode).toBe(200);
    return (response.json() as Product).name;
  };
  const listedName = async (id: number) => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/products' });
    return (response.json() as Product[]).find((p) => p.id === id)?.name;
  };
  const firstId = async () => {
    const [row] = await ctx.database.db.select({ id: products.id }).from(products).where(eq(products.name, 'Bagasse Cup 200 ml'));
    return row!.id;
  };

  it('serves the cached catalogue after a direct database change until invalidate()', async () => {
    const id = await firstId();
    expect(await productName(id)).toBe('Bagasse Cup 200 ml');
    expect(await listedName(id)).toBe('Bagasse Cup 200 ml');

    await ctx.database.db.update(products).set({ name: 'Bagasse Cup 200 ml (renamed)' }).where(eq(products.id, id));
    expect(await productName(id)).toBe('Bagasse Cup 200 ml');
    expect(await listedName(id)).toBe('Bagasse Cup 200 ml');

    ctx.services.catalogue.invalidate();
    expect(await productName(id)).toBe('Bagasse Cup 200 ml (renamed)');
    expect(await listedName(id)).toBe('Bagasse Cup 200 ml (renamed)');
    const search = await ctx.app.inject({ method: 'GET', url: '/api/products?search=renamed' });
    expect(names(search.json() as Product[])).toEqual(['Bagasse Cup 200 ml (renamed)']);
  });

  // BUG (domains/catalogue/routes.server.ts): the product and variations routes read from one
  // catalogue snapshot (getProduct / listActiveVariations) and then cache that answer in the
  // snapshot current at cachedJson() time. A write + invalidate() landing between the two awaits
  // stores the OLD answer in the NEW snapshot, so it is served until the next invalidation.
  it('does not keep serving a product read before a write that invalidated the catalogue', async () => {
    const catalogue = ctx.services.catalogue;
    const [row] = await ctx.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.name, 'Birch Wooden Knife 165 mm'));
    const id = row!.id;
    catalogue.invalidate();
    const original = catalogue.getProduct.bind(catalogue);
    const spy = vi.spyOn(catalogue, 'getProduct').mockImplementationOnce(async (productId) => {
      const product = await original(productId);
      // An edit lands while this request is between its read and its cachedJson().
      await ctx.database.db.update(products).set({ name: 'Birch Wooden Knife 165 mm (edited)' }).where(eq(products.id, id));
      catalogue.invalidate();
      return product;
    });
    expect(await productName(id)).toBe('Birch Wooden Knife 165 mm'); // began before the edit: fine
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
    expect(await productName(id)).toBe('Birch Wooden Knife 165 mm (edited)');
  });

  it('does not keep serving variations read before a write that invalidated the catalogue', async () => {
    const catalogue = ctx.services.catalogue;
    const [row] = await ctx.database.db.select({ id: products.id }).from(products).where(eq(products.name, 'Birch Wooden Spoon'));
    const id = row!.id;
    const stocks = async () => {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/products/${id}/variations` });
      expect(response.statusCode).toBe(200);
      return (response.json() as ProductVariation[]).map((v) => v.stockQuantity);
    };
    catalogue.invalidate();
    const original = catalogue.listActiveVariations.bind(catalogue);
    const spy = vi.spyOn(catalogue, 'listActiveVariations').mockImplementationOnce(async (productId) => {
      const variations = await original(productId);
      await ctx.database.db.update(productVariations).set({ stockQuantity: 0 }).where(eq(productVariations.productId, id));
      catalogue.invalidate();
      return variations;
    });
    expect(await stocks()).toEqual([400, 300, 260]);
    spy.mockRestore();
    expect(await stocks()).toEqual([0, 0, 0]);
  });

  it('tells listeners when the catalogue is invalidated', () => {
    let calls = 0;
    ctx.services.catalogue.onInvalidate(() => calls++);
    ctx.services.catalogue.invalidate();
    ctx.services.catalogue.invalidate();
    expect(calls).toBe(2);
  });

  it('seeding again adds nothing and answers 0', async () => {
    const [before] = await ctx.database.db.select({ n: count() }).from(products);
    const [variationsBefore] = await ctx.database.db.select({ n: count() }).from(productVariations);
    expect(before!.n).toBe(demoCatalogue.length);
    expect(await seedDemoCatalogue(ctx.database.db)).toBe(0);
    const [after] = await ctx.database.db.select({ n: count() }).from(products);
    const [variationsAfter] = await ctx.database.db.select({ n: count() }).from(productVariations);
    expect(after!.n).toBe(demoCatalogue.length);
    expect(variationsAfter!.n).toBe(variationsBefore!.n);
  });

  it('an unseeded app answers an empty catalogue', async () => {
    const empty = await createTestApp(kind, { seed: false });
    try {
      expect(empty.seeded).toBe(0);
      const response = await empty.app.inject({ method: 'GET', url: '/api/products' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
      expect((await empty.app.inject({ method: 'GET', url: '/api/products/1' })).statusCode).toBe(404);
    } finally {
      await empty.close();
    }
  });
});

describe.runIf(databaseKinds().includes('postgres'))('seeding on postgres', () => {
  it('two concurrent seedDemoCatalogue calls seed the catalogue exactly once', async () => {
    const database = await createTestDatabase('postgres');
    try {
      const results = await Promise.all([seedDemoCatalogue(database.db), seedDemoCatalogue(database.db)]);
      expect(results.sort((a, b) => a - b)).toEqual([0, demoCatalogue.length]);
      const [productCount] = await database.db.select({ n: count() }).from(products);
      const [variationCount] = await database.db.select({ n: count() }).from(productVariations);
      expect(productCount!.n).toBe(demoCatalogue.length);
      expect(variationCount!.n).toBe(demoCatalogue.reduce((sum, p) => sum + p.variations.length, 0));
      const rows = await database.db.select({ name: products.name }).from(products);
      expect(new Set(rows.map((r) => r.name)).size).toBe(demoCatalogue.length);
    } finally {
      await database.close();
    }
  });
});
