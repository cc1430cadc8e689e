import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CATEGORY_VALUES, UNIT_TYPES, VARIATION_TYPES } from '#domains/catalogue/categories.ts';
import type { Product } from '#domains/catalogue/model.ts';
import { products } from '#domains/catalogue/tables.ts';
import { DEFAULT_GST_RATES } from '#domains/tax/gst.ts';
import { parseRupees } from '#lib/money.ts';
import { createTestApp, type TestApp } from '#tests/support/databases.ts';

import { demoCatalogue } from './catalogue.ts';
import { artUrl } from './product-art.ts';

const variations = demoCatalogue.flatMap((p) => p.variations.map((v) => ({ product: p, variation: v })));
const combos = demoCatalogue.filter((p) => p.category === 'combo');

describe('the demo catalogue', () => {
  it('has at least 30 products', () => {
    expect(demoCatalogue.length).toBeGreaterThanOrEqual(30);
  });

  it('covers all seven categories, each with more than one product', () => {
    expect(new Set(demoCatalogue.map((p) => p.category))).toEqual(new Set(CATEGORY_VALUES));
    for (const category of CATEGORY_VALUES) {
      expect(demoCatalogue.filter((p) => p.category === category).length, category).toBeGreaterThanOrEqual(2);
    }
  });

  it('has at least 8 products with variations', () => {
    expect(demoCatalogue.filter((p) => p.variations.length > 0).length).toBeGreaterThanOrEqual(8);
  });

  it('has an inactive variation, one out of stock and one low in stock (1 to 5)', () => {
    expect(variations.some(({ variation }) => variation.isActive === false)).toBe(true);
    expect(variations.some(({ variation }) => variation.stockQuantity === 0 && variation.isActive !== false)).toBe(true);
    expect(variations.some(({ variation }) => variation.stockQuantity >= 1 && variation.stockQuantity <= 5)).toBe(true);
  });

  it('has at least 4 featured products, some out of stock and some discounted', () => {
    expect(demoCatalogue.filter((p) => p.featured).length).toBeGreaterThanOrEqual(4);
    expect(demoCatalogue.some((p) => !p.inStock)).toBe(true);
    const discounted = demoCatalogue.filter(
      (p) => p.originalPrice != null && parseRupees(p.originalPrice)! > parseRupees(p.price)!,
    );
    expect(discounted.length).toBeGreaterThanOrEqual(2);
  });

  it('has unique product names and unique image files', () => {
    const names = demoCatalogue.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    const files = demoCatalogue.flatMap((p) => p.images.map((art) => art.file));
    expect(new Set(files).size).toBe(files.length);
    for (const file of files) expect(file).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it('gives every product 1 to 3 images', () => {
    for (const p of demoCatalogue) {
      expect(p.images.length, p.name).toBeGreaterThanOrEqual(1);
      expect(p.images.length, p.name).toBeLessThanOrEqual(3);
    }
  });

  it('writes every price as a valid rupee string with 2 decimals', () => {
    const amounts = [
      ...demoCatalogue.flatMap((p) => [p.price, p.originalPrice]),
      ...variations.flatMap(({ variation }) => [variation.price, variation.originalPrice]),
    ].filter((value): value is string => value != null);
    for (const amount of amounts) {
      expect(amount).toMatch(/^\d+\.\d{2}$/);
      expect(parseRupees(amount), amount).not.toBeNull();
    }
  });

  it('never shows an original price at or below the price', () => {
    for (const p of demoCatalogue) {
      if (p.originalPrice != null) expect(parseRupees(p.originalPrice)!, p.name).toBeGreaterThan(parseRupees(p.price)!);
    }
    for (const { product, variation } of variations) {
      if (variation.originalPrice == null) continue;
      const price = parseRupees(variation.price ?? product.price)!;
      expect(parseRupees(variation.originalPrice)!, `${product.name} ${variation.value}`).toBeGreaterThan(price);
    }
  });

  it("prices a product with variations at its lowest active variation's price", () => {
    for (const p of demoCatalogue.filter((item) => item.variations.length > 0)) {
      const active = p.variations.filter((v) => v.isActive !== false);
      const lowest = Math.min(...active.map((v) => parseRupees(v.price ?? p.price)!));
      expect(lowest, p.name).toBe(parseRupees(p.price));
    }
  });

  it('uses only known unit types, variation types and sensible numbers', () => {
    for (const p of demoCatalogue) {
      expect(UNIT_TYPES, p.name).toContain(p.unitType);
      expect(Number.isInteger(p.unitsPerCarton) && p.unitsPerCarton >= 1, p.name).toBe(true);
      expect(p.rating, p.name).toMatch(/^[0-5]\.\d$/);
      expect(Number(p.rating)).toBeLessThanOrEqual(5);
      expect(Number.isInteger(p.reviewCount) && p.reviewCount >= 0, p.name).toBe(true);
      if (p.cartonWeight !== null) expect(p.cartonWeight, p.name).toMatch(/^\d+\.\d{2}$/);
      expect(p.tags.length, p.name).toBeGreaterThan(0);
      expect(Object.keys(p.specifications).length, p.name).toBeGreaterThan(0);
    }
    for (const { product, variation } of variations) {
      const label = `${product.name} ${variation.value}`;
      expect(VARIATION_TYPES, label).toContain(variation.type);
      if (variation.unitType != null) expect(UNIT_TYPES, label).toContain(variation.unitType);
      expect(Number.isInteger(variation.stockQuantity) && variation.stockQuantity >= 0, label).toBe(true);
    }
  });

  it('gives every product its own 8-digit HSN code and a GST rate the shop offers', () => {
    for (const p of demoCatalogue) {
      expect(p.tax.hsnCode, p.name).toMatch(/^\d{8}$/);
      expect(DEFAULT_GST_RATES, p.name).toContain(p.tax.gstRate);
    }
  });

  it('names the parts of every combo pack, and only of combo packs, each a product of the catalogue', () => {
    const names = new Set(demoCatalogue.map((p) => p.name));
    for (const p of demoCatalogue) {
      if (p.category !== 'combo') expect(p.comboOf, p.name).toBeUndefined();
    }
    for (const combo of combos) {
      expect(combo.comboOf?.length, combo.name).toBeGreaterThanOrEqual(2);
      for (const part of combo.comboOf ?? []) expect(names.has(part), `${combo.name}: ${part}`).toBe(true);
    }
  });

  it('names and describes every product in Malayalam, with the sizes of its English name in Western digits', () => {
    const malayalam = /\p{Script=Malayalam}/u;
    const malayalamDigit = /[\u0d66-\u0d6f]/u;
    for (const p of demoCatalogue) {
      for (const text of [p.nameMl, p.descriptionMl]) {
        expect(text, p.name).toMatch(malayalam);
        expect(text, p.name).not.toMatch(malayalamDigit);
      }
      for (const size of p.name.match(/\d+/g) ?? []) expect(p.nameMl, p.name).toContain(size);
    }
    expect(new Set(demoCatalogue.map((p) => p.nameMl)).size).toBe(demoCatalogue.length);
  });

  it('does not repeat an option value within a product and type', () => {
    for (const p of demoCatalogue) {
      const keys = p.variations.map((v) => `${v.type}:${v.value}`);
      expect(new Set(keys).size, p.name).toBe(keys.length);
    }
  });
});

describe('the tax the seed writes', () => {
  let ctx: TestApp;
  let seeded: Map<string, { hsnCode: string | null; gstRate: number }>;

  beforeAll(async () => {
    ctx = await createTestApp('pglite');
    const rows = await ctx.database.db
      .select({ name: products.name, hsnCode: products.hsnCode, gstRate: products.gstRate })
      .from(products);
    seeded = new Map(rows.map(({ name, ...tax }) => [name, tax]));
  });
  afterAll(() => ctx?.close());

  it("is each product's own, as the catalogue gives it", () => {
    expect(seeded.size).toBe(demoCatalogue.length);
    for (const p of demoCatalogue) expect(seeded.get(p.name), p.name).toEqual(p.tax);
  });

  it('taxes a combo pack, a mixed supply, at the highest rate among its parts', () => {
    for (const combo of combos) {
      const rates = (combo.comboOf ?? []).map((part) => seeded.get(part)!.gstRate);
      expect(seeded.get(combo.name)!.gstRate, combo.name).toBe(Math.max(...rates));
    }
    // The Sadya Party Pack's areca plate, areca bowl and birch spoon are all 5 % goods; the Birthday Party Combo's
    // bagasse plates, bowls and cups (18 %) outrank its birch spoons (5 %).
    expect(seeded.get('Sadya Party Pack')).toEqual({ hsnCode: '14049090', gstRate: 5 });
    expect(seeded.get('Birthday Party Combo')?.gstRate).toBe(18);
  });
});

describe('the demo product images', () => {
  let ctx: TestApp;
  let seededUrls: string[];

  beforeAll(async () => {
    ctx = await createTestApp('pglite');
    const response = await ctx.app.inject({ method: 'GET', url: '/api/products' });
    expect(response.statusCode).toBe(200);
    const list = response.json() as Product[];
    seededUrls = list.flatMap((p) => [p.imageUrl, ...p.imageUrls]);
  });
  afterAll(() => ctx?.close());

  it('are the URLs the seed writes, one per image file', () => {
    const expected = demoCatalogue.flatMap((p) => p.images.map((art) => artUrl(art.file)));
    expect([...new Set(seededUrls)].sort()).toEqual([...expected].sort());
    for (const url of seededUrls) expect(url).toMatch(/^\/images\/products\/[a-z0-9-]+\.svg$/);
  });

  it('are every one served as SVG', async () => {
    for (const url of new Set(seededUrls)) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^image\/svg\+xml/);
      expect(response.body, url).toMatch(/^(<\?xml[^>]*>\s*)?<svg[\s>]/);
      expect(response.body.trimEnd(), url).toMatch(/<\/svg>$/);
      expect(response.headers.etag, url).toMatch(/^"[^"]+"$/);
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
    }
  });

  it('answer 304 to a matching If-None-Match', async () => {
    const url = seededUrls[0]!;
    const first = await ctx.app.inject({ method: 'GET', url });
    const again = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it.each([
    '/images/products/no-such-plate.svg',
    '/images/products/areca-round-plate-10in.png',
    '/images/products/areca-round-plate-10in',
  ])('answer 404 for an unknown file %s', async (url) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe('Image not found');
  });
});
