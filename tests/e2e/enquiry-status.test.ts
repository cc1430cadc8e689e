// After the enquiry (issue 14, part): a guest follows the enquiry from the home page's notice to its private status
// page, the staff revoke the link; a signed-in customer finds the enquiry in 'My enquiries' and enquires again.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';

import { type Locator, type Page, request as playwrightRequest } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, test } from 'vitest';

import { expectPhoneFriendly, signInAsAdmin } from './support/admin';
import { BASE_URL, checkA11y, CHROMIUM, useBrowser, VIEWPORT_ENTRIES, visit, waitForHydration } from './support/browser';
import { expectCartCount, expectToast, main, seedCart, testProducts } from './support/enquiry';
import { expectURL, expectVisible, poll } from './support/expect';

const CUSTOMER = {
  name: 'Anitha Nair',
  email: 'anitha.nair@example.com',
  phone: '9876543210',
  address: 'Door 12, MG Road, Aluva, Ernakulam, Kerala 683101',
};
const PASSWORD = 'Green-Leaf-Plates-42';

/** Sends the cart's enquiry through the checkout form; answers the enquiry number. */
async function sendThroughCheckout(page: Page): Promise<number> {
  await visit(page, '/checkout');
  const form = main(page);
  await form.getByLabel('Full name', { exact: true }).fill(CUSTOMER.name);
  await form.getByLabel('Email', { exact: true }).fill(CUSTOMER.email);
  await form.getByLabel('Mobile number', { exact: true }).fill(CUSTOMER.phone);
  await form.getByLabel('Delivery address', { exact: true }).fill(CUSTOMER.address);
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/orders');
  await form.getByRole('button', { name: /^Submit/ }).click();
  const created = (await (await answer).json()) as { displayId: number };
  await expectToast(page, 'Order enquiry submitted successfully!', new RegExp(`#${created.displayId}\\b`));
  await expectURL(page, '/');
  return created.displayId;
}

/** Signs the page in as staff and opens the enquiry's details dialog from the Orders list. */
async function openOrderAsStaff(page: Page, displayId: number): Promise<Locator> {
  await signInAsAdmin(page, '/admin/orders');
  await page.getByRole('searchbox', { name: /^Search name/ }).fill(String(displayId));
  await page
    .getByRole('button', { name: `View order #${displayId}` })
    .filter({ visible: true })
    .click();
  return page.getByRole('dialog', { name: `Order #${displayId}` });
}

