// The enquiry cart: product card add and direct enquiry, the options
// dialog in cart and enquiry modes, the Enquiry Cart side panel, optimistic quantity updates with
// rollback, one toast at a time, the detail page's add and enquire, and the carried variation.
// Products are chosen from what the API serves; each test has its own context, so its own cart.
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';

import { formatCartons } from '#lib/money.ts';

import { checkA11y, describeAtViewports, scrollY, visit, waitForHydration } from './support/browser.ts';
import { expectProductsPage, parseRupees, rupees } from './support/catalogue.ts';
import {
  allowFailure,
  cartonPrice,
  cartPanel,
  chooseOption,
  expectCartCount,
  expectQuantity,
  expectToast,
  firstActive,
  holdApi,
  inStockOptions,
  main,
  openCartPanel,
  openProductsByLink,
  openWithCart,
  optionRadio,
  optionsDialog,
  optionText,
  pageCart,
  panelLine,
  productCard,
  sessionValue,
  summary,
  summaryLine,
  testProducts,
  textOf,
  toasts,
  typesOf,
  unitsText,
  visitCard,
} from './support/enquiry.ts';
import { expectCount, expectHidden, expectURL, expectVisible, isFocused, poll } from './support/expect.ts';

const DIRECT_ENQUIRY_KEY = 'direct-enquiry';
const CARRIED_VARIATION_KEY = 'carried-variation';

const isCartLine = (pathname: string) => pathname.startsWith('/api/cart/');
const isCartAdd = (pathname: string) => pathname === '/api/cart';

/** Records every sessionStorage write (key and value) in the page, across client-side navigations. */
async function recordStorageWrites(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const writes: Array<[string, string]> = [];
    (window as unknown as { __storageWrites: typeof writes }).__storageWrites = writes;
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      if (this === window.sessionStorage) writes.push([key, value]);
      return setItem.call(this, key, value);
    };
  });
}

function storageWrites(page: Page, key: string): Promise<unknown[]> {
  return page.evaluate(
    (name) =>
      (window as unknown as { __storageWrites: Array<[string, string]> }).__storageWrites
        .filter(([k]) => k === name)
        .map(([, v]) => JSON.parse(v) as unknown),
    key,
  );
}

/** The panel's total ('₹1,04,670.00'). */
async function panelTotal(page: Page): Promise<string> {
  return (await textOf(cartPanel(page).locator('p', { hasText: /^Total/ }))).replace(/^Total\s*/, '');
}

