// Offline: once the storefront has been opened, its code is on the device (the service worker stores every
// file the public pages can load), so a reload offline still works, the cart panel still opens, a page not seen yet
// says plainly that it is not saved and opens by itself when the connection is back, and an enquiry sent offline
// says it was not sent, keeps what was typed and offers the phone and WhatsApp.
import type { BrowserContext } from 'playwright-core';
import { describe, expect, test } from 'vitest';

import { CHROMIUM, useBrowser, VIEWPORT_ENTRIES, visit, waitForHydration } from './support/browser';
import { productPath } from './support/catalogue';
import { cartPanel, catalogue, isPlain, main, openCartPanel, seedCart, summary } from './support/enquiry';
import { expectURL, expectVisible } from './support/expect';
import { codeStored } from './support/offline';

const offline = (context: BrowserContext, off: boolean) => context.setOffline(off);
// Offline, every request that goes out fails and says so in the console: expected here.
const anyRequest = {
  allowRequest: () => true,
  allowConsole: [/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load/],
  context: { serviceWorkers: 'allow' as const },
};

describe.skipIf(!CHROMIUM)('offline', () => {
  const browser = useBrowser();

  describe.each(VIEWPORT_ENTRIES)('%s', (_name, viewport) => {
    test('a seen page reloads offline with a working cart panel; an unseen page says so and opens when back online', async () => {
      const { context, page } = await browser.open(viewport, anyRequest);
      await visit(page, '/');
      await visit(page, productPath('Areca Leaf Round Plate'));
      await codeStored(page);

      await offline(context, true);
      await page.reload();
      await waitForHydration(page);
      await expectVisible(main(page).getByRole('heading', { level: 1 }));
      await openCartPanel(page);
      await expectVisible(cartPanel(page).getByRole('heading', { name: /^Enquiry Cart/ }));
      await page.keyboard.press('Escape');

      // /about was never opened: said plainly, with the phone and WhatsApp, then opened once the connection is back.
      await page.goto('/about').catch(() => {});
      await expectVisible(page.getByText('You are offline', { exact: false }).first());
      await offline(context, false);
      await page.goto('/about');
      await expectVisible(main(page).getByRole('heading', { level: 1, name: 'Our story' }));
    });

    test('after a client-side move offline to a page not seen yet: said plainly, then loaded again when back online', async () => {
      const { context, page } = await browser.open(viewport, anyRequest);
      await visit(page, productPath('Areca Leaf Round Plate'));
      await codeStored(page);
      await offline(context, true);
      // Contact needs no data and opens offline from the stored code; the blog's data was never fetched.
      await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).click();
      await expectVisible(main(page).getByRole('heading', { level: 1, name: 'Contact us' }));
      await page.getByRole('contentinfo').getByRole('link', { name: 'Blog', exact: true }).click();
      await expectVisible(main(page).getByRole('heading', { level: 1, name: 'This page is not saved on this device' }));
      const alert = main(page).getByRole('alert');
      await expectVisible(alert.getByText('You are offline.'));
      expect(await alert.getByRole('link', { name: /^Call / }).getAttribute('href')).toMatch(/^tel:/);
      await offline(context, false);
      await expectURL(page, '/blog');
      // The page reloads itself once the shop answers; under load the reload through the worker can take a while.
      await main(page).getByRole('heading', { level: 1, name: 'Eco-friendly living blog' }).waitFor({ timeout: 45_000 });
    });

    test('an enquiry sent offline says it was not sent, keeps what was typed and offers the phone and WhatsApp', async () => {
      const plain = (await catalogue()).find(isPlain)!;
      const { context, page } = await browser.open(viewport, anyRequest);
      await seedCart(context, [{ productId: plain.id, quantity: 2 }]);
      await visit(page, '/checkout');
      const form = main(page);
      await form.getByLabel('Full name', { exact: true }).fill('Anitha Nair');
      await form.getByLabel('Email', { exact: true }).fill('anitha.nair@example.com');
      await form.getByLabel('Mobile number', { exact: true }).fill('98470 12345');
      await form.getByLabel('Delivery address', { exact: true }).fill('Door 12, MG Road, Aluva, Kerala 683101');
      await offline(context, true);
      await summary(page)
        .getByRole('button', { name: /^Submit/ })
        .click();
      const notice = summary(page).getByRole('alert').filter({ hasText: 'You are offline.' });
      await expectVisible(notice.getByText('Your enquiry has not been sent.', { exact: false }));
      expect(await notice.getByRole('link', { name: /^WhatsApp us/ }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\//);
      expect(await form.getByLabel('Full name', { exact: true }).inputValue()).toBe('Anitha Nair');
      await expectURL(page, '/checkout');
    });
  });
});
