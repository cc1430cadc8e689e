// The products list (/products): categories, count, sorting, search, empty result,
// loading skeletons and opening a product.
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';

import { checkA11y, describeAtViewports, visit } from './support/browser.ts';
import {
  CATEGORY_BUTTONS,
  expectProductsPage,
  matchesSearch,
  parseRupees,
  productByName,
  PRODUCTS,
  productsHeading,
} from './support/catalogue.ts';
import { holdApi } from './support/enquiry.ts';
import { expectCount, expectHidden, expectURL, expectVisible, poll } from './support/expect.ts';

interface Card {
  name: string;
  category: string;
  boxRate: number;
  /** The card's big figure: the price of one piece. */
  perPiece: number;
  rating: number;
  reviews: number;
}

/** The product cards in the page's order, read from what they show. */
async function readCards(page: Page): Promise<Card[]> {
  const raw = await page
    .getByRole('main')
    .getByRole('article')
    .evaluateAll((articles) =>
      articles.map((article) => {
        const text = (article.textContent ?? '').replace(/\s+/g, ' ');
        return {
          name: article.querySelector('h3')?.textContent?.trim() ?? '',
          category: article.querySelector('p')?.textContent?.trim() ?? '',
          boxRate: /Box rate: (₹[\d,]+\.\d\d)/.exec(text)?.[1] ?? '',
          perPiece: /(₹[\d,]+\.\d\d) per /.exec(text)?.[1] ?? '',
          rating: /Rated ([\d.]+)/.exec(text)?.[1] ?? '',
          reviews: /\((\d+) reviews\)/.exec(text)?.[1] ?? '',
        };
      }),
    );
  return raw.map((card) => ({
    name: card.name,
    category: card.category,
    boxRate: parseRupees(card.boxRate),
    perPiece: parseRupees(card.perPiece),
    rating: Number(card.rating),
    reviews: Number(card.reviews),
  }));
}

async function cardNames(page: Page): Promise<string[]> {
  return (await readCards(page)).map((card) => card.name);
}

const status = (page: Page) => page.getByRole('main').getByRole('status');

async function expectShowing(page: Page, names: string[]): Promise<void> {
  await poll(() => status(page).textContent()).toBe(`Showing ${names.length} products`);
  await poll(() => cardNames(page)).toEqual(names);
}

const ALL_NAMES = PRODUCTS.map((p) => p.name);
const FEATURED_FIRST = [...PRODUCTS.filter((p) => p.featured), ...PRODUCTS.filter((p) => !p.featured)].map((p) => p.name);

