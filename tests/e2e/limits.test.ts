// Limits said while typing, not at the end: the checkout's texts count down and stop at their limit (a paste of
// 5,000 characters keeps 1,000), a quantity typed over the limit says 'Maximum available quantity' in the cart panel
// and at checkout as on the product page, and Enter in the product page's quantity box adds to the cart.
import { expect, test } from 'vitest';

import { describeAtViewports, visit } from './support/browser.ts';
import {
  expectCartCount,
  expectQuantity,
  main,
  openCartPanel,
  openWithCart,
  pageCart,
  panelLine,
  summaryLine,
  testProducts,
} from './support/enquiry.ts';
import { expectVisible, poll } from './support/expect.ts';

describeAtViewports('limits said while typing', (browser, _name, viewport) => {
  test('special requests count down to 1,000 characters and a paste stops there', async () => {
    const { plain } = await testProducts();
    const { page } = await openWithCart(browser, viewport, [{ productId: plain.id, quantity: 1 }]);
    await visit(page, '/checkout');
    const requests = main(page).getByLabel('Special requests (optional)', { exact: true });
    await expectVisible(main(page).getByText('1,000 of 1,000 characters left'));
    await requests.fill('Deliver before 9 AM');
    await expectVisible(main(page).getByText('981 of 1,000 characters left'));
    await requests.fill('');
    await requests.focus();
    // What a paste does: text inserted at once.
    await page.keyboard.insertText('x'.repeat(5000));
    await poll(() => requests.inputValue().then((value) => value.length)).toBe(1000);
    await expectVisible(main(page).getByRole('status').filter({ hasText: 'You have reached the limit of 1,000 characters.' }));
  });

  test('a quantity typed over the limit says so in the cart panel and at checkout', async () => {
    const { plain } = await testProducts();
    const { page } = await openWithCart(browser, viewport, [{ productId: plain.id, quantity: 1 }]);
    await visit(page, '/products');
    const panel = await openCartPanel(page);
    const line = panelLine(panel, plain.name);
    const box = line.getByRole('spinbutton', { name: `Cartons of ${plain.name}` });
    await box.fill('99999');
    await expectVisible(line.getByText('Maximum available quantity'));
    await box.press('Enter');
    await expectQuantity(line, 999);
    await expectVisible(line.getByText('Maximum available quantity'));
    await poll(async () => (await pageCart(page)).map((item) => item.quantity)).toEqual([999]);
    await page.keyboard.press('Escape');

    await visit(page, '/checkout');
    const summary = summaryLine(page, plain.name);
    await expectVisible(summary.getByText('Maximum available quantity'));
    const checkoutBox = summary.getByRole('spinbutton', { name: `Cartons of ${plain.name}` });
    await checkoutBox.fill('5');
    await checkoutBox.press('Enter');
    await expectQuantity(summary, 5);
    expect(await summary.getByText('Maximum available quantity').count()).toBe(0);
    await checkoutBox.fill('99999');
    await expectVisible(summary.getByText('Maximum available quantity'));
  });

  test("Enter in the product page's quantity box adds to the cart", async () => {
    const { plain } = await testProducts();
    const { page } = await browser.open(viewport);
    await visit(page, `/products/${plain.id}`);
    const box = main(page).getByRole('spinbutton', { name: 'Quantity (cartons)' });
    await box.fill('3');
    await box.press('Enter');
    await expectCartCount(page, 1);
    await poll(async () => (await pageCart(page)).map((item) => [item.productId, item.quantity])).toEqual([[plain.id, 3]]);
  });
});
