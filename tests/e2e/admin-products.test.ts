// The admin's products (the Products page, the product dialog, its form's rules and its toasts) in a
// real browser at both sizes: the stat cards and filters; adding a product with two variations (one half filled in
// first, one whose stock is not counted) and a photo uploaded from the device (previews, 'Processing the photo…',
// then AVIF/WebP on the storefront through <picture> and srcset); the form's refusals at their fields with the focus
// there; the new product first in the list; an edit whose new price the storefront shows at once; the stock toggle;
// delete after its confirmation; a photo's address on the shop's own machine refused; axe and 44 px targets on
// the screen and in the dialog.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect, test } from 'vitest';

import type { AdminProductPage } from '#domains/catalogue/product-admin-schema.ts';

import { expectPhoneFriendly, signInAsAdmin, toast } from './support/admin.ts';
import { CATALOGUE_EDITS_URL, checkA11y, describeAtViewports, visit } from './support/browser.ts';
import { expectHidden, expectVisible, isFocused, poll } from './support/expect.ts';

// On a server of their own: the products they add would be too many for the tests that count the demo catalogue.
const ON_OWN_SERVER = { baseURL: CATALOGUE_EDITS_URL };

/** A phone photo of a plate: 2000 × 1500 JPEG. */
function photo(): Promise<Buffer> {
  const art =
    '<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="1500"><rect width="2000" height="1500" fill="#6f8f4a"/>' +
    '<circle cx="1000" cy="750" r="600" fill="#d9b27c"/></svg>';
  return sharp(Buffer.from(art)).jpeg({ quality: 85 }).toBuffer();
}

/** The radio is visually hidden; its label is what a person taps. */
const chooseSize = (page: Page, value: string) =>
  page
    .getByRole('main')
    .getByRole('radio', { name: new RegExp(`^${value}`) })
    .locator('xpath=..')
    .click();

async function productIdOf(page: Page, name: string): Promise<number> {
  const answer = await page.context().request.get(`/api/admin/products?q=${encodeURIComponent(name)}`);
  const body = (await answer.json()) as AdminProductPage;
  const found = body.items.filter((product) => product.name === name);
  if (found.length !== 1 || !found[0]) throw new Error(`${name} is in the admin list ${found.length} times, not once`);
  return found[0].id;
}

