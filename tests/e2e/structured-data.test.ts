// Found by search engines: each page type's JSON-LD, as the server renders it, is checked
// against the schema.org types it uses (each type's required and expected properties, and every nested object
// typed); each category has its own title, description, heading, text and canonical address.
import { describe, expect, test } from 'vitest';

import { CATEGORY_VALUES } from '#domains/catalogue/categories.ts';
import { CATEGORY_PAGES } from '#domains/catalogue/category-pages.ts';

import { BASE_URL, CHROMIUM } from './support/browser.ts';
import { productPath } from './support/catalogue.ts';

type Node = Record<string, unknown>;

/** The properties each schema.org type used here must carry (Google's required and recommended ones). */
const TYPES: Record<string, readonly string[]> = {
  Store: ['name', 'address', 'telephone', 'geo', 'openingHours', 'areaServed', 'priceRange'],
  PostalAddress: ['streetAddress', 'addressLocality', 'addressRegion', 'postalCode', 'addressCountry'],
  GeoCoordinates: ['latitude', 'longitude'],
  Product: ['name', 'description', 'image', 'brand', 'offers'],
  Brand: ['name'],
  AggregateRating: ['ratingValue', 'reviewCount'],
  Offer: ['price', 'priceCurrency', 'availability', 'shippingDetails', 'hasMerchantReturnPolicy'],
  OfferShippingDetails: ['shippingRate', 'shippingDestination', 'deliveryTime'],
  MonetaryAmount: ['value', 'currency'],
  DefinedRegion: ['addressCountry'],
  ShippingDeliveryTime: ['handlingTime', 'transitTime'],
  QuantitativeValue: ['minValue', 'maxValue', 'unitCode'],
  MerchantReturnPolicy: ['applicableCountry', 'returnPolicyCategory', 'merchantReturnDays'],
  BreadcrumbList: ['itemListElement'],
  ItemList: ['itemListElement', 'numberOfItems'],
  ListItem: ['position', 'name'],
  BlogPosting: ['headline', 'datePublished', 'author', 'publisher'],
  Person: ['name'],
  Organization: ['name'],
  FAQPage: ['mainEntity'],
  Question: ['name', 'acceptedAnswer'],
  Answer: ['text'],
};

/** Every problem of a JSON-LD node and its children: an unknown type, a missing property. */
function problems(node: unknown, path: string): string[] {
  if (Array.isArray(node)) return node.flatMap((item, index) => problems(item, `${path}[${index}]`));
  if (typeof node !== 'object' || node === null) return [];
  const object = node as Node;
  const type = object['@type'];
  const own: string[] = [];
  if (typeof type !== 'string' || !(type in TYPES)) own.push(`${path}: unknown @type ${JSON.stringify(type)}`);
  else for (const property of TYPES[type]!) if (object[property] === undefined) own.push(`${path} (${type}): no ${property}`);
  return [
    ...own,
    ...Object.entries(object)
      .filter(([key]) => !key.startsWith('@'))
      .flatMap(([key, value]) => problems(value, `${path}.${key}`)),
  ];
}

async function page(path: string): Promise<{ html: string; data: Node[] }> {
  const html = await (await fetch(new URL(path, BASE_URL))).text();
  const data = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]!) as Node,
  );
  return { html, data };
}

const typesOf = (data: Node[]) => data.map((node) => node['@type']);

