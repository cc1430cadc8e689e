// The product detail page (/products/{id}): variations, quantity, prices,
// specifications, tags, the image placeholder, and missing products.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';

import { checkA11y, CHROMIUM, useBrowser, VIEWPORT_ENTRIES, VIEWPORTS, visit } from './support/browser.ts';
import { expectProductsPage, productByName, productPath, rupees } from './support/catalogue.ts';
import { expectCount, expectHidden, expectURL, expectVisible, poll } from './support/expect.ts';

const PLACEHOLDER = '/images/placeholder.svg';

const main = (page: Page) => page.getByRole('main');
const quantity = (page: Page) => main(page).getByRole('spinbutton', { name: 'Quantity (cartons)' });
/** The note at the stock limit, which says the limit ('Maximum available quantity: 3 cartons'). */
const maxNote = (page: Page) => main(page).getByText(/^Maximum available quantity: [\d,]+ cartons?$/);
const boxRateLine = (page: Page) => main(page).locator('p', { hasText: /^Box rate:/ });
/** An element's text on one line. */
const oneLine = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();
/** 'Box rate: ₹320.00 for 100 plates' (with any discount after it). */
const boxRate = (page: Page) => oneLine(boxRateLine(page));
/** '₹3.20 per plate': the per-piece line just above the box rate. */
const piecePrice = (page: Page) => oneLine(boxRateLine(page).locator('xpath=preceding-sibling::p[1]'));

