// Searching as customers here talk: a size in the search is the size the card shows and adds (browsing keeps the
// first active option), the local names find the areca plates, and a search with no word to look for finds nothing
// and offers the categories instead of the whole catalogue.
import { expect, test } from 'vitest';

import { describeAtViewports, visit } from './support/browser';
import { catalogue, firstActive, main, pageCart, productCard, textOf } from './support/enquiry';
import { expectVisible, poll } from './support/expect';

const ROUND_PLATE = 'Areca Leaf Round Plate';

describeAtViewports('searching in the words customers use', (browser, _name, viewport) => {
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