describeAtViewports('admin products', (browser, viewportName, viewport) => {
  test('add with two variations and a photo, see it on the storefront, edit its price, toggle stock, delete', async () => {
    const { page } = await browser.open(viewport, ON_OWN_SERVER);
    const name = `Areca Test Plate ${viewportName} ${Date.now().toString(36)}`;
    await signInAsAdmin(page, '/admin/products');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Products' }));
    for (const card of ['Total Products', 'In Stock', 'Out of Stock', 'Featured']) {
      await expectVisible(page.getByRole('list', { name: 'Catalogue at a glance' }).getByText(card, { exact: true }));
    }
    await page.getByRole('button', { name: 'Cutlery', exact: true }).click();
    await poll(async () =>
      (await page.getByTestId('product-row').allTextContents()).every((text) => text.includes('Cutlery')),
    ).toBe(true);
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await checkA11y(page);
    if (viewportName === 'phone') await expectPhoneFriendly(page);

    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Product' });
    await expectVisible(dialog);
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel('Description').fill('Round areca plate, pressed from fallen sheaths, for a full meal.');
    await dialog.getByLabel('Price per carton (₹)').fill('1000');
    await dialog.getByLabel('Category').selectOption('plates');
    await dialog.getByLabel('Units per carton').fill('100');
    await dialog.getByLabel('Unit type').selectOption('plates');

    // The form's own refusals, before anything is sent.
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await expectVisible(toast(page, 'Image required'));
    // Said inside the dialog too: outside a modal dialog the toast is out of a screen reader's reach.
    await expectVisible(dialog.getByRole('alert').filter({ hasText: 'Image required' }));
    await poll(() => isFocused(dialog.getByLabel('Upload images'))).toBe(true);

    await dialog.getByLabel('Upload images').setInputFiles({ name: 'plate.jpg', mimeType: 'image/jpeg', buffer: await photo() });
    await expectVisible(toast(page, 'High-quality images uploaded successfully!'));
    await expectVisible(dialog.getByText('Primary'));

    await dialog
      .getByLabel('Upload images')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await expectVisible(toast(page, 'Invalid file type'));
    await expectVisible(dialog.getByRole('status').filter({ hasText: 'Invalid file type: notes.txt is not an image.' }));

    await dialog.getByRole('switch', { name: 'Has variations' }).check();
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await expectVisible(
      dialog.getByRole('alert').filter({ hasText: 'Please add at least one variation or disable variations.' }),
    );
    await poll(() => isFocused(dialog.getByRole('switch', { name: 'Has variations' }))).toBe(true);

    await dialog.getByLabel('Variation 1 name').fill('Size');
    await dialog.getByLabel('Variation 1 value').fill('10 inch');
    await dialog.getByLabel('Variation 1 stock').fill('20');
    await dialog.getByRole('button', { name: 'Add Variation' }).click();
    // A half-filled row is said, at its row, not dropped.
    await dialog.getByLabel('Variation 2 value').fill('12 inch');
    await dialog.getByLabel('Variation 2 price adjustment (₹)').fill('150');
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    const rows = dialog.getByTestId('variation-row');
    await expectVisible(rows.nth(1).getByRole('alert').filter({ hasText: 'All variations must have a name and value.' }));
    await poll(() => isFocused(dialog.getByLabel('Variation 2 name'))).toBe(true);
    expect(await dialog.getByLabel('Variation 2 name').getAttribute('aria-invalid')).toBe('true');
    // Typed with the keyboard; its stock left blank: not counted, so it can be enquired on.
    await page.keyboard.type('Size');
    await expectHidden(rows.nth(1).getByRole('alert'));
    await checkA11y(page);
    if (viewportName === 'phone') await expectPhoneFriendly(page);
    // A double click sends the form once (it made the product twice).
    const creates: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/admin/products') creates.push(request.url());
    });
    await dialog.getByRole('button', { name: 'Add Product' }).dblclick();
    await expectVisible(toast(page, 'Product created'));
    expect(creates).toHaveLength(1);
    await expectHidden(dialog);

    // Not lost on a later page: first in the list, its Edit button focused, the stock of each size shown.
    const first = page.getByTestId('product-row').first();
    await expectVisible(first.getByText(name));
    await poll(() => isFocused(first.getByRole('button', { name: `Edit ${name}` }))).toBe(true);
    await expectVisible(first.getByText('10 inch: 20'));
    await expectVisible(first.getByText('12 inch: not counted'));

    // On the storefront at once, its photo as AVIF and WebP at each width.
    const id = await productIdOf(page, name);
    const shop = await browser.open(viewport, ON_OWN_SERVER);
    await visit(shop.page, `/products/${id}`);
    await expectVisible(shop.page.getByRole('heading', { level: 1, name }));
    const picture = shop.page.locator('main picture').first();
    expect(await picture.locator('source[type="image/avif"]').getAttribute('srcset')).toMatch(
      /\/media\/[0-9a-f]{20}-320\.avif 320w/,
    );
    expect(await picture.locator('img').getAttribute('srcset')).toMatch(/-1280\.webp 1280w$/);
    await poll(() => picture.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await picture.locator('img').evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.avif$/);
    await chooseSize(shop.page, '12 inch');
    await expectVisible(shop.page.getByText('₹1,150.00').first());

    // Edit: the new price is on the storefront at once.
    await page.getByRole('searchbox').fill(name);
    await page.getByRole('searchbox').press('Enter');
    const row = page.getByTestId('product-row').filter({ hasText: name });
    await expectVisible(row);
    await expectVisible(row.getByText('₹1,000.00 / carton'));
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const editing = page.getByRole('dialog', { name: 'Edit Product' });
    await expectVisible(editing.getByLabel('Variation 2 value'));
    expect(await editing.getByLabel('Variation 2 price adjustment (₹)').inputValue()).toBe('150.00');
    await editing.getByLabel('Price per carton (₹)').fill('1200');
    await editing.getByRole('button', { name: 'Save Changes' }).click();
    await expectVisible(toast(page, 'Product updated'));
    await expectVisible(row.getByText('₹1,200.00 / carton'));
    await poll(() => isFocused(row.getByRole('button', { name: `Edit ${name}` }))).toBe(true);
    await visit(shop.page, `/products/${id}`);
    await chooseSize(shop.page, '12 inch');
    await expectVisible(shop.page.getByText('₹1,350.00').first());

    // Stock toggle, then delete after the confirmation.
    await row.getByRole('button', { name: `Mark out of stock: ${name}` }).click();
    await expectVisible(row.getByText('Out of Stock', { exact: true }));
    await visit(shop.page, `/products/${id}`);
    await expectVisible(shop.page.getByText(/out of stock/i).first());

    const messages: string[] = [];
    page.once('dialog', (confirm) => {
      messages.push(confirm.message());
      void confirm.dismiss();
    });
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await poll(() => messages.length).toBe(1);
    expect(messages[0]).toBe('Are you sure you want to delete this product?');
    await expectVisible(row);
    page.once('dialog', (confirm) => void confirm.accept());
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await expectHidden(row);
    expect((await shop.context.request.get(`/products/${id}`)).status()).toBe(404);
  });

  test("an upload says 'Processing the photo…' once its bytes are sent; a photo's address on this machine is refused", async () => {
    const refusal = (url: string) => url.endsWith('/api/admin/fetch-image');
    const { page } = await browser.open(viewport, {
      ...ON_OWN_SERVER,
      allowRequest: (url, status) => refusal(url) && status === 400,
      allowConsole: [/status of 400 .*\/api\/admin\/fetch-image/],
    });
    await signInAsAdmin(page, '/admin/products');
    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Product' });
    await expectVisible(dialog);

    // What the progress bar's label says, each time it changes.
    await page.evaluate(() => {
      const said: string[] = [];
      Object.assign(window, { progressLabels: said });
      new MutationObserver(() => {
        const label = document.querySelector('dialog [role="status"] label')?.textContent;
        if (label && said.at(-1) !== label) said.push(label);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    // A phone photo's grain: the server takes a moment to make its files.
    const grainy = await sharp({
      create: {
        width: 2400,
        height: 1800,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 10 },
      },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    await dialog.getByLabel('Upload images').setInputFiles({ name: 'IMG_2044.jpg', mimeType: 'image/jpeg', buffer: grainy });
    await expectVisible(toast(page, 'High-quality images uploaded successfully!'));
    expect(await page.evaluate(() => (window as unknown as { progressLabels: string[] }).progressLabels)).toEqual([
      'Uploading…',
      'Processing the photo…',
    ]);

    // The server fetches a photo's address itself, and never from its own machine (the shop runs in production here).
    const address = dialog.getByLabel('Or a photo’s address on another website');
    await address.fill('http://127.0.0.1/plate.jpg');
    await address.press('Enter');
    await expectVisible(dialog.getByRole('alert').filter({ hasText: 'That address is not on the public internet' }));
    await poll(() => isFocused(address)).toBe(true);
    await checkA11y(page);
    if (viewportName === 'phone') await expectPhoneFriendly(page);
  });
});