/** A new customer account, signed in in the page's context. */
async function signInNewCustomer(page: Page, firstName = 'Meera'): Promise<void> {
  const username = `e2e-status-${randomBytes(4).toString('hex')}`;
  const request = await playwrightRequest.newContext({ baseURL: BASE_URL });
  try {
    const token = async () => ((await (await request.get('/api/auth/csrf-token')).json()) as { csrfToken: string }).csrfToken;
    const registered = await request.post('/api/auth/register', {
      data: { username, email: `${username}@example.test`, password: PASSWORD, firstName, lastName: 'Nair' },
      headers: { 'X-CSRF-Token': await token() },
    });
    expect(registered.status(), await registered.text()).toBe(201);
  } finally {
    await request.dispose();
  }
  const context = page.context();
  const { csrfToken } = (await (await context.request.get('/api/auth/csrf-token')).json()) as { csrfToken: string };
  const login = await context.request.post('/api/auth/login', {
    data: { username, password: PASSWORD },
    headers: { 'X-CSRF-Token': csrfToken },
  });
  expect(login.status(), await login.text()).toBe(200);
}

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

      const notice = page.getByTestId('last-enquiry-notice');
      await notice.getByRole('link', { name: 'Follow your enquiry' }).click();
      await poll(() => new URL(page.url()).pathname, 'the status page').toMatch(/^\/enquiry\/[A-Za-z0-9_-]{43}$/);
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

    test('the staff send a quote; the guest downloads its PDF and accepts it; the staff see the enquiry confirmed', async () => {
      const { plain } = await testProducts();
      const { context, page } = await browser.open(viewport);
      await seedCart(context, [{ productId: plain.id, quantity: 2 }]);
      const displayId = await sendThroughCheckout(page);
      await page.getByTestId('last-enquiry-notice').getByRole('link', { name: 'Follow your enquiry' }).click();
      await expectVisible(main(page).getByRole('heading', { level: 1, name: `Enquiry #${displayId}` }));

      // The staff prepare the quote from the order's details: prefilled, sent as it is with a note.
      const staff = await browser.open(viewport);
      const dialog = await openOrderAsStaff(staff.page, displayId);
      await dialog.getByRole('button', { name: 'Prepare quote' }).click();
      expect(await dialog.getByLabel('Price per carton (₹), line 1').inputValue()).toBe(plain.price);
      await checkA11y(staff.page);
      if (viewport.width < 768) await expectPhoneFriendly(staff.page);
      expect(await dialog.getByLabel('Place of supply (state of delivery)').inputValue()).toBe('32');
      await dialog.getByLabel('Note for the customer (optional)').fill('Delivery on Thursday morning.');
      await dialog.getByRole('button', { name: 'Send quote' }).click();
      await expectVisible(dialog.getByText(new RegExp(`^Q-${displayId}-1: `)));

      // The guest sees it on the status page, downloads the PDF, accepts.
      await page.reload();
      await waitForHydration(page);
      const quote = main(page).getByRole('region', { name: `Your quote Q-${displayId}-1` });
      await expectVisible(quote.getByText('Waiting for your answer', { exact: false }));
      await expectVisible(quote.getByText('Delivery on Thursday morning.'));
      await checkA11y(page);
      const download = page.waitForEvent('download');
      await quote.getByRole('link', { name: 'Download PDF' }).click();
      const file = await (await download).path();
      const extracted = await extractText(await getDocumentProxy(new Uint8Array(fs.readFileSync(file))), { mergePages: true });
      // A long name wraps in its column: compared with single spaces.
      const text = extracted.text.replace(/\s+/g, ' ');
      expect(text).toContain(`Quotation Q-${displayId}-1`);
      expect(text).toContain(plain.name);
      expect(text).toContain('CGST');
      expect(text).toMatch(/Rupees [A-Za-z -]+ Only/);

      await quote.getByRole('button', { name: /^Accept quote/ }).click();
      await expectVisible(main(page).getByRole('heading', { name: 'Status: Confirmed' }));
      await expectVisible(quote.getByText('Accepted', { exact: false }));
      await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('quote-heading');

      // The staff's list shows it confirmed and unseen again.
      await dialog.getByRole('button', { name: 'Close' }).click();
      await staff.page.reload();
      await waitForHydration(staff.page);
      await staff.page.getByRole('searchbox', { name: /^Search name/ }).fill(String(displayId));
      await expectVisible(staff.page.getByText('Confirmed', { exact: true }).filter({ visible: true }).first());
    });

    test('a signed-in customer opens the enquiry from My enquiries and enquires again', async () => {
      const { plain } = await testProducts();
      const { context, page } = await browser.open(viewport);
      await signInNewCustomer(page);
      await seedCart(context, [{ productId: plain.id, quantity: 2 }]);
      const displayId = await sendThroughCheckout(page);
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
      await list.getByRole('link', { name: new RegExp(`Enquiry #${displayId}`) }).click();
      await expectURL(page, `/account/enquiries/${displayId}`);
      await expectVisible(main(page).getByRole('heading', { level: 1, name: `Enquiry #${displayId}` }));

      await main(page).getByRole('button', { name: 'Enquire again' }).click();
      await expectVisible(main(page).getByText('1 line added to your enquiry cart at today’s prices.'));
      await poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('status');
      await expectCartCount(page, 1);
      await checkA11y(page);
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
    }
  });

  test('My enquiries asks a visitor to log in first', async () => {
    const { page } = await browser.open(VIEWPORT_ENTRIES[0]![1]);
    await visit(page, '/account/enquiries');
    await expectURL(page, '/login');
  });
});
