// After the enquiry: a guest follows the enquiry from the home page's notice to its private status page, the staff
// revoke the link; a signed-in customer finds the enquiry in 'My enquiries' and enquires again (twice: the cart holds
// it once). The quote on the status page: tests/e2e/quotes.test.ts.
import { describe, expect, test } from 'vitest';

import { expectShows, pdfText } from '#tests/support/pdf.ts';

import { checkA11y, CHROMIUM, useBrowser, VIEWPORT_ENTRIES, visit, waitForHydration } from './support/browser.ts';
import { catalogue, expectCartCount, isPlain, main, openWithCart, seedCart, testProducts } from './support/enquiry.ts';
import { expectURL, expectVisible, poll } from './support/expect.ts';
import {
  enquireAsNewCustomer,
  followFromNotice,
  openOrderAsStaff,
  sendThroughCheckout,
  signInNewCustomer,
} from './support/follow.ts';

describe.skipIf(!CHROMIUM)('following an enquiry', () => {
  const browser = useBrowser();

  describe.each(VIEWPORT_ENTRIES)('at %s', (_name, viewport) => {
    test('a guest follows the enquiry from the notice to its status page; once the staff revoke the link it is gone', async () => {
      const { plain } = await testProducts();
      const { context, page } = await browser.open(viewport, {
        allowConsole: [/the server responded with a status of 404/],
        allowRequest: (url, status) => status === 404 && new URL(url).pathname.startsWith('/enquiry/'),
      });
      await seedCart(context, [{ productId: plain.id, quantity: 3 }]);
      const displayId = await sendThroughCheckout(page);

      await followFromNotice(page);
      const statusUrl = page.url();
      const content = main(page);
      await expectVisible(content.getByRole('heading', { level: 1, name: `Enquiry #${displayId}` }));
      await expectVisible(content.getByRole('heading', { name: 'Status: Received' }));
      await expectVisible(content.getByText(/^We will call you by |^Our call is late/));
      await expectVisible(content.getByText(plain.name, { exact: true }));
      await expectVisible(content.getByText(/^3 cartons × /));
      expect(await content.getByRole('link', { name: /^Call / }).getAttribute('href')).toMatch(/^tel:/);
      const whatsapp = (await content.getByRole('link', { name: /^WhatsApp/ }).getAttribute('href')) ?? '';
      expect(decodeURIComponent(whatsapp)).toContain(`#${displayId}`);
      const headers = (await page.request.get(statusUrl)).headers();
      expect(headers['cache-control']).toBe('private, no-store');
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      await checkA11y(page);

      // The staff revoke the link from the order's details; the page then says the link is not valid.
      const staff = await browser.open(viewport);
      const dialog = await openOrderAsStaff(staff.page, displayId);
      await dialog.getByRole('button', { name: 'Revoke link' }).click();
      await expectVisible(dialog.getByText('None: no link opens this enquiry.'));
      await poll(() => staff.page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Send a new link');

      await page.reload();
      await waitForHydration(page);
      await expectVisible(main(page).getByRole('heading', { level: 1, name: 'Enquiry not found' }));
    });

    test('on a shared phone the notice and its status link can be forgotten by the device and kept for this tab only', async () => {
      const { plain } = await testProducts();
      const { context, page } = await openWithCart(browser, viewport, [{ productId: plain.id, quantity: 1 }]);
      await sendThroughCheckout(page);
      const notice = page.getByTestId('last-enquiry-notice');
      await expectVisible(notice.getByText('This notice and its link stay on this device for a week.', { exact: false }));
      await notice.getByRole('button', { name: 'Forget this device' }).click();
      await expectVisible(notice.getByText('Kept in this tab only: it goes when you close the tab.'));
      await poll(() => notice.evaluate((element) => element === document.activeElement), 'focus on the notice').toBe(true);
      expect(await page.evaluate(() => localStorage.getItem('last-enquiry'))).toBeNull();
      // Another tab of the same browser does not find it; this tab keeps it through a reload.
      const other = await context.newPage();
      await visit(other, '/');
      expect(await other.getByTestId('last-enquiry-notice').count()).toBe(0);
      await other.close();
      await page.reload();
      await waitForHydration(page);
      await expectVisible(notice.getByRole('link', { name: 'Follow your enquiry' }));
    });

    test('large counts read with Indian grouping: 999 cartons of 500 pieces are 4,99,500 pieces', async () => {
      const big = (await catalogue()).find((p) => isPlain(p) && p.unitsPerCarton === 500);
      if (!big) throw new Error('The catalogue needs an in-stock product of 500 pieces a carton without variations');
      const { page } = await openWithCart(browser, viewport, [{ productId: big.id, quantity: 999 }]);
      await sendThroughCheckout(page);
      await followFromNotice(page);
      await expectVisible(main(page).getByText(`999 cartons × 500 ${big.unitType} = 4,99,500 ${big.unitType}`, { exact: false }));
    });

    test('a signed-in customer opens the enquiry from My enquiries and enquires again', async () => {
      const { plain } = await testProducts();
      const { page } = await browser.open(viewport);
      const displayId = await enquireAsNewCustomer(page, [{ productId: plain.id, quantity: 2 }]);
      await expectCartCount(page, 0);

      if (viewport.width < 768) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'My enquiries' }).click();
      } else {
        await page.getByRole('banner').getByRole('link', { name: 'My enquiries' }).click();
      }
      await expectURL(page, '/account/enquiries');
      const list = main(page);
      await expectVisible(list.getByRole('heading', { level: 1, name: 'My enquiries' }));
      await checkA11y(page);
      // Their statement of account: nothing invoiced yet, so nothing due.
      const statement = await page
        .context()
        .request.get((await list.getByRole('link', { name: 'Download statement of account (PDF)' }).getAttribute('href'))!);
      expect(statement.status()).toBe(200);
      expectShows(pdfText(await statement.body()), ['STATEMENT OF ACCOUNT', 'Nothing due']);
      await list.getByRole('link', { name: new RegExp(`Enquiry #${displayId}`) }).click();
      await expectURL(page, `/account/enquiries/${displayId}`);
      await expectVisible(main(page).getByRole('heading', { level: 1, name: `Enquiry #${displayId}` }));

      await main(page).getByRole('button', { name: 'Enquire again' }).click();
      await expectVisible(main(page).getByText('1 line added to your enquiry cart at today’s prices.'));
      await poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('status');
      await expectCartCount(page, 1);
      await checkA11y(page);
      // A second tap adds nothing: the cart holds the enquiry once (2 cartons, not 4).
      await main(page).getByRole('button', { name: 'Enquire again' }).click();
      await expectVisible(main(page).getByText('Nothing to add: 1 line already in your enquiry cart.'));
      const cart = (await (await page.context().request.get('/api/cart')).json()) as Array<{ quantity: number }>;
      expect(cart.map((line) => line.quantity)).toEqual([2]);
    });
  });

  test('signed in with a long name, the header fits every width and always offers My enquiries', async () => {
    const { page } = await browser.open(VIEWPORT_ENTRIES[1]![1]);
    await signInNewCustomer(page, 'Meenakshisundaram');
    for (const width of [390, 640, 768, 1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await visit(page, '/');
      // On a phone the greeting and the account links are in the menu.
      if (width < 640) await page.getByRole('button', { name: 'Open menu' }).click();
      await expectVisible(page.getByText('Hello, Meenakshisundaram').filter({ visible: true }).first());
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(sideways, `sideways scrolling at ${width} px`).toBeLessThanOrEqual(0);
      // In the menu's list on a phone, an icon beside the greeting otherwise.
      const inHeader = page.getByRole('banner').getByRole('link', { name: 'My enquiries' }).filter({ visible: true });
      await expectVisible(inHeader.first());
      if (width >= 1280) {
        // A laptop has room for the words, not only the icon; and the search box's placeholder is not cut.
        expect(await inHeader.first().innerText()).toBe('My enquiries');
        const search = page.getByRole('banner').getByRole('searchbox', { name: 'Search products' });
        const cut = await search.evaluate((input: HTMLInputElement) => {
          const style = getComputedStyle(input);
          const context = document.createElement('canvas').getContext('2d')!;
          context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          return context.measureText(input.placeholder).width > room;
        });
        expect(cut, 'the placeholder is cut').toBe(false);
      }
    }
    // The Malayalam header's words are longer; it fits too.
    for (const width of [390, 640, 768, 1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await visit(page, '/ml');
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(sideways, `sideways scrolling at ${width} px in Malayalam`).toBeLessThanOrEqual(0);
    }
  });

  test('My enquiries asks a visitor to log in first', async () => {
    const { page } = await browser.open(VIEWPORT_ENTRIES[0]![1]);
    await visit(page, '/account/enquiries');
    await expectURL(page, '/login');
  });
});
