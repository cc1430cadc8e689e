// Server rendering for crawlers and script-less browsers: the catalogue is in the HTML itself.
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';

import { describeAtViewports } from './support/browser.ts';
import { productByName, productPath, PRODUCTS, rupees } from './support/catalogue.ts';
import { expectVisible, texts } from './support/expect.ts';

const GOOGLEBOT =
  'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const FEATURED_ON_HOME = PRODUCTS.filter((p) => p.featured).slice(0, 4);

async function cardHeadings(page: Page): Promise<string[]> {
  return texts(page.getByRole('main').getByRole('article').getByRole('heading', { level: 3 }));
}

const DETAIL = productByName('Areca Leaf Round Plate');
const DETAIL_PATH = productPath(DETAIL.name);

/** What the pages must show without running any script: each product's name and box rate. */
const PAGES: Array<{ path: string; products: typeof PRODUCTS }> = [
  { path: '/', products: FEATURED_ON_HOME },
  { path: '/products', products: PRODUCTS },
  { path: DETAIL_PATH, products: [DETAIL] },
];

describeAtViewports('server rendering', (browser, _name, viewport) => {
  test('without JavaScript, /, /products and a product page already show the products with their prices', async () => {
    const { page } = await browser.open(viewport, { context: { javaScriptEnabled: false } });
    for (const { path, products } of PAGES) {
      const response = await page.goto(path, { waitUntil: 'domcontentloaded' });
      expect(response?.status(), path).toBe(200);
      const html = await page.content();
      for (const product of products) {
        expect(html, `${path}: ${product.name}`).toContain(product.name);
        expect(html, `${path}: price of ${product.name}`).toContain(rupees(product.price));
      }
      if (path === DETAIL_PATH) {
        const product = DETAIL;
        await expectVisible(page.getByRole('heading', { level: 1, name: product.name }));
        await expectVisible(page.getByRole('main').getByText(`Box rate: ${rupees(product.price)}`));
        await expectVisible(page.getByRole('main').getByText(product.description));
        await expectVisible(page.getByRole('region', { name: 'Specifications' }));
      } else {
        expect(await cardHeadings(page)).toEqual(expect.arrayContaining(products.map((p) => p.name)));
        expect((await cardHeadings(page)).length).toBe(path === '/' ? 4 : PRODUCTS.length);
      }
      // No script ran: what shows is the server's HTML alone.
      expect(
        await page.evaluate(() => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules),
      ).toBeUndefined();
      if (path === '/') {
        // Lazy images fall back to their <noscript> copies.
        for (const product of products)
          expect(await page.getByRole('main').getByRole('img', { name: product.name, exact: true }).count(), product.name).toBe(
            1,
          );
      }
    }
  });

  test('a crawler (Googlebot) gets the full document', async () => {
    const { context, page } = await browser.open(viewport, { context: { userAgent: GOOGLEBOT, javaScriptEnabled: false } });
    for (const { path, products } of PAGES) {
      const response = await context.request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type']).toMatch(/^text\/html/);
      const html = await response.text();
      expect(html.startsWith('<!DOCTYPE html>'), path).toBe(true);
      expect(html.trimEnd().endsWith('</html>'), path).toBe(true);
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      expect(html).toMatch(/<meta name="description" content="[^"]+"/);
      if (path !== '/products') expect(html, path).toContain('application/ld+json');
      for (const product of products) {
        expect(html, `${path}: ${product.name}`).toContain(product.name);
        expect(html, `${path}: price of ${product.name}`).toContain(rupees(product.price));
      }
    }
    // And rendered as a crawler sees it.
    await page.goto('/products', { waitUntil: 'domcontentloaded' });
    expect((await cardHeadings(page)).length).toBe(PRODUCTS.length);
  });
});
