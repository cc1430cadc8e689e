// Analytics, private by default (docs/decisions/093-analytics.md): with no provider set, as in this shop's
// defaults, a visit with clicks, scrolling and more than 5 s on a page loads nothing from any other site, defines no
// provider globals and sets no cookie but the shop's own session. With one set (the analytics server runs with a
// Google Analytics id), its script loads at the first interaction or after 5 s, not before, and the scroll marks
// and funnel events reach its queue once each. Both wait in real time: the 5 s are what is tested.
import type { Page, Request } from 'playwright-core';
import { describe, expect, test } from 'vitest';

import { ANALYTICS_TEST_GA4_ID } from './support/analytics.ts';
import {
  ANALYTICS_URL,
  BASE_URL,
  CHROMIUM,
  describeAtViewports,
  scrollToBottom,
  useBrowser,
  VIEWPORT_ENTRIES,
  visit,
} from './support/browser.ts';

const GTAG_SCRIPT = `https://www.googletagmanager.com/gtag/js?id=${ANALYTICS_TEST_GA4_ID}`;

describeAtViewports('analytics without a setting', (browser, _name, viewport) => {
  test('nothing loads from another site, no provider global, no cookie but the session, after interaction and 5 s', async () => {
    const { page, context } = await browser.open(viewport);
    // The page's clock, moved on by the test: its timers fire as they would after the time, without the wait.
    await context.clock.install();
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== new URL(BASE_URL).origin && !request.url().startsWith('data:')) {
        elsewhere.push(request.url());
      }
    });
    await visit(page, '/products');
    await page.getByRole('main').getByRole('heading', { level: 1 }).click();
    await scrollToBottom(page);
    // Past the 5 s after which scripts load, nothing may have loaded.
    await page.clock.runFor(5500);
    expect(elsewhere).toEqual([]);
    expect(await page.evaluate(() => ['dataLayer', 'gtag', 'fbq', 'plausible'].filter((name) => name in window))).toEqual([]);
    expect((await context.cookies()).map((cookie) => cookie.name).filter((name) => name !== 'shop_session')).toEqual([]);
    const csp = (await page.context().request.get('/products')).headers()['content-security-policy'] ?? '';
    expect(csp).not.toMatch(/googletagmanager|facebook|plausible/);
  });
});

describe.skipIf(!CHROMIUM)('analytics with Google Analytics set', () => {
  const browser = useBrowser();

  /** Opens a page on the analytics server; Google's script is answered here with a stand-in that loads nothing. */
  async function open(viewport: (typeof VIEWPORT_ENTRIES)[number][1]) {
    const opened = await browser.open(viewport, { baseURL: ANALYTICS_URL });
    const scripts: Array<{ url: string; at: number }> = [];
    await opened.context.route('https://www.googletagmanager.com/**', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: '// gtag.js stand-in' }),
    );
    opened.page.on('request', (request: Request) => {
      const url = request.url();
      if (!url.startsWith('data:') && new URL(url).origin !== new URL(ANALYTICS_URL).origin)
        scripts.push({ url, at: Date.now() });
    });
    return { ...opened, scripts };
  }

  /** The events in the page's GA4 data layer, as [name, parameters]. */
  const events = (page: Page) =>
    page.evaluate(() =>
      ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? [])
        .map((args) => [...args] as unknown[])
        .filter((args) => args[0] === 'event')
        .map((args) => [args[1], args[2]]),
    );

  describe.each(VIEWPORT_ENTRIES)('%s', (_name, viewport) => {
    test('left alone, the page loads the provider only after 5 s; the CSP allows it and no other', async () => {
      const { page, context, scripts } = await open(viewport);
      // The page's clock, moved on by the test: the provider's timer fires as it would after the time, without the wait.
      // It runs with the real one until paused; the timer is set as the page hydrates, between these two readings.
      const installed = Date.now();
      await context.clock.install();
      const response = await visit(page, '/about');
      const hydrated = Date.now();
      expect(response?.headers()['content-security-policy']).toContain('https://www.googletagmanager.com');
      expect(response?.headers()['content-security-policy']).not.toMatch(/facebook|plausible/);
      expect(hydrated - installed, 'the page took too long to open for its first 4.9 s to be checked').toBeLessThan(4900);
      // 4.9 s after the earliest the timer can have been set: it has not fired (it adds the scripts as it fires).
      await page.clock.pauseAt(installed + 4900);
      expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(0);
      expect(scripts).toEqual([]);
      // 5.1 s after the latest it can have been set: it has.
      await page.clock.runFor(hydrated + 5100 - (installed + 4900));
      expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(1);
      await expect.poll(() => scripts.map((script) => script.url)).toEqual([GTAG_SCRIPT]);
    });

    test('a key press loads it at once; each scroll mark and the funnel event reach its queue once', async () => {
      const { page, scripts } = await open(viewport);
      await visit(page, '/products');
      expect(scripts).toEqual([]);
      const pressed = Date.now();
      await page.keyboard.press('Tab');
      await expect.poll(() => scripts.map((script) => script.url)).toEqual([GTAG_SCRIPT]);
      // At once: well before the 5 s timer.
      expect(scripts[0]!.at - pressed).toBeLessThan(2000);

      for (const share of [0.3, 0.55, 0.8, 1, 0, 1, 0.5]) {
        await page.evaluate((to) => {
          window.scrollTo({ top: (document.documentElement.scrollHeight - window.innerHeight) * to, behavior: 'instant' });
        }, share);
        // The scroll event of that position is dispatched by the next frame.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      }
      await expect
        .poll(async () => (await events(page)).filter(([name]) => name === 'scroll_depth'))
        .toEqual([25, 50, 75, 90].map((percent) => ['scroll_depth', { percent }]));

      const card = page.getByRole('main').getByRole('article').first();
      await card.getByRole('button', { name: 'Add to Cart' }).click();
      await expect.poll(async () => (await events(page)).filter(([name]) => name === 'add_to_cart')).toHaveLength(1);
      expect(await page.evaluate(() => ['fbq', 'plausible'].filter((name) => name in window))).toEqual([]);
    });
  });
});
