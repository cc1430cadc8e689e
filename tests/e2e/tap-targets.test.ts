// Phones first: at 390 px wide no button, menu link, chip or form control of a public page is smaller than
// 44×44 px. Links inside running text are excepted, as WCAG 2.5.8 allows: a link whose paragraph or list item holds
// other words as well. At both sizes, no footer link on screen is under anything at the bottom of every page, nor on
// the way down a product page.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';

import { CHROMIUM, useBrowser, VIEWPORTS, visit } from './support/browser.ts';
import { publicPages } from './support/catalogue.ts';
import { poll } from './support/expect.ts';

const MIN = 44;

/** Every visible control that is too small, as 'tag "name" w×h'. */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [role=radio], [role=checkbox]',
    );
    const inRunningText = (el: HTMLElement) => {
      if (el.tagName !== 'A') return false;
      const block = el.closest('p, li, dd, td, figcaption, blockquote');
      if (!block) return false;
      const own = (el.textContent ?? '').trim();
      return (block.textContent ?? '').replace(own, '').trim().length > 0;
    };
    const small: string[] = [];
    for (const el of controls) {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      // Radios and checkboxes are measured by their label, which takes the tap; a link stretched over its card by an
      // absolute ::after (product cards) by the card.
      const after = getComputedStyle(el, '::after');
      const stretched = after.content !== 'none' && after.position === 'absolute' ? el.offsetParent : null;
      const label =
        el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox') ? el.closest('label') : null;
      const target = label ?? stretched ?? el;
      const box = target.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (el.closest('[aria-hidden="true"], .sr-only')) continue;
      if (inRunningText(el)) continue;
      if (box.width < min - 0.5 || box.height < min - 0.5) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        small.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return small;
  }, MIN);
}

/**
 * The footer's links and buttons on screen below the sticky header that a finger or pointer on their middle would miss (something
 * lies over them), and how many were tried.
 */
function coveredFooterLinks(page: Page): Promise<{ tried: string[]; covered: string[] }> {
  return page.evaluate(() => {
    const tried: string[] = [];
    const covered: string[] = [];
    // The sticky header covers the top of the screen on every page: a link under it is reached by scrolling back.
    const top = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    for (const el of document.querySelectorAll<HTMLElement>('footer a[href], footer button')) {
      const box = el.getBoundingClientRect();
      const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
      if (y < top || y > window.innerHeight) continue;
      const name = (el.textContent ?? '').trim();
      tried.push(name);
      if (!el.contains(document.elementFromPoint(x, y))) covered.push(name);
    }
    return { tried, covered };
  });
}

describe.skipIf(!CHROMIUM)(
  'the footer’s links on screen take the tap or click: at the bottom of every public page, and on the way down a product page',
  () => {
    const browser = useBrowser();

    test.each(
      Object.entries(VIEWPORTS).flatMap(([name, viewport]) => publicPages().map((path) => [name, path, viewport] as const)),
    )('%s %s', async (_name, path, viewport) => {
      const { page } = await browser.open(viewport);
      await visit(page, path);
      // At the bottom of every page, the footer's links on screen take the tap.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await poll(() => coveredFooterLinks(page)).toMatchObject({ covered: [] });
      const tried = new Set((await coveredFooterLinks(page)).tried);
      // A product page, whose phone bar follows the page, is scrolled down half a screen at a time, as a person does:
      // wherever a footer link comes into view, it takes the tap too.
      if (path.startsWith('/products/')) {
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        for (let y = 0; y < height; y += viewport.height / 2) {
          await page.evaluate((top) => window.scrollTo(0, top), y);
          await poll(() => coveredFooterLinks(page), `scrolled to ${y}`).toMatchObject({ covered: [] });
        }
      }
      expect([...tried]).toEqual(expect.arrayContaining(['Privacy Policy', 'Terms of Service']));
    });
  },
);

describe.skipIf(!CHROMIUM)('tap targets at 390 px', () => {
  const browser = useBrowser();

  test.each(publicPages())('%s: every control is at least 44×44 px', async (path) => {
    const { page } = await browser.open(VIEWPORTS.phone);
    await visit(page, path);
    expect(await smallTargets(page)).toEqual([]);
  });

  test('/products is not a 23,000 px scroll: the grid takes under 330 px a product on a phone (was 582)', async () => {
    const { page } = await browser.open(VIEWPORTS.phone);
    await visit(page, '/products');
    const { height, cards } = await page.evaluate(() => {
      const grid = document.querySelector('main ul:has(article)');
      return { height: grid?.getBoundingClientRect().height ?? 0, cards: grid?.querySelectorAll('article').length ?? 0 };
    });
    expect(cards).toBeGreaterThan(10);
    console.info(
      `/products grid at 390 px: ${Math.round(height)} px for ${cards} products, ${Math.round(height / cards)} px each`,
    );
    expect(height / cards).toBeLessThan(330);
  });

  test('the open menu and the open cart panel too', async () => {
    const { page } = await browser.open(VIEWPORTS.phone);
    await visit(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await smallTargets(page)).toEqual([]);
  });
});
