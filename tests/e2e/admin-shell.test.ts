// The admin panel's shell in a real browser at 390 and 1280 px: a session that ends while a product is half typed
// (the prompt over the page, the product saved as typed); the 4-hour countdown, its warning and signing in early (the
// browser's clock moved, not waited for); a new enquiry's chime and notification (the sound off until turned on, and
// remembered); on a phone the menu in one bar of at most 64 px, and no empty scroll under the dashboard; contacts with
// the whole message, one-tap replies, no mid-word wrapping, made into an enquiry; the focus after a change and a page.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';

import { shortTime } from '#app/admin/format.ts';

import { E2E_ADMINS } from './support/accounts.ts';
import {
  adminNav,
  csrfHeader,
  expectPhoneFriendly,
  messageInContacts,
  sendEnquiry,
  sendMessage,
  sessionEnds,
  signInAsAdmin,
  toast,
} from './support/admin.ts';
import {
  CATALOGUE_EDITS_URL,
  checkA11y,
  CHROMIUM,
  type OpenPageOptions,
  useBrowser,
  VIEWPORT_ENTRIES,
  VIEWPORTS,
  visit,
} from './support/browser.ts';
import { expectCount, expectHidden, expectURL, expectVisible, isFocused, poll } from './support/expect.ts';

const banner = (page: Page) => page.getByRole('region', { name: 'Admin session' });

/** A small photo, as a phone would send one. */
function photo(): Promise<Buffer> {
  const art =
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#6f8f4a"/></svg>';
  return sharp(Buffer.from(art)).jpeg({ quality: 80 }).toBuffer();
}

/** The browser's own chime and notifications, recorded: the page's WebAudio and Notification stand-ins. */
async function recordAlerts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown> & { __tones: number; __notes: Array<{ title: string; body: string }> };
    w.__tones = 0;
    w.__notes = [];
    const node = { connect: (next: unknown) => next };
    w.AudioContext = class {
      state = 'running';
      currentTime = 0;
      destination = {};
      resume = () => Promise.resolve();
      createOscillator = () => ({
        ...node,
        type: 'sine',
        frequency: { value: 0 },
        start: () => void w.__tones++,
        stop: () => {},
      });
      createGain = () => ({ ...node, gain: { setValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} } });
    };
    let permission = 'default';
    w.Notification = class {
      static get permission() {
        return permission;
      }
      static requestPermission() {
        permission = 'granted';
        return Promise.resolve('granted');
      }
      onclick: (() => void) | null = null;
      constructor(title: string, options: { body: string }) {
        w.__notes.push({ title, body: options.body });
      }
    };
  });
}

/** The dashboard's refresh aborted on purpose: the browser reports the failed request. */
const REFRESH_FAILS: OpenPageOptions = {
  allowRequest: (url, status) => status === null && url.endsWith('/api/admin/dashboard'),
  allowConsole: [/^Failed to load resource: net::ERR_FAILED/],
};

