// The page Content-Security-Policy in a real browser (accounts/security issue, item 10): scripts need the
// answer's nonce, and /, a product page and /checkout still hydrate and work with no violation, from the page
// cache too, and under the service worker.
import type { Page, Response } from 'playwright-core';
import { describe, expect, test } from 'vitest';

import { BASE_URL, CHROMIUM, useBrowser, VIEWPORTS, visit, waitForHydration } from './support/browser.ts';
import { productPath } from './support/catalogue.ts';
import { expectCartCount, main, openCartPanel, optionRadio } from './support/enquiry.ts';
import { expectVisible, poll } from './support/expect.ts';

const NONCE = /'nonce-([A-Za-z0-9+/]{22}==)'/;
/** A sized product, so its page has options to choose. */
const PRODUCT = 'Areca Leaf Round Plate';

/** The script nonce of a page answer's CSP; the policy itself must not allow inline scripts without it. */
function nonceOf(headers: Record<string, string>): string {
  const csp = headers['content-security-policy'] ?? '';
  const scriptSrc = csp.split(';').find((part) => part.trim().startsWith('script-src')) ?? '';
  expect(scriptSrc).not.toContain('unsafe-inline');
  const nonce = NONCE.exec(scriptSrc)?.[1];
  if (!nonce) throw new Error(`No script nonce in ${csp}`);
  expect(csp).toContain("frame-ancestors 'none'");
  return nonce;
}

/**
 * Records CSP violations from the start of every document the page loads: the `securitypolicyviolation`
 * events, and Chromium's console messages about the policy (errors and warnings alike).
 */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) messages.push(`console ${message.type()}: ${message.text()}`);
  });
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      w.cspViolations.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return async () => [
    ...messages,
    ...(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? ['no watcher'])),
  ];
}

async function visitPage(page: Page, path: string): Promise<{ response: Response; nonce: string }> {
  const response = await visit(page, path);
  if (!response) throw new Error(`No answer for ${path}`);
  expect(response.status()).toBe(200);
  return { response, nonce: nonceOf(await response.allHeaders()) };
}

describe.skipIf(!CHROMIUM)('Content-Security-Policy in the browser', () => {
  const browser = useBrowser();
  const viewport = VIEWPORTS.desktop;

  test('every script of /, a product page and /checkout as served carries the nonce of its answer', async () => {
    const productPage = productPath(PRODUCT);
    for (const path of ['/', productPage, '/checkout']) {
      const response = await fetch(BASE_URL + path);
      expect(response.status).toBe(200);
      const nonce = nonceOf(Object.fromEntries(response.headers));
      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
      expect(scripts.length, path).toBeGreaterThanOrEqual(4);
      for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
      if (path === productPage) expect(html).toContain(`<script type="application/ld+json" nonce="${nonce}"`);
    }
  });

  test('/, a product page and /checkout hydrate and work with no violation', async () => {
    const { page } = await browser.open(viewport);
    const violations = await watchCsp(page);

    // Home: the cart panel is a chunk loaded on first open.
    const home = await visitPage(page, '/');
    await expectVisible(page.getByRole('heading', { level: 1 }));
    const panel = await openCartPanel(page);
    await page.keyboard.press('Escape');
    await poll(() => panel.isVisible()).toBe(false);
    expect(await violations()).toEqual([]);

    // The product page: choosing an option and adding it to the cart (a fetch to the API).
    const detail = await visitPage(page, productPath(PRODUCT));
    expect(detail.nonce).not.toBe(home.nonce);
    await expectVisible(page.getByRole('heading', { level: 1, name: PRODUCT }));
    const eight = optionRadio(main(page), 'Size', '8 inch');
    await eight.locator('xpath=..').click();
    await poll(() => eight.isChecked()).toBe(true);
    await main(page).getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expectVisible(main(page).getByRole('button', { name: 'Added to Cart' }));
    await expectCartCount(page, 1);
    expect(await violations()).toEqual([]);

    // Checkout: the line's quantity buttons.
    const checkout = await visitPage(page, '/checkout');
    expect(new Set([home.nonce, detail.nonce, checkout.nonce]).size).toBe(3);
    const cartons = main(page).getByRole('spinbutton', { name: `Cartons of ${PRODUCT}` });
    await poll(() => cartons.inputValue()).toBe('1');
    await main(page)
      .getByRole('button', { name: `Increase quantity of ${PRODUCT}` })
      .click();
    await poll(() => cartons.inputValue()).toBe('2');
    expect(await violations()).toEqual([]);
  });

  test('a page-cache hit carries a fresh nonce and still hydrates', async () => {
    const first = await browser.open(viewport);
    let previous = await visitPage(first.page, '/about');
    const second = await browser.open(viewport);
    const violations = await watchCsp(second.page);
    let hit = await visitPage(second.page, '/about');
    // Another test's catalogue change empties the page cache; the visit after a miss is then the hit.
    for (let tries = 0; tries < 3 && (await hit.response.headerValue('x-page-cache')) !== 'HIT'; tries++) {
      previous = hit;
      hit = await visitPage(second.page, '/about');
    }
    expect(await hit.response.headerValue('x-page-cache')).toBe('HIT');
    expect(await hit.response.headerValue('content-encoding')).toBe('gzip');
    expect(hit.nonce).not.toBe(previous.nonce);
    await openCartPanel(second.page);
    expect(await violations()).toEqual([]);
  });

  test('the service worker fetches pages under its own policy', async () => {
    const { page } = await browser.open(viewport, { context: { serviceWorkers: 'allow' } });
    const violations = await watchCsp(page);
    await visitPage(page, productPath(PRODUCT));
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
      }
    });
    // Now the worker answers the navigation: from the network when its fetch is allowed, else an offline notice.
    const response = await page.reload({ waitUntil: 'domcontentloaded' });
    expect(response?.fromServiceWorker()).toBe(true);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await expectVisible(page.getByRole('heading', { level: 1, name: PRODUCT }));
    await openCartPanel(page);
    expect(await violations()).toEqual([]);
  });
});