describeAtViewports('products list', (browser, _name, viewport) => {
  test('shows every product, featured first, with a matching count', async () => {
    const { page } = await browser.open(viewport);
    await visit(page, '/products');
    await expectVisible(productsHeading(page));
    await expectShowing(page, FEATURED_FIRST);
    expect(await page.getByLabel('Sort by').inputValue()).toBe('featured');
    await checkA11y(page);
  });

  test('the cards’ options come with the page: no card asks for them after loading, and each shows its first option', async () => {
    const { page } = await browser.open(viewport);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/products\/\d+\/variations/.test(request.url())) asked.push(request.url());
    });
    await visit(page, '/products');
    const withOptions = PRODUCTS.filter((p) => p.variations.length > 0);
    const card = page
      .getByRole('main')
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: withOptions[0]!.name, exact: true }) });
    await expectVisible(card.getByText(`${withOptions[0]!.variations[0]!.name}: `, { exact: false }).first());
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
  });

  test('the 8 category buttons carry their labels; each shows only its category and clears the search', async () => {
    const { page } = await browser.open(viewport);
    await visit(page, '/products?search=bagasse');
    const nav = page.getByRole('navigation', { name: 'Categories' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(CATEGORY_BUTTONS.map((b) => b.label));
    // Every category, then back to all.
    for (const { label, category } of [...CATEGORY_BUTTONS.slice(1), ...CATEGORY_BUTTONS.slice(0, 1)]) {
      const link = nav.getByRole('link', { name: label, exact: true });
      await link.click();
      await expectProductsPage(page, category ? `/products?${new URLSearchParams({ category })}` : '/products');
      const expected = PRODUCTS.filter((p) => !category || p.category === category);
      const names = [...expected.filter((p) => p.featured), ...expected.filter((p) => !p.featured)].map((p) => p.name);
      await expectShowing(page, names);
      if (category) expect(new Set((await readCards(page)).map((c) => c.category))).toEqual(new Set([label]));
      await poll(() => link.getAttribute('aria-current')).toBe('page');
    }
  });

  test('sorting orders the cards by price, name and rating', async () => {
    const { page } = await browser.open(viewport);
    await visit(page, '/products');
    await expectShowing(page, FEATURED_FIRST);
    const sort = page.getByLabel('Sort by');
    expect(await sort.locator('option').allTextContents()).toEqual([
      'Featured',
      'Price: Low to High',
      'Price: High to Low',
      'Price per piece: Low to High',
      'Name A-Z',
      'Highest Rated',
    ]);

    const ordered = async (label: string, inOrder: (a: Card, b: Card) => boolean) => {
      await sort.selectOption({ label });
      await poll(async () => {
        const cards = await readCards(page);
        const broken = cards.slice(1).findIndex((card, i) => !inOrder(cards[i] as Card, card));
        return {
          count: cards.length,
          firstOutOfOrder: broken === -1 ? null : cards.slice(broken, broken + 2).map((c) => c.name),
        };
      }, label).toEqual({ count: PRODUCTS.length, firstOutOfOrder: null });
      expect(new Set(await cardNames(page))).toEqual(new Set(ALL_NAMES));
      expect(await status(page).textContent()).toBe(`Showing ${PRODUCTS.length} products`);
    };

    await ordered('Price: Low to High', (a, b) => a.boxRate <= b.boxRate);
    await ordered('Price: High to Low', (a, b) => a.boxRate >= b.boxRate);
    await ordered('Price per piece: Low to High', (a, b) => a.perPiece <= b.perPiece);
    await ordered('Name A-Z', (a, b) => a.name.localeCompare(b.name, 'en-IN') <= 0);
    await ordered('Highest Rated', (a, b) => a.rating > b.rating || (a.rating === b.rating && a.reviews >= b.reviews));
    // The prices read from the cards are the catalogue's box rates.
    for (const card of await readCards(page)) expect(card.boxRate, card.name).toBe(Number(productByName(card.name).price));
    await sort.selectOption({ label: 'Featured' });
    await poll(() => cardNames(page)).toEqual(FEATURED_FIRST);
  });

  test('?search=bagasse shows "Search Results for" and only the matching products; one found says "1 product"', async () => {
    const { page } = await browser.open(viewport);
    await visit(page, '/products?search=bagasse');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Search Results for “bagasse”' }));
    const matching = PRODUCTS.filter((p) => matchesSearch(p, 'bagasse'));
    expect(matching.length).toBeGreaterThan(0);
    expect(matching.length).toBeLessThan(PRODUCTS.length);
    // Featured first (the default sort), each group in the search's best-match order.
    const featured = matching.filter((p) => p.featured).map((p) => p.name);
    await poll(() => status(page).textContent()).toBe(`Showing ${matching.length} products`);
    const shown = await cardNames(page);
    expect([...shown].sort()).toEqual(matching.map((p) => p.name).sort());
    expect([...shown.slice(0, featured.length)].sort()).toEqual([...featured].sort());
    // 'Best match' is offered while searching, and keeps the order the search ranked.
    const ranked = (await (await page.context().request.get('/api/products?search=bagasse')).json()) as Array<{ name: string }>;
    await page.getByLabel('Sort by').selectOption({ label: 'Best match' });
    await poll(() => cardNames(page)).toEqual(ranked.map((p) => p.name));
    await checkA11y(page);

    // One product found is one product.
    const one = (await (await page.context().request.get('/api/products?search=chutney')).json()) as unknown[];
    expect(one).toHaveLength(1);
    await visit(page, '/products?search=chutney');
    await poll(() => status(page).textContent()).toBe('Showing 1 product');
  });

  test('a search without results suggests nearby searches and categories', async () => {
    const { page } = await browser.open(viewport);
    await visit(page, '/products?search=napkn%20zzzzqx');
    await expectVisible(page.getByText('No products found.', { exact: true }));
    await page.getByRole('navigation', { name: 'Did you mean' }).getByRole('link', { name: 'napkin' }).click();
    await expectURL(page, '/products?search=napkin');
    await expectVisible(page.getByRole('main').getByRole('article').first());
    await visit(page, '/products?search=styrofoam');
    const browse = page.getByRole('navigation', { name: 'Browse a category' });
    await expectCount(browse.getByRole('link'), 7);
    await checkA11y(page);
    await browse.getByRole('link', { name: 'Cups' }).click();
    await expectURL(page, '/products?category=cups');
  });

  test('a search without results shows "No products found." and View All Products resets it', async () => {
    const { page } = await browser.open(viewport);
    await visit(page, '/products?search=zzzz');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Search Results for “zzzz”' }));
    await expectVisible(page.getByText('No products found.', { exact: true }));
    expect(await status(page).textContent()).toBe('Showing 0 products');
    await expectCount(page.getByRole('main').getByRole('article'), 0);
    await checkA11y(page);
    await page.getByRole('link', { name: 'View All Products' }).click();
    await expectProductsPage(page);
    await expectShowing(page, FEATURED_FIRST);
    await expectHidden(page.getByText('No products found.'));
  });

  test('eight skeleton cards show while a client-side navigation loads', async () => {
    const { page } = await browser.open(viewport);
    await visit(page, '/products');
    const list = await holdApi(page, (pathname) => pathname === '/api/products');
    await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Cutlery' }).click();
    const skeletons = page.locator('[data-testid=product-skeletons] > *');
    await expectCount(skeletons, 8);
    // The skeletons can render before Playwright reports the request it holds: wait for it, not assume it.
    await list.reached;
    expect(list.requests).toHaveLength(1);
    expect(await status(page).textContent()).toBe('Loading products…');
    list.release();
    await expectCount(skeletons, 0);
    const cutlery = PRODUCTS.filter((p) => p.category === 'cutlery');
    await expectShowing(
      page,
      [...cutlery.filter((p) => p.featured), ...cutlery.filter((p) => !p.featured)].map((p) => p.name),
    );
    await expectURL(page, '/products?category=cutlery');
  });

  test('keyboard focus on a product card is visible (WCAG 2.4.7)', async () => {
    const { page } = await browser.open(viewport);
    await visit(page, '/products');
    const first = FEATURED_FIRST[0] ?? '';
    const link = page.getByRole('main').getByRole('link', { name: first, exact: true });
    const card = page.getByRole('main').getByRole('article').first();
    const look = () =>
      card.evaluate((article) => {
        const a = article.querySelector('h3 a');
        const style = (el: Element | null, pseudo?: string) => (el ? getComputedStyle(el, pseudo) : null);
        // The link, its ::after (which covers the card) and the card itself may carry the indicator.
        return [style(a), style(a, '::after'), style(article)]
          .map((s) => `${s?.outlineStyle} ${s?.outlineWidth} ${s?.boxShadow} ${s?.borderColor}`)
          .join(' | ');
      });
    const unfocused = await look();
    // From the sort select, Tab reaches the first card's link.
    await page.getByLabel('Sort by').focus();
    await page.keyboard.press('Tab');
    await poll(() => link.evaluate((el) => el === document.activeElement)).toBe(true);
    const focused = await look();
    const outline = await link.evaluate((el) => {
      const s = getComputedStyle(el);
      return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
    });
    expect(outline || focused !== unfocused, `no focus indicator: ${focused}`).toBe(true);
  });

  test('clicking a card opens /products/{id}', async () => {
    const { page } = await browser.open(viewport);
    await visit(page, '/products');
    const product = productByName('Bagasse Clamshell Burger Box 6 inch');
    const card = page
      .getByRole('main')
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: product.name, exact: true }) });
    await card.scrollIntoViewIfNeeded();
    // On the picture, not on the name link: the whole card opens the product.
    await card.click({ position: { x: 30, y: 30 } });
    await expectURL(page, `/products/${product.id}`);
    await expectVisible(page.getByRole('heading', { level: 1, name: product.name }));
  });
});