describe.skipIf(!CHROMIUM)('the admin shell', () => {
  const browser = useBrowser();

  describe.each(VIEWPORT_ENTRIES)('%s', (viewportName, viewport) => {
    test('the session ends while a product is half typed: signing in again keeps it and saves it', async () => {
      const { page, context } = await browser.open(viewport, sessionEnds(CATALOGUE_EDITS_URL));
      const name = `Session Cut Plate ${viewportName} ${Date.now().toString(36)}`;
      await signInAsAdmin(page, '/admin/products');
      await page.getByRole('button', { name: 'Add Product' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Product' });
      await dialog.getByLabel('Name', { exact: true }).fill(name);
      await dialog.getByLabel('Description').fill('Typed while the session ran out, saved after signing in again.');
      await dialog.getByLabel('Price per carton (₹)').fill('875');
      await dialog.getByLabel('Category').selectOption('plates');
      await dialog
        .getByLabel('Upload images')
        .setInputFiles({ name: 'plate.jpg', mimeType: 'image/jpeg', buffer: await photo() });
      await expectVisible(dialog.getByText('Primary'));

      await context.clearCookies();
      await dialog.getByRole('button', { name: 'Add Product' }).click();
      const prompt = page.getByRole('dialog', { name: 'Your session has ended' });
      await expectVisible(prompt);
      // No 'Failed to add product' or other error: the page under the prompt is as it was.
      await expectCount(page.getByTestId('toast').filter({ hasText: /fail|error/i }), 0);
      expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe(name);
      await checkA11y(page);
      if (viewportName === 'phone') await expectPhoneFriendly(page);
      // Escape does not put it away: the page needs a session.
      await page.keyboard.press('Escape');
      await expectVisible(prompt);
      expect(await isFocused(prompt.getByLabel('Password', { exact: true }))).toBe(true);
      await page.keyboard.type('not the password');
      await page.keyboard.press('Enter');
      await expectVisible(prompt.getByRole('alert').getByText('Invalid username or password'));
      await prompt.getByLabel('Password', { exact: true }).fill(E2E_ADMINS.plain.password);
      await page.keyboard.press('Enter');

      await expectVisible(toast(page, 'Product created'));
      await expectHidden(prompt);
      await expectHidden(dialog);
      const found = await context.request.get(`/api/admin/products?q=${encodeURIComponent(name)}`);
      const items = ((await found.json()) as { items: Array<{ id: number; name: string; price: string }> }).items;
      expect(items).toEqual([expect.objectContaining({ name, price: '875.00' })]);
      // Gone again: between the tests that add products, this server's catalogue is the demo's.
      const removed = await context.request.delete(`/api/admin/products/${items[0]!.id}`, {
        headers: await csrfHeader(context),
      });
      expect(removed.status(), await removed.text()).toBeLessThan(300);
    }, 90_000);

    test('the banner counts the 4 hours down, warns five minutes before, and a sign-in then starts 4 more', async () => {
      const { page } = await browser.open(viewport, sessionEnds());
      await page.clock.install();
      await signInAsAdmin(page, '/admin');
      await expectVisible(banner(page).getByText('Session expires in 4 hours', { exact: true }));
      await expectCount(banner(page).getByRole('alert'), 0);
      // No read of the session's time still on its way: one answered after the jump would be counted from the
      // jumped clock (a jump no real clock makes).
      await page.waitForLoadState('networkidle');

      // 3 h 56 min later: 4 minutes left (rounded up), and the warning.
      await page.clock.fastForward('03:56:00');
      await expectVisible(banner(page).getByText('Session expires in 4 minutes', { exact: true }));
      const warning = banner(page).getByRole('alert');
      await expectVisible(warning.getByText('Your session ends in less than 5 minutes.'));
      await checkA11y(page);
      if (viewportName === 'phone') await expectPhoneFriendly(page);
      await warning.getByRole('button', { name: 'Sign in again' }).click();
      const early = page.getByRole('dialog', { name: 'Sign in again' });
      await expectVisible(early);
      await page.keyboard.type(E2E_ADMINS.plain.password);
      await page.keyboard.press('Enter');
      await expectVisible(toast(page, 'Signed in again'));
      await expectVisible(banner(page).getByText('Session expires in 4 hours', { exact: true }));
      await expectCount(banner(page).getByRole('alert'), 0);
      await page.waitForLoadState('networkidle');

      // Left to run out, the prompt opens by itself.
      await page.clock.fastForward('04:00:30');
      await expectVisible(page.getByRole('dialog', { name: 'Your session has ended' }));
    }, 90_000);

    test('when the 30-second refresh cannot reach the shop, the notice gives the time the figures last loaded', async () => {
      const { page } = await browser.open(viewport, REFRESH_FAILS);
      const start = Date.parse('2026-11-26T04:30:05Z'); // 10:00:05 in India
      await page.clock.install({ time: start });
      // The dashboard's reads still on their way: one answered after the clock's jump would count as loaded then.
      const dashboard = (url: string) => url.endsWith('/api/admin/dashboard');
      let reading = 0;
      page.on('request', (request) => void (dashboard(request.url()) && reading++));
      const finished = (request: { url(): string }) => void (dashboard(request.url()) && reading--);
      page.on('requestfinished', finished);
      page.on('requestfailed', finished);
      await signInAsAdmin(page, '/admin');
      await page.waitForLoadState('networkidle');
      await expectCount(page.getByTestId('refresh-notice'), 0);
      // The figures last loaded between the start and now (the page's clock runs on until it is moved).
      await page.route('**/api/admin/dashboard', (route) => route.abort());
      await poll(() => reading, 'dashboard reads on their way').toBe(0);
      const routed = await page.evaluate(() => Date.now());

      // Five minutes on, and each 30-second refresh fails.
      await page.clock.fastForward('05:00');
      const notice = page.getByTestId('refresh-notice');
      await poll(async () => {
        if (!(await notice.isVisible())) await page.clock.fastForward('00:30');
        return notice.isVisible();
      }, 'the notice').toBe(true);
      const loadedMinutes = new Set<string>();
      for (let at = start; at <= routed + 60_000; at += 60_000) loadedMinutes.add(shortTime(Math.min(at, routed)));
      const failedAt = shortTime(await page.evaluate(() => Date.now()));
      expect(loadedMinutes.has(failedAt)).toBe(false);
      const text = (await notice.textContent())?.trim() ?? '';
      const loadedAt =
        /^Could not reach the shop: what you see was last loaded at (\d{1,2}:\d{2} [AP]M) and may be out of date\. The panel tries again every 30 seconds\.$/.exec(
          text,
        )?.[1];
      expect(loadedAt, text).toBeDefined();
      expect([...loadedMinutes], `the time the figures loaded, not ${failedAt} when the refresh failed`).toContain(loadedAt);
      expect(await notice.getAttribute('role')).toBe('status');
      await checkA11y(page);
      if (viewportName === 'phone') await expectPhoneFriendly(page);

      // Reachable again: the next refresh puts the notice away.
      await page.unroute('**/api/admin/dashboard');
      await page.clock.fastForward('00:30');
      await expectHidden(notice);
    }, 90_000);

    test('a new enquiry rings once the sound is on (remembered on this device) and shows a notification', async () => {
      const { page } = await browser.open(viewport);
      const customer = await browser.open(viewport);
      await recordAlerts(page);
      await page.clock.install();
      await signInAsAdmin(page, '/admin');
      await adminNav(page);
      const sound = page.getByRole('switch', { name: 'Sound' });
      expect(await sound.getAttribute('aria-checked')).toBe('false');
      await sound.click();
      expect(await sound.getAttribute('aria-checked')).toBe('true');
      // Turning it on plays the chime once, so its sound is known: two tones.
      expect(await page.evaluate(() => (window as unknown as { __tones: number }).__tones)).toBe(2);
      await page.getByRole('button', { name: 'Allow browser notifications' }).click();
      await expectVisible(page.getByText('Browser notifications are on'));

      const displayId = await sendEnquiry(customer.context, `Chime ${viewportName} ${Date.now().toString(36)}`);
      // The panel's next look for new enquiries, 30 seconds on.
      await page.clock.fastForward('00:31');
      // Other tests send enquiries to the same shop meanwhile: at least ours rang, and the last notice is ours or later.
      await poll(() => page.evaluate(() => (window as unknown as { __tones: number }).__tones)).toBeGreaterThanOrEqual(4);
      const notes = await page.evaluate(() => (window as unknown as { __notes: Array<{ title: string; body: string }> }).__notes);
      expect(notes.length).toBeGreaterThanOrEqual(1);
      expect(notes.at(-1)!.title).toBe('New enquiry');
      expect(Number(/^Enquiry #(\d+) has arrived\.$/.exec(notes.at(-1)!.body)?.[1])).toBeGreaterThanOrEqual(displayId);
      // Told to screen readers too, without taking the place of a toast about what the staff member did.
      await poll(() => page.getByTestId('new-enquiry-notice').textContent()).toMatch(/^New enquiry #\d+$/);

      // Remembered on this device; opening the panel does not ring.
      await visit(page, '/admin');
      await adminNav(page);
      expect(await page.getByRole('switch', { name: 'Sound' }).getAttribute('aria-checked')).toBe('true');
      expect(await page.evaluate(() => (window as unknown as { __tones: number }).__tones)).toBe(0);
    }, 90_000);

    test('contacts: the whole message, one-tap replies, no mid-word wrapping, made into an enquiry', async () => {
      const name = `Sunitha ${viewportName} ${Date.now().toString(36)}`;
      const message =
        'We cater weddings in Aluva and Perumbavoor every weekend. ' +
        'For the season we need forty cartons of 10 inch round areca plates and ten cartons of the 200 ml cups every month. '.repeat(
          4,
        ) +
        'The last sentence of a long message that a phone must be able to read: thank you.';
      const { page, row: card } = await messageInContacts(browser, viewport, {
        name,
        email: 'sunitha.varma@example.in',
        message,
      });
      await expectVisible(card);
      await checkA11y(page);
      if (viewportName === 'phone') await expectPhoneFriendly(page);

      // Folded at first, the whole message after one tap.
      const text = card.getByText(/^We cater weddings/);
      const folded = () => text.evaluate((element) => element.scrollHeight > element.clientHeight + 1);
      expect(await folded()).toBe(true);
      await card.getByRole('button', { name: 'Show the whole message' }).click();
      expect(await folded()).toBe(false);
      await expectVisible(card.getByText(/a phone must be able to read: thank you\.$/));

      // Call, e-mail and WhatsApp, each one tap.
      expect(await card.getByRole('link', { name: '9847012345' }).getAttribute('href')).toBe('tel:9847012345');
      expect(await card.getByRole('link', { name: 'sunitha.varma@example.in' }).getAttribute('href')).toMatch(
        /^mailto:sunitha\.varma@example\.in\?subject=/,
      );
      expect(await card.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toMatch(
        /^https:\/\/wa\.me\/919847012345\?text=/,
      );
      // The address and the number each on one line: no 'sunitha.var / ma@exam / ple.in'.
      for (const link of [
        card.getByRole('link', { name: 'sunitha.varma@example.in' }),
        card.getByRole('link', { name: '9847012345' }),
      ]) {
        const lines = await link.evaluate((element) => {
          const tops = new Set<number>();
          const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const rect of range.getClientRects()) tops.add(Math.round(rect.top));
          }
          return tops.size;
        });
        expect(lines).toBe(1);
      }

      // Made into an enquiry from the products she asked for.
      await card.getByRole('button', { name: `Make an enquiry of the message from ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Make an enquiry of ${name}'s message` });
      await dialog.getByRole('searchbox', { name: 'Search the products' }).fill('Bagasse Cup 200 ml');
      await dialog.getByRole('searchbox', { name: 'Search the products' }).press('Enter');
      await dialog.getByRole('button', { name: 'Add Bagasse Cup 200 ml', exact: true }).click();
      await dialog.getByLabel('Cartons').fill('10');
      await dialog.getByLabel('Delivery address (if the message gives one)').fill('Market Road, Aluva, Kerala 683101');
      await checkA11y(page);
      await dialog.getByRole('button', { name: 'Make the enquiry' }).click();
      await expectHidden(dialog);
      // The enquiry the staff made is seen already: no 'New enquiry' alert takes its toast's place.
      await expectVisible(toast(page, 'made'));
      const made = await card.getByText(/^Made into enquiry #\d+$/).textContent();
      await expectVisible(card.getByText('Seen', { exact: true }));
      const orders = await page.context().request.get(`/api/admin/orders?q=${encodeURIComponent(name)}`);
      const [order] = ((await orders.json()) as { items: Array<{ displayId: number; items: Array<{ quantity: number }> }> })
        .items;
      expect(`Made into enquiry #${order!.displayId}`).toBe(made);
      expect(order!.items.map((item) => item.quantity)).toEqual([10]);
    }, 90_000);
  });

  test('phone: the menu in one bar of at most 64 px, opened and closed by keyboard; the dashboard has no empty scroll', async () => {
    const { page } = await browser.open(VIEWPORTS.phone);
    await signInAsAdmin(page, '/admin');
    const bar = page.getByTestId('admin-phone-bar');
    const height = (await bar.boundingBox())!.height;
    expect(height).toBeLessThanOrEqual(64);
    await expectCount(page.getByRole('navigation', { name: 'Admin' }), 0);
    // The work starts right under the bar and the session line.
    expect((await page.getByRole('main').getByRole('heading', { level: 1 }).boundingBox())!.y).toBeLessThan(180);

    const menu = bar.getByRole('button', { name: /^Menu/ });
    await menu.focus();
    await page.keyboard.press('Enter');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await expectVisible(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Staff', exact: true }));
    await checkA11y(page);
    await expectPhoneFriendly(page);
    await page.keyboard.press('Escape');
    await expectCount(page.getByRole('navigation', { name: 'Admin' }), 0);
    expect(await isFocused(menu)).toBe(true);
    await (await adminNav(page)).getByRole('link', { name: 'Contacts', exact: true }).click();
    await expectURL(page, '/admin/contacts');
    // The menu closes on the render after the address changes: waited for, not read at once.
    await poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    await poll(() => bar.locator('p').textContent()).toBe('Green Leaf Eco Tableware admin: Contacts');

    // The chart's table for screen readers no longer stretches the page below its last card.
    await visit(page, '/admin');
    await expectVisible(page.getByRole('heading', { name: 'Enquiries in the last 30 days' }));
    const overflow = await page.evaluate(() => {
      const main = document.querySelector('main')!;
      return document.documentElement.scrollHeight - Math.ceil(main.getBoundingClientRect().bottom + window.scrollY);
    });
    expect(overflow).toBeLessThanOrEqual(1);
  });

  test('focus after a change and after Next: on the list, not the page body', async () => {
    const { page } = await browser.open(VIEWPORTS.desktop);
    const customer = await browser.open(VIEWPORTS.desktop);
    const company = `Focus ${Date.now().toString(36)}`;
    for (let n = 1; n <= 26; n++) {
      await sendMessage(customer.context, {
        name: `Focus Tester ${n}`,
        company,
        message: `Message number ${n} for the paging test.`,
      });
    }
    await signInAsAdmin(page, '/admin/contacts');
    await page.getByRole('button', { name: /^Unseen/ }).click();
    await page.getByRole('searchbox', { name: /^Search name/ }).fill(company);
    await page.keyboard.press('Enter');
    await expectVisible(page.getByText('Page 1 of 2 (26 in all)'));
    const list = page.getByRole('table', { name: 'Contact inquiries, newest first' });

    // Next by keyboard: the focus goes to the new page's list, announced with where it is.
    await page.getByRole('button', { name: 'Next' }).focus();
    await page.keyboard.press('Enter');
    await expectVisible(page.getByText('Page 2 of 2 (26 in all)'));
    await poll(() => isFocused(list)).toBe(true);

    await page.getByRole('button', { name: 'Previous' }).focus();
    await page.keyboard.press('Enter');
    await expectVisible(page.getByText('Page 1 of 2 (26 in all)'));
    await poll(() => isFocused(list)).toBe(true);

    // Marked seen under 'Unseen', the card leaves the list: the focus stays on the list.
    const seen = page.getByRole('button', { name: 'Mark as seen: message from Focus Tester 26', exact: true });
    await seen.focus();
    await page.keyboard.press('Enter');
    await expectHidden(page.getByTestId('contact-row').filter({ hasText: 'Message number 26 for' }));
    await poll(() => isFocused(list)).toBe(true);
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
  });
});