/** Presses the keys, then types the text, as a person does in the quantity box; the box then reads `reads`. */
async function keyIn(page: Page, keys: { press?: string[]; type?: string }, reads: string): Promise<void> {
  for (const key of keys.press ?? []) await page.keyboard.press(key);
  if (keys.type) await page.keyboard.type(keys.type);
  await poll(() => quantity(page).inputValue(), `the box reads '${reads}'`).toBe(reads);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** An option of a variation group (a radio whose name may end in a low-stock note). */
function option(page: Page, group: string, value: string) {
  return main(page)
    .getByRole('group', { name: group })
    .getByRole('radio', { name: new RegExp(`^${escape(value)}(\\s|$)`) });
}

/** Chooses an option the way a person does: the radio is visually hidden, its label is the target. */
async function choose(page: Page, group: string, value: string): Promise<void> {
  const radio = option(page, group, value);
  await radio.locator('xpath=..').click();
  await poll(() => radio.isChecked(), `${group} ${value} checked`).toBe(true);
}

async function optionValues(page: Page, group: string): Promise<string[]> {
  return main(page)
    .getByRole('group', { name: group })
    .getByRole('radio')
    .evaluateAll((radios) => radios.map((radio) => radio.nextSibling?.textContent?.trim() ?? ''));
}

describe.skipIf(!CHROMIUM)('product detail', () => {
  const browser = useBrowser();

  test('phone: a bar at the bottom shows the chosen size, the cartons and the line total, with Add to Cart', async () => {
    const product = productByName('Areca Leaf Round Plate'); // 10 inch is 950.00 a carton
    const { page } = await browser.open(VIEWPORTS.phone);
    await visit(page, `/products/${product.id}`);
    await choose(page, 'Size', '10 inch');
    await quantity(page).fill('3');
    await page.evaluate(() => window.scrollTo(0, 0));
    const bar = page.getByTestId('sticky-buy-bar');
    await expectVisible(bar);
    const text = await bar.textContent();
    expect(text).toContain('Size: 10 inch · 3 cartons');
    expect(text).toContain(rupees(3 * 950));
    const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/cart');
    await bar.getByRole('button', { includeHidden: true }).click();
    expect((await sent).postDataJSON()).toMatchObject({ productId: product.id, quantity: 3 });
    await poll(() => bar.textContent()).toContain('Added to Cart');
    // With the page's own buttons in view, the bar steps aside.
    await main(page).getByRole('button', { name: 'Added to Cart' }).scrollIntoViewIfNeeded();
    await expectHidden(bar);
  });

  describe.each(VIEWPORT_ENTRIES)('%s', (_name, viewport) => {
    test("the footer's Privacy Policy and Terms links can be clicked at the bottom of a product page", async () => {
      const product = productByName('Areca Leaf Round Plate');
      const { page } = await browser.open(viewport);
      await visit(page, `/products/${product.id}`);
      const bar = page.getByTestId('sticky-buy-bar');
      // Above the footer the phone's bar shows; with the footer in view it steps aside.
      await page.evaluate(() => window.scrollTo(0, document.querySelector('footer')!.offsetTop - window.innerHeight - 10));
      if (viewport.width < 1024) await expectVisible(bar);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expectHidden(bar);
      const footer = page.getByRole('contentinfo');
      for (const name of ['Privacy Policy', 'Terms of Service']) {
        const link = footer.getByRole('button', { name });
        // What a finger on the middle of the link touches is the link, not the bar.
        const touched = await link.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return element.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
        });
        expect(touched, name).toBe(true);
      }
      await footer.getByRole('button', { name: 'Privacy Policy' }).click({ timeout: 5000 });
      await poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    });

    test('the delivery charge and area, GST and the return promise are on the product page and at checkout', async () => {
      const { page } = await browser.open(viewport);
      await visit(page, productPath('Areca Leaf Round Plate'));
      const terms = main(page).getByRole('region', { name: 'Delivery and terms' });
      await expectVisible(terms.getByText('Delivery anywhere in Kerala for ₹50 an order', { exact: false }));
      await expectVisible(terms.getByText('Prices exclude GST', { exact: false }));
      await expectVisible(terms.getByText('Free returns within 7 days', { exact: false }));
      await choose(page, 'Size', '8 inch');
      await main(page).getByRole('button', { name: 'Submit Enquiry' }).click();
      await expectURL(page, '/checkout');
      await expectVisible(main(page).getByText('GST is not included here', { exact: false }));
      await expectVisible(main(page).getByRole('region', { name: 'Delivery and terms' }));
      await checkA11y(page);
    });

    test('the guest planner turns 300 guests into 4 cartons of 100 with a 10 % spare, and fills the quantity', async () => {
      const product = productByName('Areca Leaf Round Plate'); // 10 inch, 100 plates a carton
      const { page } = await browser.open(viewport);
      await visit(page, `/products/${product.id}`);
      await choose(page, 'Size', '10 inch');
      await main(page).getByText('Plan by number of guests').click();
      await main(page).getByLabel('Guests', { exact: true }).fill('300');
      await expectVisible(main(page).getByText('300 plates + 10% spare = 330: 4 cartons of 100 (400 plates).'));
      await main(page).getByRole('button', { name: 'Use 4 cartons' }).click();
      await poll(() => quantity(page).inputValue()).toBe('4');
      await checkA11y(page);
    });

    test('with two variation types, Select Options stays disabled until each type is chosen', async () => {
      const product = productByName('Bagasse Takeaway Container with Lid'); // Size and Model
      const { page } = await browser.open(viewport);
      await visit(page, `/products/${product.id}`);
      await expectVisible(page.getByRole('heading', { level: 1, name: product.name }));
      expect(
        await main(page)
          .getByRole('group')
          .evaluateAll((sets) => sets.map((set) => set.querySelector('legend')?.textContent)),
      ).toEqual(['Size', 'Model']);
      const select = main(page).getByRole('button', { name: 'Select Options' });
      expect(await select.isDisabled()).toBe(true);
      await expectCount(quantity(page), 0);
      expect(await boxRate(page)).toBe(`Box rate: ${rupees(product.price)} for 50 containers`);

      await choose(page, 'Size', '750 ml');
      expect(await select.isDisabled()).toBe(true);
      await expectCount(quantity(page), 0);
      await poll(() => boxRate(page)).toBe(`Box rate: ${rupees('440.00')} for 50 containers`);

      await choose(page, 'Model', 'Round');
      const add = main(page).getByRole('button', { name: 'Add to Cart' });
      await poll(() => add.isEnabled()).toBe(true);
      await expectCount(select, 0);
      expect(await quantity(page).inputValue()).toBe('1');
      // Bounded by the chosen options' stock: 750 ml has 240, Round 140.
      await quantity(page).fill('500');
      await poll(() => quantity(page).inputValue()).toBe('140');
      await expectVisible(maxNote(page));
      expect(await main(page).getByRole('button', { name: 'Increase quantity' }).isDisabled()).toBe(true);

      // Another option: the quantity goes back to 1 and the price follows the option.
      await choose(page, 'Size', '1000 ml');
      await poll(() => quantity(page).inputValue()).toBe('1');
      await expectHidden(maxNote(page));
      await poll(() => boxRate(page)).toBe(`Box rate: ${rupees('520.00')} for 50 containers`);
      await checkA11y(page);
    });

    test('quantity is bounded by the chosen variation’s stock and the price follows the variation', async () => {
      const product = productByName('Areca Leaf Round Plate'); // 12 inch has 3 in stock, 50 per carton
      const { page } = await browser.open(viewport);
      await visit(page, `/products/${product.id}`);
      expect(await optionValues(page, 'Size')).toEqual(['6 inch', '8 inch', '10 inch', '12 inch']);
      expect(await boxRate(page)).toBe(`Box rate: ${rupees('320.00')} for 100 plates`);
      expect(await piecePrice(page)).toBe(`${rupees('3.20')} per plate`);
      await expectVisible(option(page, 'Size', '12 inch').locator('xpath=..').getByText('Only 3 left'));

      await choose(page, 'Size', '8 inch');
      await poll(() => boxRate(page)).toBe(`Box rate: ${rupees('560.00')} for 100 plates`);
      expect(await piecePrice(page)).toBe(`${rupees('5.60')} per plate`);
      await quantity(page).fill('25');
      await poll(() => quantity(page).inputValue()).toBe('25');
      await expectHidden(maxNote(page));

      await choose(page, 'Size', '12 inch');
      await poll(() => quantity(page).inputValue()).toBe('1');
      await poll(() => boxRate(page)).toBe(`Box rate: ${rupees('690.00')} for 50 plates`);
      expect(await piecePrice(page)).toBe(`${rupees('13.80')} per plate`);
      const increase = main(page).getByRole('button', { name: 'Increase quantity' });
      await increase.click();
      await increase.click();
      await poll(() => quantity(page).inputValue()).toBe('3');
      await expectVisible(maxNote(page));
      expect(await increase.isDisabled()).toBe(true);
      await quantity(page).fill('10');
      await poll(() => quantity(page).inputValue()).toBe('3');
      expect(await main(page).getByRole('button', { name: 'Add to Cart' }).isEnabled()).toBe(true);
    });

    test('a quantity typed with the keyboard is the quantity added (Backspace then 3 is 3, not 13)', async () => {
      const product = productByName('Areca Leaf Round Plate'); // 10 inch is 950.00 a carton
      const { page } = await browser.open(viewport);
      await visit(page, `/products/${product.id}`);
      await choose(page, 'Size', '10 inch');
      await quantity(page).click();
      await keyIn(page, { press: ['End', 'Backspace'] }, ''); // the box can be emptied
      await keyIn(page, { type: '3' }, '3');
      await keyIn(page, { press: ['Backspace'], type: '25' }, '25');
      await keyIn(page, { press: ['Backspace', 'Backspace'], type: '3' }, '3');

      const added = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/cart');
      await main(page).getByRole('button', { name: 'Add to Cart' }).click();
      expect((await added).postDataJSON()).toMatchObject({ productId: product.id, quantity: 3 });
    });

    test('an emptied quantity box goes back to the quantity when left, and a typed 0 is not a quantity', async () => {
      const { page } = await browser.open(viewport);
      await visit(page, productPath('Areca Leaf Deep Round Plate 12 inch')); // no variations
      const box = quantity(page);
      await box.click();
      await keyIn(page, { press: ['End'], type: '2' }, '12');
      await keyIn(page, { press: ['Backspace', 'Backspace'] }, '');
      await keyIn(page, { press: ['Tab'] }, '1');
      await box.click();
      await keyIn(page, { press: ['End', 'Backspace'], type: '07' }, '7');
    });

    test('inactive variations are not offered and sold-out ones are disabled', async () => {
      const { page } = await browser.open(viewport);
      await visit(page, productPath('Bagasse Round Plate')); // 12 inch is inactive
      expect(await optionValues(page, 'Size')).toEqual(['7 inch', '9 inch', '10 inch']);
      await expectCount(option(page, 'Size', '12 inch'), 0);

      await visit(page, productPath('Areca Leaf Partition Plate 11 inch')); // 4 Compartment has no stock
      const soldOut = main(page).getByRole('radio', { name: '4 Compartment (out of stock)' });
      expect(await soldOut.isDisabled()).toBe(true);
      await soldOut.locator('xpath=..').click({ force: true });
      expect(await soldOut.isChecked()).toBe(false);
      expect(await main(page).getByRole('button', { name: 'Select Options' }).isDisabled()).toBe(true);
      await choose(page, 'Model', '3 Compartment');
      await poll(() => main(page).getByRole('button', { name: 'Add to Cart' }).isEnabled()).toBe(true);
      await checkA11y(page);
    });

    test('without variations the quantity goes up to 999, and the discount is shown', async () => {
      const product = productByName('Areca Leaf Deep Round Plate 12 inch'); // 690.00, was 760.00
      const { page } = await browser.open(viewport);
      await visit(page, `/products/${product.id}`);
      await expectCount(main(page).getByRole('radio'), 0);
      const add = main(page).getByRole('button', { name: 'Add to Cart' });
      expect(await add.isEnabled()).toBe(true);
      expect(await quantity(page).inputValue()).toBe('1');
      await quantity(page).fill('998');
      await poll(() => quantity(page).inputValue()).toBe('998');
      await expectHidden(maxNote(page));
      await main(page).getByRole('button', { name: 'Increase quantity' }).click();
      await poll(() => quantity(page).inputValue()).toBe('999');
      await expectVisible(maxNote(page));
      await quantity(page).fill('5000');
      await poll(() => quantity(page).inputValue()).toBe('999');
      // (760 - 690) / 760 = 9.2 %
      expect(await boxRate(page)).toBe(`Box rate: ${rupees('690.00')} for 50 plates was ${rupees('760.00')} 9% off`);
      await checkA11y(page);
    });

    test('the discount follows the chosen variation and is absent without an original price', async () => {
      const { page } = await browser.open(viewport);
      await visit(page, productPath('Areca Leaf Square Plate')); // 380 was 420; 8 inch 640 was 700; 10 inch none
      expect(await boxRate(page)).toContain('10% off');
      await choose(page, 'Size', '8 inch');
      await poll(() => boxRate(page)).toBe(`Box rate: ${rupees('640.00')} for 100 plates was ${rupees('700.00')} 9% off`);
      await choose(page, 'Size', '10 inch');
      await poll(() => boxRate(page)).toBe(`Box rate: ${rupees('1050.00')} for 100 plates`);

      await visit(page, productPath('Areca Leaf Rectangular Snack Plate 5 x 8 inch')); // no original price
      expect(await boxRate(page)).toBe(`Box rate: ${rupees('480.00')} for 100 plates`);
      await expectCount(main(page).getByText(/% off/), 0);
    });

    test("an out-of-stock product's card offers 'Ask about availability' too", async () => {
      const product = productByName('Birch Wooden Knife 165 mm'); // out of stock
      const { page } = await browser.open(viewport);
      await visit(page, `/products?category=${product.category}`);
      const card = main(page)
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: product.name, exact: true }) });
      await card.getByRole('link', { name: 'Ask about availability' }).click();
      await expectURL(page, `/contact?${new URLSearchParams({ about: product.name })}`);
      await poll(() => main(page).getByLabel('Message', { exact: true }).inputValue()).toContain(
        `Is ${product.name} available again?`,
      );
    });

    test('an out-of-stock product cannot be added', async () => {
      const product = productByName('Birch Wooden Knife 165 mm'); // out of stock
      expect(product.inStock).toBe(false);
      const { page } = await browser.open(viewport);
      await visit(page, `/products/${product.id}`);
      await expectVisible(main(page).getByText('Out of Stock', { exact: true }).first());
      expect(await main(page).getByRole('button', { name: 'Out of Stock' }).isDisabled()).toBe(true);
      await expectCount(quantity(page), 0);

      // A sold-out line is still a lead: the contact form starts as a question about it.
      await main(page).getByRole('link', { name: 'Ask about availability' }).click();
      await expectURL(page, `/contact?${new URLSearchParams({ about: product.name })}`);
      const message = main(page).getByLabel('Message', { exact: true });
      await poll(() => message.inputValue()).toContain(`Is ${product.name} available again?`);
      expect(await main(page).getByLabel('Inquiry type', { exact: true }).inputValue()).toBe('product-info');
    });

    test('the specifications table and the tags', async () => {
      const product = productByName('Areca Leaf Deep Round Plate 12 inch');
      const { page } = await browser.open(viewport);
      await visit(page, `/products/${product.id}`);
      const specs = main(page).getByRole('region', { name: 'Specifications' });
      const rows = await specs
        .getByRole('row')
        .evaluateAll((trs) =>
          trs.map((tr) => [tr.querySelector('th')?.textContent?.trim() ?? '', tr.querySelector('td')?.textContent?.trim() ?? '']),
        );
      expect(rows).toEqual(Object.entries(product.specifications));
      expect(await specs.getByRole('rowheader').count()).toBe(rows.length);
      const tags = specs.getByRole('link');
      expect(await tags.allTextContents()).toEqual(product.tags);
      const deep = specs.getByRole('link', { name: 'deep', exact: true });
      expect(await deep.getAttribute('href')).toBe('/products?search=deep');
      await deep.click();
      await expectURL(page, '/products?search=deep');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Search Results for “deep”' }));
    });

    test('Back to Products goes to /products', async () => {
      const { page } = await browser.open(viewport);
      await visit(page, productPath('Areca Leaf Deep Round Plate 12 inch'));
      await main(page).getByRole('link', { name: 'Back to Products' }).click();
      await expectProductsPage(page);
    });

    test('a broken main image is replaced by the placeholder (direct load)', async () => {
      const product = productByName('Areca Leaf Deep Round Plate 12 inch');
      const image = `/images/products/${product.images[0]?.file}.svg`;
      const { page } = await browser.open(viewport, {
        allowRequest: (url) => new URL(url).pathname === image,
        allowConsole: [
          /^Failed to load resource: net::ERR_FAILED \(at .*\/images\/products\/areca-deep-round-plate-12in\.svg\)$/,
        ],
      });
      await page.route(
        (url) => url.pathname === image,
        (route) => route.abort('failed'),
      );
      await visit(page, `/products/${product.id}`);
      const mainImage = main(page).getByRole('img', { name: `${product.name}, image 1 of 1` });
      // The swap is immediate when it works: a short wait keeps the failing case cheap.
      await expect.poll(() => mainImage.getAttribute('src'), { timeout: 4_000, message: 'main image src' }).toBe(PLACEHOLDER);
    });

    test('a broken main image is replaced by the placeholder (client-side navigation)', async () => {
      const product = productByName('Areca Leaf Deep Round Plate 12 inch');
      const missing = '/images/products/e2e-missing-image.svg';
      const { page } = await browser.open(viewport, {
        allowRequest: (url, status) => new URL(url).pathname === missing && status === 404,
        allowConsole: [
          /^Failed to load resource: the server responded with a status of 404 \(Not Found\) \(at .*\/e2e-missing-image\.svg\)$/,
        ],
      });
      await visit(page, '/products?category=plates');
      // The product's data names an image the server does not have.
      await page.route(
        (url) => url.pathname === `/api/products/${product.id}`,
        async (route) => {
          const response = await route.fetch();
          const body = (await response.json()) as { imageUrl: string; imageUrls: string[] };
          await route.fulfill({ response, json: { ...body, imageUrl: missing, imageUrls: [missing] } });
        },
      );
      await main(page).getByRole('link', { name: product.name, exact: true }).click();
      await expectURL(page, `/products/${product.id}`);
      const mainImage = main(page).getByRole('img', { name: `${product.name}, image 1 of 1` });
      await poll(() => mainImage.getAttribute('src'), 'main image src').toBe(PLACEHOLDER);
    });

    test.each(['/products/99999', '/products/abc'])('%s shows Product not found with HTTP 404', async (path) => {
      const { page } = await browser.open(viewport, {
        allowRequest: (url, status) => new URL(url).pathname === path && status === 404,
        allowConsole: [
          new RegExp(
            `^Failed to load resource: the server responded with a status of 404 \\(Not Found\\) \\(at .*${escape(path)}\\)$`,
          ),
        ],
      });
      const response = await visit(page, path);
      expect(response?.status()).toBe(404);
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Product not found' }));
      // The same screen for both addresses: axe once.
      if (path === '/products/99999') await checkA11y(page);
      await main(page).getByRole('link', { name: 'Back to Products' }).click();
      await expectProductsPage(page);
    });
  });
});
