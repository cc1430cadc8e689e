// Analytics, private by default (spec: storefront; issue 12, Deliver 4): with no provider set, as in this shop's
// defaults, a visit with clicks, scrolling and more than 5 s on a page loads nothing from any other site, defines no
// provider globals and sets no cookie but the shop's own session. (The loader's timing and scroll marks with a
// provider set are unit-tested in app/lib/analytics.test.ts.)
import { describe, expect, test } from 'vitest';

import { BASE_URL, CHROMIUM, scrollToBottom, useBrowser, VIEWPORT_ENTRIES, visit } from './support/browser';

describe.skipIf(!CHROMIUM)('analytics without a setting', () => {
  const browser = useBrowser();

  describe.each(VIEWPORT_ENTRIES)('%s', (_name, viewport) => {
    test('nothing loads from another site, no provider global, no cookie but the session, after interaction and 5 s', async () => {
      const { page, context } = await browser.open(viewport);
      const elsewhere: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).origin !== new URL(BASE_URL).origin && !request.url().startsWith('data:')) {
          elsewhere.push(request.url());
        }
      });
      await visit(page, '/products');
      await page.getByRole('main').getByRole('heading', { level: 1 }).click();
      await scrollToBottom(page);
      // Waiting is the point here: past the spec's 5 s, nothing may have loaded.
      await page.waitForTimeout(5500);
      expect(elsewhere).toEqual([]);
      expect(await page.evaluate(() => ['dataLayer', 'gtag', 'fbq', 'plausible'].filter((name) => name in window))).toEqual([]);
      expect((await context.cookies()).map((cookie) => cookie.name).filter((name) => name !== 'shop_session')).toEqual([]);
      const csp = (await page.context().request.get('/products')).headers()['content-security-policy'] ?? '';
      expect(csp).not.toMatch(/googletagmanager|facebook|plausible/);
    });
  });
});
