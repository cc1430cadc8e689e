// Focus goes somewhere sensible after every action: it stays on Add to Cart while the button changes to
// 'Adding...' and 'Added to Cart', moves to the new page's heading after a change of page, and a contents link on a
// phone leaves its heading in view below the sticky header.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';

import { CHROMIUM, useBrowser, VIEWPORT_ENTRIES, VIEWPORTS, visit } from './support/browser.ts';
import { catalogue, isOneType, isPlain, productCard, visitCard } from './support/enquiry.ts';
import { expectURL, expectVisible, poll } from './support/expect.ts';

const focusedText = (page: Page) =>
  page.evaluate(() => ({ tag: document.activeElement?.tagName ?? '', text: document.activeElement?.textContent?.trim() ?? '' }));

describe.skipIf(!CHROMIUM)('focus after actions', () => {
  const browser = useBrowser();

  describe.each(VIEWPORT_ENTRIES)('%s', (_name, viewport) => {
    test('Add to Cart on a card keeps the focus through Adding... to Added to Cart; the card shows the option it takes', async () => {
      const all = await catalogue();
      const product = all.find(isOneType)!;
      const { page } = await browser.open(viewport);
      const card = await visitCard(page, product);
      const option = product.variations.find((v) => v.isActive)!;
      await expectVisible(card.getByText(`${option.name}: ${option.value}`, { exact: true }));

      const add = card.getByRole('button', { name: 'Add to Cart', exact: true });
      await add.focus();
      await page.keyboard.press('Enter');
      await expectVisible(card.getByRole('button', { name: 'Added to Cart' }));
      expect(await focusedText(page)).toEqual({ tag: 'BUTTON', text: 'Added to Cart' });
      // Pressing it again does nothing: it is unavailable, not gone.
      await page.keyboard.press('Enter');
      expect(await card.getByRole('button', { name: 'Added to Cart' }).isDisabled()).toBe(true);
    });

    test('after a change of page the focus is on the new page heading', async () => {
      const all = await catalogue();
      const product = all.find(isPlain)!;
      const { page } = await browser.open(viewport);
      await visit(page, `/products?category=${product.category}`);
      await productCard(page, product.name).getByRole('link', { name: product.name }).click();
      await expectURL(page, `/products/${product.id}`);
      await poll(() => focusedText(page)).toEqual({ tag: 'H1', text: product.name });
    });
  });

  test('phone: a contents link of the business guide leaves its heading in view, below the sticky header', async () => {
    const { page } = await browser.open(VIEWPORTS.phone);
    await visit(page, '/blog/kerala-eco-friendly-business-guide');
    const contents = page.getByRole('navigation', { name: 'In this guide' });
    const links = await contents.getByRole('link').all();
    expect(links.length).toBeGreaterThan(1);
    const last = links.at(-1)!;
    const id = ((await last.getAttribute('href')) ?? '').slice(1);
    await last.click();
    await poll(() => page.evaluate(() => location.hash)).toBe(`#${id}`);
    const header = await page.getByRole('banner').boundingBox();
    await poll(async () => (await page.locator(`[id="${id}"]`).boundingBox())!.y).toBeGreaterThanOrEqual(
      header!.y + header!.height,
    );
    // The sticky part of the header takes at most 64 px of the phone's 844 (the search row scrolls away).
    expect(header!.height).toBeLessThanOrEqual(64);
  });
});
