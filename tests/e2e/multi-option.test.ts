// A product with options of two types (Size and Model): one option per type reaches the cart and the
// enquiry. The same Size with two Models makes two cart lines, each shown with every option in the panel
// and at checkout; Edit Options starts from the line's whole choice; the enquiry sends both lines' optionIds.
import type { Locator } from 'playwright-core';
import { expect, test } from 'vitest';

import type { ProductVariation } from '#domains/catalogue/model.ts';

import { describeAtViewports, visit } from './support/browser.ts';
import {
  cartonPrice,
  catalogue,
  type CatalogueProduct,
  chooseOption,
  expectCartCount,
  expectQuantity,
  fillCheckout,
  holdApi,
  inStockOptions,
  isTwoTypes,
  main,
  openCartPanel,
  optionRadio,
  optionsDialog,
  pageCart,
  pick,
  summary,
  textOf,
  typesOf,
} from './support/enquiry.ts';
import { expectCount, expectHidden, expectURL, expectVisible, poll } from './support/expect.ts';
import { CUSTOMER } from './support/follow.ts';

const isCartAdd = (pathname: string) => pathname === '/api/cart';
const isOrders = (pathname: string) => pathname === '/api/orders';
const ascending = (...options: ProductVariation[]) => options.map((o) => o.id).sort((a, b) => a - b);
const readable = (...options: ProductVariation[]) => options.map((o) => `${o.name}: ${o.value}`).join(' · ');

/** The two-type product, one option of its first type and two of its second (Size 500 ml; Round, Rectangular). */
async function twoModels() {
  const product: CatalogueProduct = pick(await catalogue(), 'in-stock product with two variation types', isTwoTypes);
  const [first, second] = typesOf(product);
  const size = inStockOptions(product).find((v) => v.type === first)!;
  const models = inStockOptions(product).filter((v) => v.type === second);
  if (models.length < 2) throw new Error(`${product.name} needs two in-stock options of ${second}`);
  // The line is priced by the first type with its own price, else by the first type (domains/catalogue/variations.ts).
  const pricing = (model: ProductVariation) => [size, model].find((v) => v.price != null && v.price !== '') ?? size;
  /** A line as the browser sends it: the product with the Size and this Model, priced by the option that has a price. */
  const chosen = (model: ProductVariation, quantity: number) => ({
    productId: product.id,
    variationId: pricing(model).id,
    optionIds: ascending(size, model),
    quantity,
  });
  return {
    product,
    size,
    round: models.find((m) => m.value === 'Round') ?? models[1]!,
    rectangular: models[0]!,
    pricing,
    chosen,
  };
}

/** The line of a list (cart panel or checkout summary) that shows these options. */
const lineWith = (scope: Locator, options: string): Locator => scope.getByRole('listitem').filter({ hasText: options });

describeAtViewports('options of several types', (browser, _name, viewport) => {
  test('one Size with two Models makes two cart lines, both shown with their Model, and the checkout sends both', async () => {
    const { product, size, round, rectangular, pricing, chosen } = await twoModels();
    const withRound = readable(size, round);
    const withRectangular = readable(size, rectangular);
    const { page } = await browser.open(viewport);

    // The detail page: Size and Model, then Add to Cart sends every chosen option.
    await visit(page, `/products/${product.id}`);
    await chooseOption(main(page), size.name, size.value);
    await chooseOption(main(page), round.name, round.value);
    const add = main(page).getByRole('button', { name: 'Add to Cart', exact: true });
    const added = main(page).getByRole('button', { name: 'Added to Cart' });
    await poll(() => add.isEnabled()).toBe(true);
    const post = await holdApi(page, isCartAdd, { method: 'POST' });
    await add.click();
    expect((await post.reached).postDataJSON()).toEqual(chosen(round, 1));
    post.release();
    await expectVisible(added);
    await expectCartCount(page, 1);

    // Another Model is another line: 'Added to Cart' compares every option, not only the Size.
    await chooseOption(main(page), rectangular.name, rectangular.value);
    await poll(() => add.isEnabled()).toBe(true);
    await add.click();
    await expectVisible(added);
    await expectCartCount(page, 2);
    await chooseOption(main(page), round.name, round.value);
    await expectVisible(added);
    expect((await pageCart(page)).map((i) => [i.productId, i.variationId, i.optionIds, i.quantity])).toEqual([
      [product.id, pricing(round).id, ascending(size, round), 1],
      [product.id, pricing(rectangular).id, ascending(size, rectangular), 1],
    ]);

    // The cart panel shows both lines with every option; the plus of one line changes only that line.
    const panel = await openCartPanel(page);
    await expectCount(panel.getByRole('listitem'), 2);
    await expectVisible(lineWith(panel, withRound).getByText(withRound, { exact: true }));
    await expectVisible(lineWith(panel, withRectangular).getByText(withRectangular, { exact: true }));
    const put = page.waitForRequest((r) => r.method() === 'PUT' && new URL(r.url()).pathname.startsWith('/api/cart/'));
    await lineWith(panel, withRectangular)
      .getByRole('button', { name: `Increase quantity of ${product.name}` })
      .click();
    const putUrl = new URL((await put).url());
    expect(putUrl.pathname).toBe(`/api/cart/${product.id}/${pricing(rectangular).id}`);
    expect(putUrl.searchParams.get('options')).toBe(ascending(size, rectangular).join(','));
    await expectQuantity(lineWith(panel, withRectangular), 2);
    await expectQuantity(lineWith(panel, withRound), 1);
    await poll(async () => (await pageCart(page)).map((i) => i.quantity)).toEqual([1, 2]);

    // Checkout: two lines, each with its options.
    await panel.getByRole('button', { name: 'Submit Enquiry' }).click();
    await expectURL(page, '/checkout');
    await expectCount(summary(page).getByRole('listitem'), 2);
    const roundLine = lineWith(summary(page), withRound);
    const rectangularLine = lineWith(summary(page), withRectangular);
    expect(await textOf(roundLine)).toContain(`1 carton ×`);
    expect(await textOf(rectangularLine)).toContain(`2 cartons ×`);

    // Edit Options starts from the line's whole choice.
    await roundLine.getByRole('button', { name: `Edit Options of ${product.name}` }).click();
    const dialog = optionsDialog(page);
    await expectVisible(dialog);
    await poll(() => optionRadio(dialog, size.name, size.value).isChecked()).toBe(true);
    await poll(() => optionRadio(dialog, round.name, round.value).isChecked()).toBe(true);
    expect(await optionRadio(dialog, rectangular.name, rectangular.value).isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectHidden(dialog);

    // The enquiry sends both lines with every option id.
    await fillCheckout(page, CUSTOMER);
    const sent = page.waitForRequest((r) => isOrders(new URL(r.url()).pathname) && r.method() === 'POST');
    const answered = page.waitForResponse((r) => isOrders(new URL(r.url()).pathname) && r.request().method() === 'POST');
    await summary(page)
      .getByRole('button', { name: /^Submit/ })
      .click();
    const body = (await sent).postDataJSON() as { items: unknown[] };
    expect(body.items).toEqual([
      expect.objectContaining({ ...chosen(round, 1), price: cartonPrice(product, pricing(round)) }),
      expect.objectContaining({ ...chosen(rectangular, 2), price: cartonPrice(product, pricing(rectangular)) }),
    ]);
    expect((await answered).status()).toBe(201);
    await expectURL(page, '/');
    await expectCartCount(page, 0);
  });
});
