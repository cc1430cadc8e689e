// Phones first: at 390 px wide no button, menu link, chip or form control of a public page is smaller than
// 44×44 px. Links inside running text are excepted, as WCAG 2.5.8 allows: a link whose paragraph or list item holds
// other words as well.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';

import { CHROMIUM, useBrowser, VIEWPORTS, visit } from './support/browser';
import { publicPages } from './support/catalogue';

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