describe.skipIf(!CHROMIUM)('structured data', () => {
  test.each([
    ['/', ['Store']],
    ['/products', ['ItemList']],
    ['/products?category=cups', ['ItemList']],
    [productPath('Areca Leaf Round Plate'), ['Product', 'BreadcrumbList']],
    ['/blog/kerala-eco-friendly-business-guide', ['BlogPosting', 'BreadcrumbList']],
    ['/contact', ['Store', 'FAQPage']],
  ])('%s carries %j, each valid for its schema.org type', async (path, expected) => {
    const { data } = await page(path);
    expect(typesOf(data)).toEqual(expected);
    for (const node of data) {
      expect(node['@context']).toBe('https://schema.org');
      expect(problems(node, String(node['@type']))).toEqual([]);
    }
  });

  test('a product: offers in INR with availability, shipping and returns from the shop terms; breadcrumbs down to it', async () => {
    const { data } = await page(productPath('Areca Leaf Round Plate'));
    const [product, breadcrumbs] = data as [Node, Node];
    expect(product.offers).toMatchObject({
      priceCurrency: 'INR',
      availability: expect.stringMatching(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/),
      shippingDetails: { shippingRate: { value: '50.00', currency: 'INR' } },
      hasMerchantReturnPolicy: { merchantReturnDays: 7 },
    });
    const trail = breadcrumbs.itemListElement as Node[];
    expect(trail.map((item) => item.position)).toEqual([1, 2, 3, 4]);
    // Absolute addresses, at the shop's address (the test server's PUBLIC_URL is its own address).
    expect(trail[1]).toMatchObject({ name: 'Products', item: `${BASE_URL}/products` });
    expect(product.image).not.toHaveLength(0);
    for (const image of product.image as string[]) expect(image).toMatch(new RegExp(`^${BASE_URL}/`));
  });

  test('a Malayalam page: its breadcrumbs named and leading in Malayalam, the category too', async () => {
    const { data } = await page(`/ml${productPath('Areca Leaf Round Plate')}`);
    const [product, breadcrumbs] = data as [Node, Node];
    expect(problems(product, 'Product')).toEqual([]);
    expect(product.category).toBe('പ്ലേറ്റുകൾ');
    const trail = (breadcrumbs.itemListElement as Node[]).map((item) => [item.name, item.item]);
    expect(trail.slice(0, 2)).toEqual([
      ['ഹോം', `${BASE_URL}/ml`],
      ['ഉൽപ്പന്നങ്ങൾ', `${BASE_URL}/ml/products`],
    ]);
    expect(trail[3]?.[1]).toBe(`${BASE_URL}/ml${productPath('Areca Leaf Round Plate')}`);
    const post = await page('/ml/blog/kerala-eco-friendly-business-guide');
    const crumbs = (post.data[1]!.itemListElement as Node[]).map((item) => item.item);
    expect(crumbs).toEqual([`${BASE_URL}/ml`, `${BASE_URL}/ml/blog`, `${BASE_URL}/ml/blog/kerala-eco-friendly-business-guide`]);
  });

  test('each category has its own title, description, heading, text and canonical address', async () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const category of CATEGORY_VALUES) {
      const path = `/products?${new URLSearchParams({ category })}`;
      const { html, data } = await page(path);
      const title = /<title>(.*?)<\/title>/s.exec(html)?.[1] ?? '';
      const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
      expect(title.length, path).toBeLessThanOrEqual(70);
      expect(title, path).toContain(CATEGORY_PAGES[category].title);
      expect(html, path).toContain(`<link rel="canonical" href="${new URL(path, BASE_URL).href.replace('&', '&amp;')}"`);
      expect(html, path).toContain(`>${CATEGORY_PAGES[category].heading}</h2>`);
      expect(html, path).toContain(CATEGORY_PAGES[category].text.slice(0, 40));
      expect(data[0]?.name, path).toBe(CATEGORY_PAGES[category].heading);
      expect((data[0]?.itemListElement as Node[])[0]?.url, path).toMatch(new RegExp(`^${BASE_URL}/products/\\d+$`));
      titles.add(title);
      descriptions.add(description);
    }
    expect(titles.size).toBe(CATEGORY_VALUES.length);
    expect(descriptions.size).toBe(CATEGORY_VALUES.length);
  });

  test('a search result is not indexed and names no canonical of its own', async () => {
    const { html } = await page('/products?search=plate');
    expect(html).toContain('<meta name="robots" content="noindex, follow"');
    expect(html).not.toContain('rel="canonical"');
  });
});
