// The header's bar at every common width, in both languages, for a visitor, a customer and the staff: nothing in it
// is pushed past the screen (the Malayalam words are longer, a signed-in bar holds more), and its buttons keep their
// width rather than being squeezed out of sight.
import { describe, expect, test } from 'vitest';

import { signInAsAdmin } from './support/admin.ts';
import { CHROMIUM, useBrowser, VIEWPORTS, visit } from './support/browser.ts';
import { signInNewCustomer } from './support/follow.ts';

const WIDTHS = [390, 640, 768, 1024, 1280, 1536];
const PAGES = ['/products', '/ml/products'];

describe.skipIf(!CHROMIUM)('the header at every width', () => {
  const browser = useBrowser();

  test.each(['a visitor', 'a customer', 'the staff'])('fits the screen for %s', async (who) => {
    const { page } = await browser.open(VIEWPORTS.desktop);
    if (who === 'a customer') await signInNewCustomer(page);
    if (who === 'the staff') await signInAsAdmin(page, '/admin');
    const overflows: string[] = [];
    for (const path of PAGES) {
      await visit(page, path);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        const outside = await page.evaluate(() =>
          [...document.querySelectorAll('header *')]
            .filter((element) => element.getClientRects().length > 0)
            .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
            .map((element) => element.textContent?.trim() || element.tagName),
        );
        const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
        if (outside.length > 0 || scrolls) overflows.push(`${path} at ${width} px: ${outside.join(', ') || 'scrolls sideways'}`);
      }
    }
    expect(overflows).toEqual([]);
  });
});
