// One phone, two customers: A signs in, fills a cart, browses and signs out; B then opens the shop, offline and
// online, and sees nothing of A (no greeting, no cart count). Pages rendered for a visitor with a session are
// `private, no-store`, so neither the service worker nor any other cache keeps them.
import { randomBytes } from 'node:crypto';

import { type Page, request as playwrightRequest } from 'playwright-core';
import { expect, test } from 'vitest';

import { authArea, logout } from './support/accounts.ts';
import { BASE_URL, describeAtViewports, visit, waitForHydration } from './support/browser.ts';
import { catalogue, expectCartCount, isPlain, main, seedCart } from './support/enquiry.ts';
import { expectCount, expectVisible } from './support/expect.ts';
import { codeStored, WITH_WORKER } from './support/offline.ts';

/** A first name no page of the shop shows, so finding it anywhere means A's data leaked. */
const FIRST_NAME = 'Philomina';
const PASSWORD = 'Shared-Phone-Passw0rd';

async function registerThroughApi(username: string): Promise<void> {
  const request = await playwrightRequest.newContext({ baseURL: BASE_URL });
  try {
    const { csrfToken } = (await (await request.get('/api/auth/csrf-token')).json()) as { csrfToken: string };
    const answer = await request.post('/api/auth/register', {
      data: { firstName: FIRST_NAME, lastName: 'Varghese', username, email: `${username}@example.test`, password: PASSWORD },
      headers: { 'X-CSRF-Token': csrfToken },
    });
    expect(answer.status(), await answer.text()).toBe(201);
  } finally {
    await request.dispose();
  }
}

/** Every page and data answer the service worker keeps, as text. */
function storedPages(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const texts: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('pages-')) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) texts.push(`${request.url}\n${await (await cache.match(request))!.text()}`);
    }
    return texts;
  });
}

describeAtViewports('a shared phone', (browser, name, viewport) => {
  const phone = name === 'phone';

  test("after A signs out, B sees nothing of A's, offline or online", async () => {
    const username = `e2e-shared-${randomBytes(4).toString('hex')}`;
    await registerThroughApi(username);
    const plain = (await catalogue()).find(isPlain)!;
    const { context, page } = await browser.open(viewport, WITH_WORKER);

    // Before anyone signs in: the pages a visitor sees are stored for offline use.
    await visit(page, '/');
    await codeStored(page);
    // Now through the worker, which keeps each page it answers.
    await visit(page, '/');
    await visit(page, '/products');

    // A signs in and fills a cart; every page rendered for A says private, no-store.
    await visit(page, '/login');
    await main(page).getByLabel('Username', { exact: true }).fill(username);
    await main(page).getByLabel('Password', { exact: true }).fill(PASSWORD);
    await main(page).getByRole('button', { name: 'Login', exact: true }).click();
    // Signed in, the page leaves /login; a phone's menu opened before then would close with that navigation.
    await page.waitForURL((url) => url.pathname !== '/login');
    await expectVisible((await authArea(page, phone)).getByText(`Hello, ${FIRST_NAME}`, { exact: true }));
    await seedCart(context, [{ productId: plain.id, quantity: 3 }]);
    for (const path of ['/', '/products', `/products/${plain.id}`, '/about']) {
      const response = await visit(page, path);
      expect(response?.headers()['cache-control'], path).toBe('private, no-store');
      await expectCartCount(page, 1);
    }
    // The worker asked to keep these pages fetched them again with A's cookie: it kept none of them.
    await expect.poll(async () => (await storedPages(page)).filter((text) => text.includes(FIRST_NAME))).toEqual([]);

    await logout(page, phone);
    await expectVisible((await authArea(page, phone)).getByRole('link', { name: 'Login', exact: true }));

    // B, offline: the pages kept are the anonymous ones, the page A saw only signed in is not kept at all.
    await context.setOffline(true);
    for (const path of ['/', '/products', '/about']) {
      await page.goto(path).catch(() => {});
      const html = await page.content();
      expect(html, path).not.toContain(FIRST_NAME);
      expect(html, path).not.toMatch(/Hello, /);
    }
    await page.goto('/').catch(() => {});
    await waitForHydration(page);
    await expectCartCount(page, 0);
    expect((await storedPages(page)).filter((text) => text.includes(FIRST_NAME))).toEqual([]);

    // B, online: a new visitor.
    await context.setOffline(false);
    const response = await visit(page, '/');
    expect(response?.headers()['cache-control'] ?? '').not.toContain('private');
    await expectCartCount(page, 0);
    expect(await page.content()).not.toContain(FIRST_NAME);
    await expectCount((await authArea(page, phone)).getByText(/^Hello, /), 0);
  });
});
