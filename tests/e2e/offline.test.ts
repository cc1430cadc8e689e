// Offline: once the storefront has been opened, its code is on the device (the service worker stores every
// file the public pages can load), so a reload offline still works, the cart panel still opens, a page not seen yet
// says plainly that it is not saved and opens by itself when the connection is back, and an enquiry sent offline
// says it was not sent, keeps what was typed and offers the phone and WhatsApp.
import type { BrowserContext } from 'playwright-core';
import { expect, test } from 'vitest';

import { describeAtViewports, visit, waitForHydration } from './support/browser.ts';
import { productPath, productsHeading } from './support/catalogue.ts';
import {
  cartPanel,
  catalogue,
  checkoutFields,
  expectCartCount,
  expectToast,
  fillCheckout,
  isPlain,
  main,
  openCartPanel,
  openWithCart,
  panelLine,
  productCard,
  summary,
} from './support/enquiry.ts';
import { expectURL, expectVisible, poll } from './support/expect.ts';
import { CUSTOMER } from './support/follow.ts';
import { codeStored, WITH_WORKER } from './support/offline.ts';

const offline = (context: BrowserContext, off: boolean) => context.setOffline(off);

describeAtViewports('offline', (browser, _name, viewport) => {
  test('a seen page reloads offline with a working cart panel; an unseen page says so and opens when back online', async () => {
    const { context, page } = await browser.open(viewport, WITH_WORKER);
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
    const { context, page } = await browser.open(viewport, WITH_WORKER);
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
    const { context, page } = await openWithCart(browser, viewport, [{ productId: plain.id, quantity: 2 }], WITH_WORKER);
    await visit(page, '/checkout');
    await fillCheckout(page, { ...CUSTOMER, phone: '98470 12345' });
    await offline(context, true);
    await summary(page)
      .getByRole('button', { name: /^Submit/ })
      .click();
    const notice = summary(page).getByRole('alert').filter({ hasText: 'You are offline.' });
    await expectVisible(notice.getByText('Your enquiry has not been sent.', { exact: false }));
    expect(await notice.getByRole('link', { name: /^WhatsApp us/ }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\//);
    expect(await checkoutFields(page).name.inputValue()).toBe(CUSTOMER.name);
    await expectURL(page, '/checkout');
    // The connection's return is noticed at once: the page says the enquiry can be sent now.
    await offline(context, false);
    await expect
      .poll(() => summary(page).getByText('You are back online.', { exact: false }).isVisible(), {
        timeout: 1000,
        interval: 50,
        message: 'back online',
      })
      .toBe(true);
    expect(await summary(page).getByRole('alert').filter({ hasText: 'You are offline.' }).count()).toBe(0);
  });

  test('offline, Add to Cart says at once that nothing was added; every page says it is offline until it is back', async () => {
    const plain = (await catalogue()).find(isPlain)!;
    const { context, page } = await browser.open(viewport, WITH_WORKER);
    await visit(page, `/products?category=${plain.category}`);
    await offline(context, true);
    const bar = page.getByRole('status').filter({ hasText: 'You are offline.' });
    await expect.poll(() => bar.isVisible(), { timeout: 1000, interval: 50, message: 'the offline bar' }).toBe(true);
    await expectVisible(bar.getByText('nothing is added, changed or sent until the connection is back', { exact: false }));

    const card = productCard(page, plain.name);
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await expectToast(
      page,
      'You are offline',
      'Nothing was added to your enquiry cart. Try again when you are back online.',
      'destructive',
    );
    expect(await card.getByRole('button', { name: /^Add/ }).textContent()).toBe('Add to Cart');
    await expectCartCount(page, 0);

    await offline(context, false);
    await expect.poll(() => bar.count(), { timeout: 1000, interval: 50, message: 'the offline bar gone' }).toBe(0);
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await expectCartCount(page, 1);
  });

  test('offline, removing a line says it was not removed and the line and its total stay', async () => {
    const plain = (await catalogue()).find(isPlain)!;
    const { context, page } = await openWithCart(browser, viewport, [{ productId: plain.id, quantity: 2 }], WITH_WORKER);
    await visit(page, '/products');
    const panel = await openCartPanel(page);
    const line = panelLine(panel, plain.name);
    await expectVisible(line);
    const total = await panel
      .getByText(/^Total/)
      .first()
      .textContent();
    await offline(context, true);
    await line.getByRole('button', { name: `Remove ${plain.name}` }).click();
    await expectToast(
      page,
      'You are offline',
      `${plain.name} was not removed. Try again when you are back online.`,
      'destructive',
    );
    await expectVisible(line);
    expect(await panel.getByText('removed.', { exact: false }).count()).toBe(0);
    expect(
      await panel
        .getByText(/^Total/)
        .first()
        .textContent(),
    ).toBe(total);
  });

  test("offline, 'Back to Products' opens /products as it was last seen", async () => {
    const { context, page } = await browser.open(viewport, WITH_WORKER);
    // Seen once the worker is in charge (as on any visit after the first), so the worker stored it.
    await visit(page, '/');
    await codeStored(page);
    await visit(page, '/products');
    await visit(page, productPath('Areca Leaf Round Plate'));
    await poll(
      () => page.evaluate(async () => Boolean(await caches.match(new URL('/products', location.href).href))),
      '/products stored',
    ).toBe(true);
    await offline(context, true);
    await main(page).getByRole('link', { name: 'Back to Products' }).first().click();
    await expectVisible(productsHeading(page));
    expect(await page.getByText('This page is not saved on this device').count()).toBe(0);
  });

  test('a Malayalam page not seen yet says so in Malayalam, with the way home to the Malayalam site', async () => {
    const { context, page } = await browser.open(viewport, WITH_WORKER);
    await visit(page, '/ml');
    await codeStored(page);
    await offline(context, true);
    await page.goto('/ml/about').catch(() => {});
    await expectVisible(page.getByRole('heading', { level: 1, name: 'നിങ്ങൾ ഓഫ്‌ലൈനാണ്' }));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ml-IN');
    expect(await page.getByRole('link', { name: 'ഹോം പേജിലേക്ക് മടങ്ങുക' }).getAttribute('href')).toBe('/ml');
    // The Malayalam home page was seen: it opens offline, hydrated with the messages it was saved with.
    await page.goto('/ml');
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ml-IN');
    await expectVisible(
      page.getByRole('button', { name: 'മെനു തുറക്കുക' }).or(page.getByRole('link', { name: 'ഉൽപ്പന്നങ്ങൾ' }).first()),
    );
  });
});
