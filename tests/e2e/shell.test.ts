// The global shell: skip link, header, search, cart button, menus, footer, scrolling.
import { expect, test } from 'vitest';

import { demoShop } from '#domains/settings/demo-shop.ts';
import { phoneHref, phoneText, whatsappHref } from '#domains/settings/shop.ts';

import { checkA11y, describeAtViewports, scrollToBottom, scrollY, visit } from './support/browser.ts';
import { expectProductsPage } from './support/catalogue.ts';
import { expectCount, expectHidden, expectURL, expectVisible, isFocused, poll, texts } from './support/expect.ts';
import { printedText } from './support/print.ts';

const NAV = ['Products', 'About', 'Blog', 'Contact'];
const MOBILE_NAV = ['Home', ...NAV];

describeAtViewports('global shell', (browser, name, viewport) => {
  const phone = name === 'phone';

  test('the skip link is the first tab stop and moves focus to the main content', async () => {
    const { page } = await browser.open(viewport);
    await visit(page, '/products');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await poll(() => isFocused(skip)).toBe(true);
    // Visible while focused (it is sr-only otherwise).
    await poll(async () => (await skip.boundingBox())?.width ?? 0).toBeGreaterThan(20);
    await page.keyboard.press('Enter');
    await poll(() => isFocused(page.getByRole('main'))).toBe(true);
  });

  test('the header shows the shop’s name, whole and inside the screen, and the logo goes to /home', async () => {
    const { page } = await browser.open(viewport);
    await visit(page, '/about');
    const logo = page.getByRole('banner').getByRole('link', { name: `${demoShop.name}, home` });
    await expectVisible(logo.getByText(demoShop.name, { exact: true }));
    const box = (await logo.getByText(demoShop.name, { exact: true }).boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    if (phone) await logo.tap();
    else {
      await logo.focus();
      await page.keyboard.press('Enter');
    }
    await expectURL(page, '/home');
    await expectVisible(page.getByRole('heading', { level: 1, name: /Biodegradable tableware/ }));
  });

  test(
    phone ? 'the menu toggle lists Home, Products, About, Blog, Contact' : 'the header nav links Products, About, Blog, Contact',
    async () => {
      const { page } = await browser.open(viewport);
      await visit(page, '/');
      const main = page.getByRole('navigation', { name: 'Main' });
      const toggle = page.getByRole('button', { name: 'Open menu' });
      if (!phone) {
        expect(await texts(main.getByRole('link'))).toEqual(NAV);
        await expectHidden(toggle);
        await main.getByRole('link', { name: 'Blog' }).click();
        await expectURL(page, '/blog');
        await poll(() => main.getByRole('link', { name: 'Blog' }).getAttribute('aria-current')).toBe('page');
        await checkA11y(page);
        return;
      }
      await expectHidden(main);
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      await expectHidden(menu);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      await expectVisible(menu);
      const close = page.getByRole('button', { name: 'Close menu' });
      expect(await close.getAttribute('aria-expanded')).toBe('true');
      expect((await texts(menu.getByRole('link'))).slice(0, MOBILE_NAV.length)).toEqual(MOBILE_NAV);
      await checkA11y(page);
      await menu.getByRole('link', { name: 'About' }).click();
      await expectURL(page, '/about');
      await expectHidden(menu);
      expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    },
  );

  test('Login and Sign Up links are present', async () => {
    const { page } = await browser.open(viewport);
    await visit(page, '/');
    const banner = page.getByRole('banner');
    if (phone) await banner.getByRole('button', { name: 'Open menu' }).click();
    const login = banner.getByRole('link', { name: 'Login', exact: true });
    const signUp = banner.getByRole('link', { name: 'Sign Up', exact: true });
    await expectVisible(login);
    await expectVisible(signUp);
    expect(await login.getAttribute('href')).toBe('/login');
    expect(await signUp.getAttribute('href')).toBe('/register');
  });

  test('the header search goes to /products?search= with the trimmed text, then clears the box', async () => {
    const { page } = await browser.open(viewport);
    await visit(page, '/about');
    const box = page.getByRole('searchbox', { name: 'Search products' });
    await expectCount(box, 1);
    await box.fill('  areca ');
    await box.press('Enter');
    await expectURL(page, '/products?search=areca');
    await expectVisible(page.getByRole('heading', { level: 1, name: /Search Results for.*areca/ }));
    await poll(() => box.inputValue()).toBe('');
  });

  test('an empty or blank header search does nothing', async () => {
    const { page } = await browser.open(viewport);
    await visit(page, '/about');
    const requests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/products') || url.pathname.startsWith('/api/products')) requests.push(request.url());
    });
    const box = page.getByRole('searchbox', { name: 'Search products' });
    await box.press('Enter');
    await box.fill('   ');
    await box.press('Enter');
    // A request of our own after the key presses: any navigation they started would come first.
    expect(await page.evaluate(async () => (await fetch('/healthz')).status)).toBe(200);
    expect(requests).toEqual([]);
    await expectURL(page, '/about');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Our story' }));
  });

  test('the cart button shows its count and opens the empty Enquiry Cart; Continue Shopping goes to /products', async () => {
    const { page } = await browser.open(viewport);
    await visit(page, '/about');
    const cart = page.getByRole('button', { name: 'Enquiry Cart, 0 items' });
    // The visible count badge.
    expect(await cart.locator('span[aria-hidden="true"]').textContent()).toBe('0');
    await cart.click();
    const dialog = page.getByRole('dialog', { name: /^Enquiry Cart/ });
    await expectVisible(dialog);
    await expectVisible(dialog.getByRole('heading', { name: /^Enquiry Cart/ }));
    await expectVisible(dialog.getByText('Your enquiry cart is empty'));
    await checkA11y(page);
    await dialog.getByRole('link', { name: 'Continue Shopping' }).click();
    await expectProductsPage(page);
    await expectHidden(dialog);
  });

  test('Escape closes the Enquiry Cart and focus returns to the cart button', async () => {
    const { page } = await browser.open(viewport);
    await visit(page, '/');
    const cart = page.getByRole('button', { name: /^Enquiry Cart/ });
    await cart.click();
    const dialog = page.getByRole('dialog', { name: /^Enquiry Cart/ });
    await expectVisible(dialog);
    await page.keyboard.press('Escape');
    await expectHidden(dialog);
    await poll(() => isFocused(cart)).toBe(true);
    // It opens again after closing.
    await cart.click();
    await expectVisible(dialog);
    await dialog.getByRole('button', { name: 'Close cart' }).click();
    await expectHidden(dialog);
  });

  test('the footer has the contact details and social links', async () => {
    const { page } = await browser.open(viewport);
    await visit(page, '/');
    const footer = page.getByRole('contentinfo');
    const text = (await footer.textContent()) ?? '';
    const { address } = demoShop;
    expect(text).toContain(address.street);
    expect(text).toContain(`${address.locality}, ${address.city}, ${address.state} ${address.postalCode}`);
    // The spec's words for the demo shop's hours.
    expect(text).toContain('Monday to Saturday 9:00 AM to 6:00 PM IST, Sunday closed');
    expect(await footer.getByRole('link', { name: phoneText(demoShop.phone) }).getAttribute('href')).toBe(
      phoneHref(demoShop.phone),
    );
    expect(await footer.getByRole('link', { name: demoShop.email }).getAttribute('href')).toBe(`mailto:${demoShop.email}`);
    for (const social of [
      ...demoShop.social.map((s) => ({ name: s.name, url: s.url })),
      { name: 'Chat on WhatsApp', url: whatsappHref(demoShop.whatsapp) },
    ]) {
      const link = footer.getByRole('link', { name: social.name, exact: true });
      expect(await link.getAttribute('href')).toBe(social.url);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toContain('noopener');
    }
    expect(await texts(footer.getByRole('navigation', { name: 'Footer' }).getByRole('link'))).toEqual(NAV);
  });

  test('a printed page keeps the shop’s name and how to reach it, dark on white, without the links, search, cart or sign-in', async () => {
    const { page } = await browser.open(viewport);
    await visit(page, '/about');
    const printed = await printedText(page);
    const { address } = demoShop;
    for (const kept of [demoShop.name, address.street, phoneText(demoShop.phone), demoShop.email]) {
      expect(printed).toContain(kept);
    }
    for (const left of [
      'Login',
      'Sign Up',
      'Search',
      'Open menu',
      'Explore',
      'Follow and chat',
      'Chat on WhatsApp',
      'Privacy Policy',
    ]) {
      expect(printed).not.toContain(left);
    }
    // Printed without backgrounds, as a browser prints unless asked, the footer's words must still be dark.
    await page.emulateMedia({ media: 'print' });
    const colours = await page
      .getByRole('contentinfo')
      .evaluate((footer) => [
        getComputedStyle(footer).backgroundColor,
        ...[...footer.querySelectorAll('p, h2, a, span')]
          .filter((e) => e.getClientRects().length > 0)
          .map((e) => getComputedStyle(e).color),
      ]);
    // The header's mark names the shop on paper: laid out at an A4 page's width, where the screen's bar leaves it out.
    await page.setViewportSize({ width: 794, height: 1123 });
    await expectVisible(page.getByRole('banner').getByText(demoShop.name, { exact: true }));
    await page.emulateMedia({ media: 'screen' });
    expect(colours[0]).toBe('rgb(255, 255, 255)');
    for (const colour of colours.slice(1)) {
      const [r, g, b] = colour.match(/[\d.]+/g)!.map(Number);
      expect(Math.max(r!, g!, b!), colour).toBeLessThan(90);
    }
  });

  test('Privacy Policy and Terms of Service scroll to the top and stay on the page', async () => {
    const { page } = await browser.open(viewport);
    await visit(page, '/products');
    for (const label of ['Privacy Policy', 'Terms of Service']) {
      await scrollToBottom(page);
      await page.getByRole('contentinfo').getByRole('button', { name: label }).click();
      await poll(() => scrollY(page), label).toBe(0);
      await expectURL(page, '/products');
    }
  });

  test('a link clicked at the bottom of a long page opens the next page at the top', async () => {
    const { page } = await browser.open(viewport);
    await visit(page, '/products');
    await scrollToBottom(page);
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'About' }).click();
    await expectURL(page, '/about');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Our story' }));
    await poll(() => scrollY(page)).toBe(0);
  });
});
