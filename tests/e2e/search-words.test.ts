// Searching as customers here talk: a size in the search is the size the card shows and adds (browsing keeps the
// first active option), and every card found by a size prices it as the cart does; the local and misspelt names
// find their products ('paala', 'clamshel', 'clam shell'), and a search with no word to look for finds nothing
// and offers the categories instead of the whole catalogue.
import { expect, test } from 'vitest';

import { describeAtViewports, visit } from './support/browser.ts';
import {
  catalogue,
  firstActive,
  inStockOptions,
  main,
  openCartPanel,
  pageCart,
  panelLine,
  productCard,
  textOf,
} from './support/enquiry.ts';
import { expectVisible, poll } from './support/expect.ts';

const ROUND_PLATE = 'Areca Leaf Round Plate';

describeAtViewports('searching in the words customers use', (browser, name, viewport) => {
  test(
    'every product with sizes: a card found by a size prices that size, as the cart then does',
    { timeout: 90_000 },
    async () => {
      const sized = (await catalogue()).filter((p) => p.inStock && p.variations.some((v) => v.type === 'size'));
      expect(sized.length).toBeGreaterThan(5);
      const { page } = await browser.open(viewport);
      const shown = new Map<string, { boxRate: string; units: string }>();
      for (const product of sized) {
        // The last size in stock: never the one a card starts with.
        const size = inStockOptions(product)
          .filter((v) => v.type === 'size')
          .at(-1)!;
        expect(size.id, product.name).not.toBe(firstActive(product, 'size').id);
        await visit(page, `/products?search=${encodeURIComponent(`${product.name} ${size.value}`)}`);
        const card = productCard(page, product.name);
        await expectVisible(card.getByText(`Size: ${size.value}`, { exact: false }));
        const [, boxRate = '', units = ''] = /Box rate: (₹[\d,]+\.\d\d) for ([\d,]+ [a-z]+)/.exec(await textOf(card)) ?? [];
        shown.set(product.name, { boxRate, units });
        const add = card.getByRole('button', { name: 'Add to Cart' });
        // A finger on the phone, the keyboard on the laptop.
        if (name === 'phone') await add.tap();
        else {
          await add.focus();
          await page.keyboard.press('Enter');
        }
        await poll(() => textOf(card.getByRole('button', { name: /Add/ })), product.name).toBe('Added to Cart');
      }
      const panel = await openCartPanel(page);
      for (const [product, { boxRate, units }] of shown) {
        const line = panelLine(panel, product);
        await expectVisible(line.getByText(`${boxRate} per carton`, { exact: true }));
        await expectVisible(line.getByText(`${units} per carton`, { exact: true }));
      }
    },
  );

  test('"plates 10 inch": the card shows and adds the 10-inch plate; browsing shows the first active size', async () => {
    const plate = (await catalogue()).find((p) => p.name === ROUND_PLATE)!;
    const tenInch = plate.variations.find((v) => v.value === '10 inch')!;
    const first = firstActive(plate);
    expect(first.id).not.toBe(tenInch.id);
    const { page } = await browser.open(viewport);

    await visit(page, `/products?search=${encodeURIComponent('plates 10 inch')}`);
    const card = productCard(page, ROUND_PLATE);
    await expectVisible(card.getByText('Size: 10 inch', { exact: true }));
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await poll(() => textOf(card.getByRole('button', { name: /Add/ }))).toBe('Added to Cart');
    expect((await pageCart(page)).map((item) => [item.productId, item.variationId])).toEqual([[plate.id, tenInch.id]]);

    // The product page opened from that card keeps the size searched for.
    await card.getByRole('link', { name: ROUND_PLATE }).click();
    await poll(() => page.getByRole('radio', { name: /10 inch/ }).isChecked()).toBe(true);

    await visit(page, '/products?category=plates');
    await expectVisible(productCard(page, ROUND_PLATE).getByText(`Size: ${first.value}`, { exact: true }));
  });

  test('the local names find the areca plates; emoji or Chinese find nothing and offer the categories', async () => {
    const { page } = await browser.open(viewport);
    await visit(page, `/products?search=${encodeURIComponent('paala plate')}`);
    await expectVisible(productCard(page, ROUND_PLATE));
    await visit(page, `/products?search=${encodeURIComponent('പാള')}`);
    await expectVisible(productCard(page, ROUND_PLATE));
    // A letter short, or typed as two words: still the clamshells.
    for (const query of ['clamshel', 'clam shell']) {
      await visit(page, `/products?search=${encodeURIComponent(query)}`);
      await expectVisible(productCard(page, 'Bagasse Clamshell Burger Box 6 inch'));
      await expectVisible(productCard(page, 'Bagasse Clamshell Meal Box 9 x 9 inch'));
    }

    for (const query of ['🍽️', '盘子']) {
      await visit(page, `/products?search=${encodeURIComponent(query)}`);
      const content = main(page);
      await expectVisible(content.getByText('No products found.', { exact: true }));
      expect(await content.getByRole('article').count()).toBe(0);
      await expectVisible(
        content.getByRole('navigation', { name: 'Browse a category' }).getByRole('link', { name: 'Plates', exact: true }),
      );
    }
  });
});
