// A returning customer does not type their details again: signed in, the phone and address of their last enquiry and
// the GSTIN they gave are filled in; a guest who asked this device to remember them finds them there, and can forget
// them.
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';

import { describeAtViewports, visit } from './support/browser.ts';
import {
  checkoutFields,
  expectEnquirySent,
  fillCheckout,
  main,
  openWithCart,
  seedCart,
  testProducts,
} from './support/enquiry.ts';
import { expectURL, poll } from './support/expect.ts';
import { CUSTOMER, enquireAsNewCustomer } from './support/follow.ts';
import { expectFieldError } from './support/forms.ts';

const fields = checkoutFields;
/** A business's GSTIN as a customer might type it, and as the shop keeps it. */
const TYPED_GSTIN = '32aaacg1234a1zn';
const GSTIN = '32AAACG1234A1ZN';

const valuesOf = async (page: Page) => {
  const f = fields(page);
  return [
    await f.name.inputValue(),
    await f.email.inputValue(),
    await f.phone.inputValue(),
    await f.address.inputValue(),
    await f.gstin.inputValue(),
  ];
};

describeAtViewports('a returning customer', (browser, _name, viewport) => {
  test('a guest who ticks "Remember my details on this device" finds them next time, and can forget them', async () => {
    const { plain } = await testProducts();
    const { context, page } = await openWithCart(browser, viewport, [{ productId: plain.id, quantity: 1 }]);
    await visit(page, '/checkout');
    const remember = main(page).getByRole('checkbox', { name: 'Remember my details on this device' });
    expect(await remember.isChecked()).toBe(false);
    const f = fields(page);
    await fillCheckout(page, CUSTOMER);
    // A GSTIN with a typo is refused before anything is sent, with the rule's words; the field takes the focus.
    await f.gstin.fill('32AAACG1243A1ZN');
    await remember.check();
    await main(page)
      .getByRole('button', { name: /^Submit/ })
      .click();
    await expectFieldError(f.gstin, 'This GSTIN’s check character does not match: please check it for a typo');
    await poll(() => f.gstin.evaluate((input) => input === document.activeElement)).toBe(true);
    await f.gstin.fill(TYPED_GSTIN);
    await main(page)
      .getByRole('button', { name: /^Submit/ })
      .click();
    await expectURL(page, '/');
    await expectEnquirySent(page);

    await seedCart(context, [{ productId: plain.id, quantity: 1 }]);
    await visit(page, '/checkout');
    await poll(() => valuesOf(page)).toEqual([CUSTOMER.name, CUSTOMER.email, CUSTOMER.phone, CUSTOMER.address, GSTIN]);
    expect(await remember.isChecked()).toBe(true);

    await main(page).getByRole('button', { name: 'Forget my details' }).click();
    await poll(() => valuesOf(page)).toEqual(['', '', '', '', '']);
    expect(await remember.isChecked()).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('checkout-details'))).toBeNull();
  });

  test('signed in, the phone, address and GSTIN of the last enquiry are filled in', async () => {
    const { plain } = await testProducts();
    const { context, page } = await browser.open(viewport);
    await enquireAsNewCustomer(page, [{ productId: plain.id, quantity: 1 }], TYPED_GSTIN);

    await seedCart(context, [{ productId: plain.id, quantity: 2 }]);
    await visit(page, '/checkout');
    const f = fields(page);
    await poll(() => f.phone.inputValue()).toBe(CUSTOMER.phone);
    await poll(() => f.address.inputValue()).toBe(CUSTOMER.address);
    await poll(() => f.gstin.inputValue()).toBe(GSTIN);
    // The account remembers: no device checkbox for a signed-in customer.
    expect(await main(page).getByRole('checkbox', { name: 'Remember my details on this device' }).count()).toBe(0);
  });
});
