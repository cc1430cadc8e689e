// Paging of /products on the large-catalogue server (the demo's 35 products and 100 more): real
// page links (they work without JavaScript, so search engines follow them), 'Showing N' still the filter's total, the
// order kept across pages and applied before them, the focus on the new page's heading, and a canonical per page.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';

import { CATALOGUE_PAGE_SIZE } from '#domains/catalogue/categories.ts';

import {
  checkA11y,
  CHROMIUM,
  focusedElement,
  LARGE_CATALOGUE_URL,
  useBrowser,
  VIEWPORT_ENTRIES,
  VIEWPORTS,
  visit,
} from './support/browser.ts';
import { LARGE_CATALOGUE_ADDED, parseRupees } from './support/catalogue.ts';
import { expectCount, expectURL, poll } from './support/expect.ts';

const TOTAL = 35 + LARGE_CATALOGUE_ADDED;
const LAST_PAGE = Math.ceil(TOTAL / CATALOGUE_PAGE_SIZE);

const cards = (page: Page) => page.getByRole('main').getByRole('article');
const pages = (page: Page) => page.getByRole('navigation', { name: 'Pages' });
const status = (page: Page) => page.getByRole('main').getByRole('status');
const boxRates = (page: Page) =>
  cards(page).evaluateAll((articles) =>
    articles.map((article) => /Box rate: (₹[\d,]+\.\d\d)/.exec(article.textContent ?? '')?.[1] ?? ''),
  );

describe.skipIf(!CHROMIUM)('paging the catalogue', () => {
  const browser = useBrowser();

  describe.each(VIEWPORT_ENTRIES)('at %s', (_name, viewport) => {
    test(`${CATALOGUE_PAGE_SIZE} a page, Next and the page numbers lead through all ${TOTAL}, the count stays the total`, async () => {
      const { page } = await browser.open(viewport, { baseURL: LARGE_CATALOGUE_URL });
      await visit(page, '/products');
      await expectCount(cards(page), CATALOGUE_PAGE_SIZE);
      expect(await status(page).textContent()).toBe(`Showing ${TOTAL} products`);
      await expect(pages(page).getByRole('link', { name: 'Page 1', exact: true }).getAttribute('aria-current')).resolves.toBe(
        'page',
      );
      expect(await pages(page).getByRole('link', { name: 'Previous' }).count()).toBe(0);

      await pages(page).getByRole('link', { name: 'Next' }).click();
      await expectURL(page, '/products?page=2');
      await poll(async () => (await focusedElement(page))?.tag).toBe('h2');
      await expectCount(cards(page), CATALOGUE_PAGE_SIZE);
      expect(await status(page).textContent()).toBe(`Showing ${TOTAL} products`);

      const last = pages(page).getByRole('link', { name: `Page ${LAST_PAGE}`, exact: true });
      await last.focus();
      await page.keyboard.press('Enter');
      await expectURL(page, `/products?page=${LAST_PAGE}`);
      await expectCount(cards(page), TOTAL - (LAST_PAGE - 1) * CATALOGUE_PAGE_SIZE);
      expect(await pages(page).getByRole('link', { name: 'Next' }).count()).toBe(0);
      await checkA11y(page);
    });

    test('a sort orders the whole catalogue, not one page, and the pages keep it', async () => {
      const { page } = await browser.open(viewport, { baseURL: LARGE_CATALOGUE_URL });
      await visit(page, '/products?page=2');
      const sort = page.getByLabel('Sort by');
      await sort.focus();
      await sort.selectOption({ label: 'Price: Low to High' });
      await expectURL(page, '/products?sort=price-low');
      // The address changes before React shows the new page (a transition): wait for the links of the new order.
      const next = pages(page).getByRole('link', { name: 'Next' });
      await poll(() => next.getAttribute('href')).toBe('/products?sort=price-low&page=2');
      const first = (await boxRates(page)).map(parseRupees);
      expect(first).toHaveLength(CATALOGUE_PAGE_SIZE);
      expect(first).toEqual([...first].sort((a, b) => a - b));
      // The order changed, not the page the customer asked for: the focus stays on the list box.
      expect(await focusedElement(page)).toMatchObject({ tag: 'select', id: 'sort' });
      await next.click();
      await expectURL(page, '/products?sort=price-low&page=2');
      await poll(async () => parseRupees((await boxRates(page))[0] ?? '')).toBeGreaterThanOrEqual(first.at(-1)!);
      expect(await page.getByLabel('Sort by').inputValue()).toBe('price-low');
    });
  });

  test('the page links are plain links: without JavaScript page 2 opens, with its own canonical and title', async () => {
    const { page } = await browser.open(VIEWPORTS.phone, {
      baseURL: LARGE_CATALOGUE_URL,
      context: { javaScriptEnabled: false },
    });
    await page.goto('/products?category=plates');
    const next = pages(page).getByRole('link', { name: 'Next' });
    if ((await next.count()) === 0) throw new Error('the plates category should have more than one page');
    expect(await next.getAttribute('href')).toBe('/products?category=plates&page=2');
    await next.click();
    await expectURL(page, '/products?category=plates&page=2');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
      `${LARGE_CATALOGUE_URL}/products?category=plates&page=2`,
    );
    expect(await page.title()).toMatch(/, page 2/);
    expect(await pages(page).getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/products?category=plates');
  });

  test('a page past the last says so and leads back to the first', async () => {
    const { page } = await browser.open(VIEWPORTS.phone, { baseURL: LARGE_CATALOGUE_URL });
    await visit(page, '/products?page=99');
    await expect(page.getByText('There is no page 99 of these products.').isVisible()).resolves.toBe(true);
    await page.getByRole('link', { name: 'Go to the first page' }).click();
    await expectURL(page, '/products');
    await expectCount(cards(page), CATALOGUE_PAGE_SIZE);
  });
});
