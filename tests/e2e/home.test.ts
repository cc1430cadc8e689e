// The home page (/ and /home): hero, featured products and the sections below.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';

import { checkA11y, CHROMIUM, useBrowser, VIEWPORT_ENTRIES, VIEWPORTS, visit } from './support/browser.ts';
import { productPath, PRODUCTS, rupees } from './support/catalogue.ts';
import { expectURL, expectVisible, texts } from './support/expect.ts';

/** The first 4 featured products. */
const FEATURED = PRODUCTS.filter((p) => p.featured).slice(0, 4);

const region = (page: Page, name: string) => page.getByRole('main').getByRole('region', { name });

describe.skipIf(!CHROMIUM)('home page', () => {
  const browser = useBrowser();

  test('phone: the first screen shows a product, its picture and its name, above the fold', async () => {
    const viewport = VIEWPORTS.phone;
    const { page } = await browser.open(viewport);
    await visit(page, '/');
    const first = region(page, 'Featured Eco-Products').getByRole('article').first();
    const name = await first.getByRole('heading', { level: 3 }).boundingBox();
    const picture = await first.getByRole('img').first().boundingBox();
    expect(name!.y + name!.height, 'the first product’s name').toBeLessThanOrEqual(viewport.height);
    expect(picture!.y, 'the first product’s picture').toBeLessThan(viewport.height);
  });

  describe.each(VIEWPORT_ENTRIES)('%s', (_name, viewport) => {
    test.each(['/', '/home'])('%s shows the hero, exactly 4 featured products and the sections below', async (path) => {
      const { page } = await browser.open(viewport);
      await visit(page, path);
      await expectVisible(page.getByRole('heading', { level: 1, name: /Biodegradable tableware/ }));
      expect(await page.title()).toMatch(/Biodegradable Plates, Bowls and Containers in Kerala/);

      const featured = region(page, 'Featured Eco-Products');
      const cards = featured.getByRole('article');
      expect(await cards.count()).toBe(4);
      expect(await texts(cards.getByRole('heading', { level: 3 }))).toEqual(FEATURED.map((p) => p.name));
      for (const [index, product] of FEATURED.entries()) {
        expect(await cards.nth(index).textContent()).toContain(`Box rate: ${rupees(product.price)}`);
      }
      await expectVisible(featured.getByRole('link', { name: 'Shop All Products' }));
      await expectVisible(featured.getByRole('link', { name: 'Learn About Sustainability' }));

      const why = region(page, 'Why choose us');
      expect(await why.getByRole('listitem').count()).toBe(4);
      await expectVisible(region(page, 'Our plastic-free promise').getByText(/Nothing we sell contains plastic/));
      const community = region(page, 'From our community');
      expect(await community.getByRole('figure').count()).toBe(3);
      expect(await community.getByRole('blockquote').count()).toBe(3);
      // One page at two addresses: axe once.
      if (path === '/') await checkA11y(page);
    });

    test('the hero and featured-section buttons go to /products and /about', async () => {
      const { page } = await browser.open(viewport);
      await visit(page, '/');
      const buttons: Array<[string, string, string]> = [
        ['Shop a Greener Future', '/products', 'Our Products'],
        ['Our Story', '/about', 'Our story'],
        ['Shop All Products', '/products', 'Our Products'],
        ['Learn About Sustainability', '/about', 'Our story'],
      ];
      for (const [label, path, heading] of buttons) {
        await page.getByRole('main').getByRole('link', { name: label, exact: true }).click();
        await expectURL(page, path);
        await expectVisible(page.getByRole('heading', { level: 1, name: heading }));
        await page.goBack();
        await expectURL(page, '/');
        await expectVisible(page.getByRole('heading', { level: 1, name: /Biodegradable tableware/ }));
      }
    });

    test('a featured product card opens its page', async () => {
      const product = FEATURED[1];
      if (!product) throw new Error('The seed has fewer than 2 featured products');
      const { page } = await browser.open(viewport);
      await visit(page, '/');
      await region(page, 'Featured Eco-Products').getByRole('link', { name: product.name, exact: true }).click();
      await expectURL(page, productPath(product.name));
      await expectVisible(page.getByRole('heading', { level: 1, name: product.name }));
    });
  });
});
