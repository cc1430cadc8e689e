// The public pages hydrate what the server rendered as it is: React reports no hydration mismatch and no other
// recoverable error, and no product card is thrown away and drawn again. A mismatch costs a phone the whole
// boundary's render a second time (a card, or the page) while its main thread is at its busiest (issue 39,
// docs/decisions/090-lighthouse-product-grid-and-first-load.md).
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';

import { CHROMIUM, LARGE_CATALOGUE_URL, useBrowser, VIEWPORTS, visit } from './support/browser.ts';

declare global {
  interface Window {
    /** What React reported while the page hydrated (recoverable errors, mismatch warnings). */
    __hydrationReports?: string[];
  }
}

/**
 * Before the page's scripts run: React's recoverable errors (a production build reports them through reportError) and
 * any console error that names hydration are kept; once the document is parsed, each card and the main landmark are
 * marked, so a node React replaced instead of hydrating shows as unmarked.
 */
async function watchHydration(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const reports: string[] = [];
    window.__hydrationReports = reports;
    const report = window.reportError.bind(window);
    window.reportError = (error: unknown) => {
      reports.push(`recoverable error: ${error instanceof Error ? error.message : String(error)}`);
      report(error);
    };
    const consoleError = console.error.bind(console);
    console.error = (...args: unknown[]) => {
      const text = args.map(String).join(' ');
      if (/hydrat|did not match|didn't match/i.test(text)) reports.push(`console: ${text}`);
      consoleError(...args);
    };
    document.addEventListener('DOMContentLoaded', () => {
      for (const node of document.querySelectorAll('main, main article')) (node as Element & { __server?: true }).__server = true;
    });
  });
}

/** The reports, and how many cards (and the main landmark) are no longer the server's nodes, once every card has hydrated. */
async function afterHydration(page: Page): Promise<{ reports: string[]; replaced: number; cards: number }> {
  // Each card is its own Suspense boundary, hydrated in tasks of its own after the root: wait for an idle moment.
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })));
  return page.evaluate(() => {
    const nodes = [...document.querySelectorAll('main, main article')];
    return {
      reports: window.__hydrationReports ?? [],
      replaced: nodes.filter((node) => !(node as Element & { __server?: true }).__server).length,
      cards: document.querySelectorAll('main article').length,
    };
  });
}

describe.skipIf(!CHROMIUM)('hydration of the public pages (phone, 390×844)', () => {
  const browser = useBrowser();

  test.each([
    ['/', 4],
    ['/products', 12],
    ['/products/1', 0],
    // A Malayalam page is hydrated with the messages it carries (app/lib/page-html.server.ts): every one it was drawn with.
    ['/ml', 4],
    ['/ml/products', 12],
    ['/ml/products/1', 0],
  ])('%s hydrates without a mismatch or a recoverable error', async (path, leastCards) => {
    const { page } = await browser.open(VIEWPORTS.phone);
    await watchHydration(page);
    await visit(page, path);
    const { reports, replaced, cards } = await afterHydration(page);
    expect(reports, reports.join('\n')).toEqual([]);
    expect(cards).toBeGreaterThanOrEqual(leastCards);
    expect(replaced, 'cards or main drawn again instead of hydrated').toBe(0);
  });

  test('/products with a full first page (48 cards) hydrates without a mismatch', async () => {
    const { page } = await browser.open(VIEWPORTS.phone, { baseURL: LARGE_CATALOGUE_URL });
    await watchHydration(page);
    await visit(page, '/products');
    const { reports, replaced, cards } = await afterHydration(page);
    expect(reports, reports.join('\n')).toEqual([]);
    expect(cards).toBe(48);
    expect(replaced).toBe(0);
  });
});
