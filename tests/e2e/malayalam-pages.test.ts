// The storefront in Malayalam, read in Chromium as a customer reads it: every public page at /ml/… is in Malayalam
// (no message of the English site left on it), says so (lang, hreflang both ways), passes axe, and the language
// switch keeps the page and the cart; the choice is remembered on the device.
import { expect, test } from 'vitest';

import malayalam from '#lib/i18n/messages/ml.json' with { type: 'json' };

import { checkA11y, describeAtViewports, visit, waitForHydration } from './support/browser.ts';
import { expectCartCount, seedCart, testProducts } from './support/enquiry.ts';
import { poll } from './support/expect.ts';

const PAGES = ['/ml', '/ml/products', '/ml/about', '/ml/contact', '/ml/blog', '/ml/checkout', '/ml/login', '/ml/register'];

/**
 * The English site's messages that would give a page away if they showed on a Malayalam one: the whole sentences and
 * phrases of the catalogue (two words or more, placeholders left out), not single words a product's own data may hold.
 */
const ENGLISH = Object.keys(malayalam).filter((id) => !id.includes('{') && id.trim().split(/\s+/).length >= 2);

describeAtViewports('the Malayalam storefront', (browser, name, viewport) => {
  // A test a page: each is a dozen checks and axe, and the walk in one test outran its time on a loaded machine.
  test.each([...PAGES, 'a product page'])('%s is in Malayalam, says so, and names its English twin', async (entry) => {
    const path = entry === 'a product page' ? `/ml/products/${(await testProducts()).plain.id}` : entry;
    const { page } = await browser.open(viewport);
    const response = await visit(page, path);
    expect(response?.status(), path).toBe(200);
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.lang), path).toBe('ml-IN');
    const english = path.replace(/^\/ml/, '') || '/';
    const alternates = await page.$$eval('link[rel="alternate"][hreflang]', (links) =>
      links.map((link) => [link.getAttribute('hreflang'), new URL(link.getAttribute('href')!).pathname]),
    );
    expect(alternates, path).toEqual([
      ['en-IN', english],
      ['ml-IN', path],
      ['x-default', english],
    ]);
    // The staff's own data stays as they wrote it: a product's specifications and tags are not the shop's messages.
    // What the page shows, and what the tab and a search result show of it (its title and description).
    const text = await page.evaluate(() => {
      const data = document.querySelectorAll('section[aria-labelledby="specs-title"] :is(table, ul)');
      data.forEach((element) => ((element as HTMLElement).hidden = true));
      const shown = document.body.innerText;
      data.forEach((element) => ((element as HTMLElement).hidden = false));
      const description = document.querySelector('meta[name="description"]')?.getAttribute('content');
      return [shown, document.title, description].join('\n');
    });
    expect(
      ENGLISH.filter((id) => text.includes(id)),
      `English left on ${path}`,
    ).toEqual([]);
    // Malayalam words are longer than English ones: nothing on the page is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} scrolls sideways`).toBeLessThanOrEqual(
      viewport.width,
    );
    await checkA11y(page);
  });

  test('the switch keeps the page and the cart, and the choice brings the visitor back to Malayalam', async () => {
    const { plain } = await testProducts();
    const { page, context } = await browser.open(viewport);
    await seedCart(context, [{ productId: plain.id, quantity: 2 }]);
    await visit(page, `/products/${plain.id}`);
    await waitForHydration(page);
    if (name === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'മലയാളം' }).click();
    await poll(() => new URL(page.url()).pathname).toBe(`/ml/products/${plain.id}`);
    await waitForHydration(page);
    await poll(() => page.locator('html').getAttribute('lang')).toBe('ml-IN');
    // The same cart: its button counts the same line, in Malayalam.
    const cart = page.getByRole('button', { name: /അന്വേഷണ കാർട്ട്/ });
    await poll(() => cart.textContent()).toContain('1');
    // Back from outside the shop (a typed address), the English page leads to the Malayalam one.
    const again = await context.newPage();
    await again.goto('/products');
    expect(new URL(again.url()).pathname).toBe('/ml/products');
    // And the switch back is kept: the English pages stay English.
    if (name === 'phone') await again.getByRole('button', { name: 'മെനു തുറക്കുക' }).click();
    await again.getByRole('link', { name: 'English' }).click();
    await poll(() => new URL(again.url()).pathname).toBe('/products');
    const third = await context.newPage();
    await third.goto('/products');
    expect(new URL(third.url()).pathname).toBe('/products');
    await waitForHydration(third);
    await expectCartCount(third, 1);
  });

  test('what the page was not drawn with (the cart panel) turns Malayalam once the rest of the catalogue comes', async () => {
    const { plain } = await testProducts();
    const { page, context } = await browser.open(viewport, {
      allowRequest: (url) => /\/assets\/ml-[\w-]+\.js$/.test(url),
      allowConsole: [/ERR_INTERNET_DISCONNECTED|Failed to fetch|dynamically imported module/],
    });
    await seedCart(context, [{ productId: plain.id, quantity: 2 }]);
    // The rest of the catalogue fails to come once (the connection dropped), then is held back until the panel is
    // open: the panel's words are not among the page's own.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    await page.route(/\/assets\/ml-[\w-]+\.js$/, async (route) => {
      asked += 1;
      if (asked === 1) return route.abort('internetdisconnected');
      await held;
      await route.continue();
    });
    await visit(page, `/ml/products/${plain.id}`);
    await poll(() => asked).toBe(1);
    await page.getByRole('button', { name: /അന്വേഷണ കാർട്ട്/ }).click();
    const panel = page.getByRole('dialog');
    await panel.waitFor();
    const english = async () => {
      const text = await panel.innerText();
      return ENGLISH.filter((id) => text.includes(id));
    };
    expect(await english(), 'the panel draws English stand-ins while the catalogue is held').not.toEqual([]);
    expect(asked, 'a message missed asks for the catalogue again').toBe(2);
    release();
    await poll(english).toEqual([]);
  });
});