describeAtViewports('enquiry cart', (browser, _name, viewport) => {
  test('a card with variations adds its first active option: Adding..., then Added to Cart (disabled), badge 1', async () => {
    const { oneType: product } = await testProducts();
    const option = firstActive(product);
    const { page } = await browser.open(viewport);
    const card = await visitCard(page, product);
    await expectCartCount(page, 0);

    const post = await holdApi(page, isCartAdd, { method: 'POST' });
    await card.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    const request = await post.reached;
    expect(request.postDataJSON()).toEqual({ productId: product.id, variationId: option.id, quantity: 1 });
    const adding = card.getByRole('button', { name: 'Adding...' });
    await expectVisible(adding);
    expect(await adding.isDisabled()).toBe(true);
    post.release();

    const added = card.getByRole('button', { name: 'Added to Cart' });
    await expectVisible(added);
    expect(await added.isDisabled()).toBe(true);
    await expectCartCount(page, 1);
    // No options dialog: the card chose for itself.
    await expectCount(optionsDialog(page), 0);
    const items = await pageCart(page);
    expect(items.map((i) => [i.productId, i.variationId, i.quantity])).toEqual([[product.id, option.id, 1]]);
  });

  test('Submit Enquiry on a card without variations goes to /checkout with that one item; the cart is untouched', async () => {
    const { plain: product, otherPlain } = await testProducts();
    const { page } = await openWithCart(browser, viewport, [{ productId: otherPlain.id, quantity: 2 }]);
    await recordStorageWrites(page);
    const card = await visitCard(page, product);
    await expectCartCount(page, 1);

    await card.getByRole('button', { name: 'Submit Enquiry' }).click();
    await expectURL(page, '/checkout');
    await expectVisible(summaryLine(page, product.name));
    await expectCount(summary(page).getByRole('listitem'), 1);
    const line = summaryLine(page, product.name);
    expect(await textOf(line)).toContain(`1 carton × ${unitsText(product)}`);
    expect(await textOf(line)).toContain(`${rupees(product.price)} per carton`);
    expect(await scrollY(page)).toBe(0);

    // The direct enquiry item went through session storage and was taken from it.
    const written = await storageWrites(page, DIRECT_ENQUIRY_KEY);
    expect(written).toEqual([
      [
        expect.objectContaining({
          productId: product.id,
          productName: product.name,
          quantity: 1,
          price: product.price,
          variationId: null,
          unitsPerCarton: product.unitsPerCarton,
          unitType: product.unitType,
          pricePerUnit: (Math.round((Number(product.price) * 100) / product.unitsPerCarton) / 100).toFixed(2),
        }),
      ],
    ]);
    expect(await sessionValue(page, DIRECT_ENQUIRY_KEY)).toBeNull();

    // The cart still holds only what it held.
    await expectCartCount(page, 1);
    const items = await pageCart(page);
    expect(items.map((i) => [i.productId, i.variationId, i.quantity])).toEqual([[otherPlain.id, null, 2]]);
  });

  test('a direct enquiry is named above the form and is still there after leaving checkout; the cart panel leads to the cart', async () => {
    const { plain, otherPlain } = await testProducts();
    const { page } = await openWithCart(browser, viewport, [{ productId: otherPlain.id, quantity: 2 }]);
    const card = await visitCard(page, plain);
    await card.getByRole('button', { name: 'Submit Enquiry' }).click();
    await expectURL(page, '/checkout');
    if ('isMobile' in viewport) {
      const top = page.getByTestId('enquiry-at-top');
      await expectVisible(top.getByText(`1 carton ${plain.name}`, { exact: false }));
      expect(await textOf(top)).toContain('not in your enquiry cart');
      const box = await top.boundingBox();
      expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
    }

    // Away and back: the direct enquiry is kept (not the cart's line).
    await visit(page, '/about');
    await visit(page, '/checkout');
    await expectVisible(summaryLine(page, plain.name));
    await expectCount(summary(page).getByTestId('enquiry-line'), 1);

    // The cart panel's Submit Enquiry means the cart.
    const panel = await openCartPanel(page);
    await panel.getByRole('button', { name: 'Submit Enquiry' }).click();
    await expectVisible(summaryLine(page, otherPlain.name));
    await expectCount(summary(page).getByTestId('enquiry-line'), 1);
  });

  test('Add to Cart before a card knows its options opens the options dialog (cart mode)', async () => {
    const { twoTypes: product } = await testProducts();
    const { page } = await browser.open(viewport);
    // The card's options are slow to come: until they do, it cannot choose one itself.
    const options = await holdApi(page, (p) => p === `/api/products/${product.id}/variations`);
    await openProductsByLink(page);
    const card = productCard(page, product.name);
    await options.reached;
    await card.getByRole('button', { name: 'Add to Cart', exact: true }).click();

    const dialog = optionsDialog(page);
    await expectVisible(dialog);
    await expectVisible(dialog.getByText(product.name, { exact: true }));
    await expectVisible(dialog.getByRole('status').getByText('Loading options...'));
    expect(await dialog.getByRole('button', { name: 'Add to Cart' }).isDisabled()).toBe(true);
    options.release();

    // One selector per variation type, no quantity until every type is chosen.
    const types = typesOf(product);
    const legends = types.map((type) => product.variations.find((v) => v.type === type)?.name ?? type);
    await expectCount(dialog.getByRole('group'), types.length);
    expect(
      await dialog.getByRole('group').evaluateAll((sets) => sets.map((s) => s.querySelector('legend')?.textContent)),
    ).toEqual(legends);
    const quantity = dialog.getByRole('spinbutton', { name: 'Quantity (cartons)' });
    await expectCount(quantity, 0);
    const confirm = dialog.getByRole('button', { name: 'Add to Cart' });
    await confirm.click();
    await expectToast(
      page,
      'Please select all options',
      'Please select all product options before adding to cart.',
      'destructive',
    );
    await expectVisible(dialog);

    // The last option of each type (in stock): the quantity is bounded by the smaller stock.
    const chosen = types.map((type) =>
      inStockOptions(product)
        .filter((v) => v.type === type)
        .at(-1)!,
    );
    await chooseOption(dialog, legends[0]!, chosen[0]!.value);
    await expectCount(quantity, 0);
    await chooseOption(dialog, legends[1]!, chosen[1]!.value);
    await poll(() => quantity.inputValue()).toBe('1');
    const priced = chosen.find((v) => v.price != null && v.price !== '') ?? chosen[0]!;
    await expectVisible(dialog.getByText(`${rupees(cartonPrice(product, priced))} per carton`, { exact: true }));
    const max = Math.min(999, ...chosen.map((v) => v.stockQuantity ?? 999));
    await quantity.fill('9999');
    await poll(() => quantity.inputValue()).toBe(String(max));
    await expectVisible(dialog.getByText(`Maximum available quantity: ${formatCartons(max)}`, { exact: true }));
    expect(await dialog.getByRole('button', { name: 'Increase quantity' }).isDisabled()).toBe(true);
    await quantity.fill('2');
    await poll(() => quantity.inputValue()).toBe('2');
    await expectHidden(dialog.getByText(/^Maximum available quantity/));

    // At most 90 % of the viewport high.
    const box = await dialog.boundingBox();
    expect(box?.height ?? Infinity).toBeLessThanOrEqual(viewport.height * 0.9 + 1);

    await confirm.click();
    await expectHidden(dialog);
    await expectCartCount(page, 1);
    const items = await pageCart(page);
    expect(items.map((i) => [i.productId, i.variationId, i.quantity])).toEqual([[product.id, priced.id, 2]]);
  });

  test('Submit Enquiry before a card knows its options opens the dialog (enquiry mode): sold-out options are disabled', async () => {
    const { soldOutOption: product } = await testProducts();
    const type = typesOf(product)[0]!;
    const legend = product.variations[0]!.name;
    const soldOut = product.variations.find((v) => v.isActive && v.stockQuantity === 0)!;
    const option = inStockOptions(product)[0]!;
    const { page } = await browser.open(viewport);
    const options = await holdApi(page, (p) => p === `/api/products/${product.id}/variations`);
    await openProductsByLink(page);
    await options.reached;
    const card = productCard(page, product.name);
    await card.getByRole('button', { name: 'Submit Enquiry' }).click();

    const dialog = optionsDialog(page);
    await expectVisible(dialog.getByText('Loading options...'));
    const confirm = dialog.getByRole('button', { name: 'Submit Enquiry' });
    expect(await confirm.isDisabled()).toBe(true);
    options.release();
    await expectVisible(dialog.getByRole('group', { name: legend }));
    expect(type).toBe(soldOut.type);
    const soldOutRadio = dialog.getByRole('radio', { name: `${soldOut.value} (out of stock)` });
    expect(await soldOutRadio.isDisabled()).toBe(true);
    await confirm.click();
    await expectToast(
      page,
      'Please select all options',
      'Please select all product options before submitting enquiry.',
      'destructive',
    );

    await chooseOption(dialog, legend, option.value);
    await dialog.getByRole('button', { name: 'Increase quantity' }).click();
    await dialog.getByRole('button', { name: 'Increase quantity' }).click();
    await poll(() => dialog.getByRole('spinbutton', { name: 'Quantity (cartons)' }).inputValue()).toBe('3');
    await confirm.click();

    await expectURL(page, '/checkout');
    const line = summaryLine(page, product.name);
    await expectVisible(line);
    expect(await textOf(line)).toContain(optionText(option));
    expect(await textOf(line)).toContain(`3 cartons × ${unitsText(product, option)}`);
    expect(await sessionValue(page, DIRECT_ENQUIRY_KEY)).toBeNull();
    // A direct enquiry leaves the cart alone.
    await expectCartCount(page, 0);
    expect(await pageCart(page)).toEqual([]);
  });

  test('the Enquiry Cart panel: lines, quantities, remove, total, Submit Enquiry and Continue Shopping', async () => {
    const { plain, otherPlain, oneType } = await testProducts();
    const option = inStockOptions(oneType)
      .filter((v) => (v.stockQuantity ?? 999) >= 2)
      .at(-1)!;
    // Enough cartons of the first line for a total above one lakh (Indian digit grouping).
    const many = Math.min(999, Math.ceil(100_000 / Number(plain.price)));
    const { page } = await openWithCart(browser, viewport, [
      { productId: plain.id, quantity: many },
      { productId: oneType.id, variationId: option.id, quantity: 1 },
      { productId: otherPlain.id, quantity: 1 },
    ]);
    await visit(page, '/about');
    await expectCartCount(page, 3);
    const panel = await openCartPanel(page);
    await expectVisible(panel.getByRole('heading', { name: 'Enquiry Cart 3' }));
    await expectCount(panel.getByRole('listitem'), 3);

    const first = panelLine(panel, plain.name);
    expect(await textOf(first)).toContain(`${rupees(plain.price)} per carton`);
    expect(await textOf(first)).toContain(`${unitsText(plain)} per carton`);
    await expectQuantity(first, many);
    const varied = panelLine(panel, oneType.name);
    await expectVisible(varied.getByText(optionText(option), { exact: true }));
    await expectVisible(varied.getByText(`${rupees(cartonPrice(oneType, option))} per carton`, { exact: true }));
    await expectVisible(varied.getByText(`${unitsText(oneType, option)} per carton`, { exact: true }));
    const images = await panel.locator('li img').all();
    expect(images.length, 'every cart line shows an image').toBeGreaterThan(0);
    for (const img of images) expect(await img.getAttribute('src')).toBeTruthy();

    const lines = (variedQuantity: number, withOther = true) => [
      { price: plain.price, quantity: many },
      { price: cartonPrice(oneType, option), quantity: variedQuantity },
      ...(withOther ? [{ price: otherPlain.price, quantity: 1 }] : []),
    ];
    const expected = (variedQuantity: number, withOther = true) =>
      rupees(lines(variedQuantity, withOther).reduce((sum, l) => sum + Number(l.price) * l.quantity, 0));
    await poll(() => panelTotal(page)).toBe(expected(1));
    expect(await panelTotal(page)).toMatch(/^₹\d{1,2}(,\d{2})*,\d{3}\.\d{2}$/);
    expect(parseRupees(await panelTotal(page))).toBeGreaterThanOrEqual(100_000);
    await checkA11y(page);

    // Plus, then minus twice: at 1 the minus removes the line (floored at 0).
    await varied.getByRole('button', { name: `Increase quantity of ${oneType.name}` }).click();
    await expectQuantity(varied, 2);
    await poll(() => panelTotal(page)).toBe(expected(2));
    await varied.getByRole('button', { name: `Decrease quantity of ${oneType.name}` }).click();
    await expectQuantity(varied, 1);
    // The PUT of the minus at 1 (an earlier PUT of this line may still be on its way when the wait starts).
    const zero = page.waitForRequest(
      (r) =>
        r.method() === 'PUT' &&
        r.url().endsWith(`/api/cart/${oneType.id}/${option.id}`) &&
        (r.postDataJSON() as { quantity: number }).quantity === 0,
    );
    await varied.getByRole('button', { name: `Decrease quantity of ${oneType.name}` }).click();
    expect((await zero).postDataJSON()).toEqual({ quantity: 0 });
    await expectCount(panel.getByRole('listitem'), 2);
    await expectVisible(panel.getByRole('heading', { name: 'Enquiry Cart 2' }));
    await expectCartCount(page, 2);
    await poll(() => panelTotal(page)).toBe(expected(0));

    // Remove.
    await panelLine(panel, otherPlain.name)
      .getByRole('button', { name: `Remove ${otherPlain.name}` })
      .click();
    await expectCount(panel.getByRole('listitem'), 1);
    await expectCartCount(page, 1);
    await poll(() => panelTotal(page)).toBe(expected(0, false));
    expect((await pageCart(page)).map((i) => [i.productId, i.quantity])).toEqual([[plain.id, many]]);

    // Submit Enquiry goes to /checkout and closes the panel.
    await panel.getByRole('button', { name: 'Submit Enquiry' }).click();
    await expectURL(page, '/checkout');
    await expectHidden(panel);
    await expectVisible(summaryLine(page, plain.name));

    // Continue Shopping closes it and goes to /products.
    await openCartPanel(page);
    await panel.getByRole('link', { name: 'Continue Shopping' }).click();
    await expectProductsPage(page);
    await expectHidden(panel);
  });

  test('the panel takes a typed quantity, and a removed line can be brought back with Undo, which holds the focus', async () => {
    const { plain, otherPlain } = await testProducts();
    const { page } = await openWithCart(browser, viewport, [
      { productId: plain.id, quantity: 1 },
      { productId: otherPlain.id, quantity: 3 },
    ]);
    await visit(page, '/about');
    const panel = await openCartPanel(page);
    const line = panelLine(panel, plain.name);

    // 1 to 40 in one go, not 39 taps: sent once, when Enter is pressed.
    const box = line.getByRole('spinbutton', { name: `Cartons of ${plain.name}` });
    const put = page.waitForRequest((r) => r.method() === 'PUT' && new URL(r.url()).pathname === `/api/cart/${plain.id}`);
    await box.fill('40');
    await box.press('Enter');
    expect((await put).postDataJSON()).toEqual({ quantity: 40 });
    await poll(async () => (await pageCart(page)).find((i) => i.productId === plain.id)?.quantity).toBe(40);
    await poll(() => panelTotal(page)).toBe(rupees(Number(plain.price) * 40 + Number(otherPlain.price) * 3));

    // The guest planner in the line: 250 guests, one each, 10 % spare.
    const cartons = Math.ceil(275 / plain.unitsPerCarton);
    await line.getByText('Plan by number of guests').click();
    await line.getByLabel('Guests', { exact: true }).fill('250');
    const planned = page.waitForRequest((r) => r.method() === 'PUT' && new URL(r.url()).pathname === `/api/cart/${plain.id}`);
    await line.getByRole('button', { name: `Use ${cartons} carton${cartons === 1 ? '' : 's'}` }).click();
    expect((await planned).postDataJSON()).toEqual({ quantity: cartons });
    await box.fill('40');
    await box.press('Enter');
    await expectQuantity(line, 40);

    // Every control of a line is at least 44 px square.
    for (const control of await line.getByRole('button').all()) {
      const size = await control.boundingBox();
      expect(size!.width, (await control.textContent()) ?? undefined).toBeGreaterThanOrEqual(44);
      expect(size!.height).toBeGreaterThanOrEqual(44);
    }

    // Remove, then Undo: focus sits on Undo, and the line comes back with its 3 cartons.
    await panelLine(panel, otherPlain.name)
      .getByRole('button', { name: `Remove ${otherPlain.name}` })
      .click();
    const undo = panel.getByRole('button', { name: `Undo removing ${otherPlain.name}` });
    await poll(() => isFocused(undo), 'focus on Undo').toBe(true);
    await expectCount(panel.getByRole('listitem'), 1);
    await undo.press('Enter');
    await expectCount(panel.getByRole('listitem'), 2);
    await expectQuantity(panelLine(panel, otherPlain.name), 3);
    await poll(() => isFocused(panel.getByRole('heading', { name: /^Enquiry Cart/ })), 'focus back on the cart').toBe(true);
    expect((await pageCart(page)).map((i) => [i.productId, i.quantity]).sort()).toEqual(
      [
        [plain.id, 40],
        [otherPlain.id, 3],
      ].sort(),
    );
  });

  test('a quantity change shows at once and rolls back when the server refuses; one toast at a time', async () => {
    const { plain } = await testProducts();
    const { page } = await openWithCart(browser, viewport, [{ productId: plain.id, quantity: 1 }], allowFailure(isCartLine));
    await visit(page, '/about');
    const panel = await openCartPanel(page);
    const line = panelLine(panel, plain.name);
    await expectQuantity(line, 1);

    const put = await holdApi(page, isCartLine, { method: 'PUT', status: 500 });
    await line.getByRole('button', { name: `Increase quantity of ${plain.name}` }).click();
    await put.reached;
    // Shown before the server answers.
    await expectQuantity(line, 2);
    await poll(() => panelTotal(page)).toBe(rupees(Number(plain.price) * 2));
    expect(await toasts(page).count()).toBe(0);
    put.release();
    await expectQuantity(line, 1);
    await poll(() => panelTotal(page)).toBe(rupees(plain.price));
    await expectToast(page, 'Error', 'Failed to update quantity', 'destructive');

    // Another failure replaces the toast instead of stacking a second one.
    const del = await holdApi(page, isCartLine, { method: 'DELETE', status: 500 });
    del.release();
    await line.getByRole('button', { name: `Remove ${plain.name}` }).click();
    await expectToast(page, 'Error', 'Failed to remove item', 'destructive');
    await expectQuantity(line, 1);
    expect((await pageCart(page)).map((i) => [i.productId, i.quantity])).toEqual([[plain.id, 1]]);
  });

  test('a double click on plus adds two cartons, on the screen and in the stored cart', async () => {
    const { plain } = await testProducts();
    const { page } = await openWithCart(browser, viewport, [{ productId: plain.id, quantity: 1 }]);
    await visit(page, '/about');
    const panel = await openCartPanel(page);
    const line = panelLine(panel, plain.name);
    await expectQuantity(line, 1);
    // The second press comes before the first's change has reached the screen: it steps from 2, not from 1 again.
    await line.getByRole('button', { name: `Increase quantity of ${plain.name}` }).dblclick();
    await expectQuantity(line, 3);
    await poll(async () => (await pageCart(page)).map((i) => [i.productId, i.quantity])).toEqual([[plain.id, 3]]);
    await expectQuantity(line, 3);
  });

  test('a refused add says so on the card, in the options dialog and on the detail page', async () => {
    const { plain, twoTypes } = await testProducts();
    const { page } = await browser.open(viewport, allowFailure(isCartAdd));
    const refused = await holdApi(page, isCartAdd, { method: 'POST', status: 500 });
    refused.release();

    // The card.
    let card = await visitCard(page, plain);
    await card.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expectToast(page, 'Error', 'Failed to add item to enquiry cart. Please try again.', 'destructive');
    await poll(() => card.getByRole('button', { name: 'Add to Cart', exact: true }).isEnabled()).toBe(true);

    // The options dialog (opened before the card knows its options): it stays open.
    const options = await holdApi(page, (p) => p === `/api/products/${twoTypes.id}/variations`);
    await openProductsByLink(page);
    await options.reached;
    card = productCard(page, twoTypes.name);
    await card.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    const dialog = optionsDialog(page);
    await expectVisible(dialog);
    options.release();
    for (const type of typesOf(twoTypes)) {
      const option = inStockOptions(twoTypes).find((v) => v.type === type)!;
      await chooseOption(dialog, option.name, option.value);
    }
    await dialog.getByRole('button', { name: 'Add to Cart' }).click();
    await expectToast(page, 'Error', 'Failed to add item to cart. Please try again.', 'destructive');
    await expectVisible(dialog);

    // The detail page: Add to Cart, then Submit Enquiry (which stays on the page).
    await visit(page, `/products/${plain.id}`);
    await main(page).getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expectToast(page, 'Error', 'Failed to add item to enquiry cart. Please try again.', 'destructive');
    await main(page).getByRole('button', { name: 'Submit Enquiry' }).click();
    await expectToast(page, 'Error', 'Failed to submit enquiry. Please try again.', 'destructive');
    await expectURL(page, `/products/${plain.id}`);
    await poll(() => main(page).getByRole('button', { name: 'Submit Enquiry' }).isEnabled()).toBe(true);
    await expectCartCount(page, 0);
  });

  test('detail page: Select Options until an option is chosen, then Add to Cart becomes Added to Cart', async () => {
    const { oneType: product } = await testProducts();
    const [, second] = inStockOptions(product);
    const legend = product.variations[0]!.name;
    const { page } = await browser.open(viewport);
    await visit(page, `/products/${product.id}`);
    const select = main(page).getByRole('button', { name: 'Select Options' });
    expect(await select.isDisabled()).toBe(true);

    await chooseOption(main(page), legend, second!.value);
    const add = main(page).getByRole('button', { name: 'Add to Cart', exact: true });
    await poll(() => add.isEnabled()).toBe(true);
    await add.click();
    const added = main(page).getByRole('button', { name: 'Added to Cart' });
    await expectVisible(added);
    expect(await added.isDisabled()).toBe(true);
    await expectCartCount(page, 1);
    expect((await pageCart(page)).map((i) => [i.productId, i.variationId, i.quantity])).toEqual([[product.id, second!.id, 1]]);

    // Another option is not in the cart yet.
    await chooseOption(main(page), legend, firstActive(product).value);
    await poll(() => add.isEnabled()).toBe(true);
  });

  test('detail page: Submit Enquiry adds to the cart and lands on /checkout, reading Submitting... meanwhile', async () => {
    const { plain, oneType } = await testProducts();
    const { page } = await browser.open(viewport);

    // With variations and none chosen: a toast, no navigation.
    await visit(page, `/products/${oneType.id}`);
    await main(page).getByRole('button', { name: 'Submit Enquiry' }).click();
    await expectToast(
      page,
      'Please select options',
      'Please select all product options before submitting enquiry.',
      'destructive',
    );
    await expectURL(page, `/products/${oneType.id}`);

    await visit(page, `/products/${plain.id}`);
    const quantity = main(page).getByRole('spinbutton', { name: 'Quantity (cartons)' });
    await quantity.fill('4');
    await poll(() => quantity.inputValue()).toBe('4');
    const post = await holdApi(page, isCartAdd, { method: 'POST' });
    await main(page).getByRole('button', { name: 'Submit Enquiry' }).click();
    expect((await post.reached).postDataJSON()).toEqual({ productId: plain.id, variationId: null, quantity: 4 });
    const submitting = main(page).getByRole('button', { name: 'Submitting...' });
    await expectVisible(submitting);
    expect(await submitting.isDisabled()).toBe(true);
    post.release();

    await expectURL(page, '/checkout');
    const line = summaryLine(page, plain.name);
    await expectVisible(line);
    expect(await textOf(line)).toContain(`4 cartons × ${unitsText(plain)}`);
    await expectCartCount(page, 1);
    expect((await pageCart(page)).map((i) => [i.productId, i.variationId, i.quantity])).toEqual([[plain.id, null, 4]]);
  });

  test('the option a card chose is carried to the detail page once (a reload does not apply it again)', async () => {
    const { oneType: product } = await testProducts();
    const option = firstActive(product);
    const legend = product.variations[0]!.name;
    const { page } = await browser.open(viewport);
    const card = await visitCard(page, product);
    await card.getByRole('link', { name: product.name, exact: true }).click();
    await expectURL(page, `/products/${product.id}`);
    await expectVisible(page.getByRole('heading', { level: 1, name: product.name }));

    const radio = optionRadio(main(page), legend, option.value);
    await poll(() => radio.isChecked(), 'carried option checked').toBe(true);
    await poll(() => main(page).getByRole('button', { name: 'Add to Cart', exact: true }).isEnabled()).toBe(true);
    expect(await sessionValue(page, CARRIED_VARIATION_KEY)).toBeNull();

    await page.reload({ waitUntil: 'domcontentloaded' });
    await waitForHydration(page);
    await expectVisible(main(page).getByRole('button', { name: 'Select Options' }));
    expect(await optionRadio(main(page), legend, option.value).isChecked()).toBe(false);
  });
});
