// The Order Enquiry page (/checkout): the whole path from product
// cards to the home page with an empty cart, every validation message, quantities, remove, Edit
// Options, the payload sent, the failure path, the empty state and accessibility.
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';

import { checkA11y, describeAtViewports, visit, waitForHydration } from './support/browser.ts';
import { expectProductsPage, rupees } from './support/catalogue.ts';
import {
  allowFailure,
  cartonPrice,
  catalogue,
  checkoutFields,
  chooseOption,
  expectCartCount,
  expectEnquirySent,
  expectToast,
  fillCheckout,
  firstActive,
  holdApi,
  inStockOptions,
  isPlain,
  main,
  openCartPanel,
  openWithCart,
  optionRadio,
  optionsDialog,
  optionText,
  pageCart,
  seedCart,
  summary,
  summaryAmount,
  summaryLine,
  testProducts,
  textOf,
  unitsText,
  visitCard,
} from './support/enquiry.ts';
import { expectCount, expectHidden, expectURL, expectVisible, poll } from './support/expect.ts';
import { expectFieldError } from './support/forms.ts';

// The messages of domains/enquiry/schema.ts.
const MESSAGES = {
  name: 'Name must be at least 2 characters',
  email: 'Please enter a valid email address',
  phoneLength: 'Phone number must be exactly 10 digits',
  phoneStart: 'Please enter a valid 10-digit mobile number starting with 6-9',
  address: 'Please provide complete delivery address including street, area, city, state, and pincode',
  pincode: 'Delivery address must include a valid 6-digit pincode',
};

const VALID = {
  name: 'Anitha Nair',
  email: 'anitha.nair@example.com',
  phone: '9876543210',
  address: 'Door 12, MG Road, Aluva, Ernakulam, Kerala 683101',
  requests: 'Deliver before 9 AM, <b>hi</b>',
};

const isOrders = (pathname: string) => pathname === '/api/orders';

const fields = checkoutFields;

const submitButton = (page: Page) => summary(page).getByRole('button', { name: /^Submit/ });

const fillValid = (page: Page) => fillCheckout(page, VALID);

describeAtViewports('checkout', (browser, _name, viewport) => {
  test('the whole path: cards and detail page → cart → checkout with every message → success → home with an empty cart', async () => {
    const { plain, otherPlain, oneType } = await testProducts();
    const option = firstActive(oneType);
    const other = inStockOptions(oneType).find((v) => cartonPrice(oneType, v) !== cartonPrice(oneType, option))!;
    const legend = option.name;
    const { page } = await browser.open(viewport);

    // Two products from their cards (one with its first option chosen by the card), one from its page.
    let card = await visitCard(page, oneType);
    await card.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expectVisible(card.getByRole('button', { name: 'Added to Cart' }));
    card = await visitCard(page, plain);
    await card.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expectVisible(card.getByRole('button', { name: 'Added to Cart' }));
    await expectCartCount(page, 2);
    await visit(page, `/products/${otherPlain.id}`);
    await main(page).getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expectVisible(main(page).getByRole('button', { name: 'Added to Cart' }));
    await expectCartCount(page, 3);

    const panel = await openCartPanel(page);
    await panel.getByRole('button', { name: 'Submit Enquiry' }).click();
    await expectURL(page, '/checkout');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Order Enquiry' }));
    await expectCount(summary(page).getByRole('listitem'), 3);
    const variedLine = summaryLine(page, oneType.name);
    expect(await textOf(variedLine)).toContain(optionText(option));
    expect(await textOf(variedLine)).toContain(`1 carton × ${unitsText(oneType, option)}`);
    const amounts = async () => [
      await summaryAmount(page, 'Subtotal'),
      await summaryAmount(page, 'Tax'),
      await summaryAmount(page, 'Total'),
    ];
    const sum = (...prices: string[]) => rupees(prices.reduce((s, p) => s + Number(p), 0));
    const three = sum(cartonPrice(oneType, option), plain.price, otherPlain.price);
    await poll(amounts).toEqual([three, rupees(0), three]);
    await expectVisible(summary(page).getByText(/^Estimated total/));

    // Every field empty: the four messages.
    const f = fields(page);
    await submitButton(page).click();
    await expectFieldError(f.name, MESSAGES.name);
    await expectFieldError(f.email, MESSAGES.email);
    await expectFieldError(f.phone, MESSAGES.phoneLength);
    await expectFieldError(f.address, MESSAGES.address);
    await expectFieldError(f.requests, null);
    await expectURL(page, '/checkout');
    // Both phone rules, both address rules.
    await f.phone.fill('12345');
    await expectFieldError(f.phone, MESSAGES.phoneLength);
    await f.phone.fill('5123456789');
    await expectFieldError(f.phone, MESSAGES.phoneStart);
    await f.address.fill('short');
    await expectFieldError(f.address, MESSAGES.address);
    await f.address.fill('MG Road Aluva Kerala');
    await expectFieldError(f.address, MESSAGES.pincode);

    // Quantity: minus only above 1.
    const otherLine = summaryLine(page, otherPlain.name);
    const minus = otherLine.getByRole('button', { name: `Decrease quantity of ${otherPlain.name}` });
    expect(await minus.isDisabled()).toBe(true);
    await otherLine.getByRole('button', { name: `Increase quantity of ${otherPlain.name}` }).click();
    await poll(() => textOf(otherLine)).toContain(`2 cartons × ${unitsText(otherPlain)}`);
    await poll(() => minus.isEnabled()).toBe(true);
    await poll(amounts).toEqual([
      sum(cartonPrice(oneType, option), plain.price, otherPlain.price, otherPlain.price),
      rupees(0),
      sum(cartonPrice(oneType, option), plain.price, otherPlain.price, otherPlain.price),
    ]);
    await minus.click();
    await poll(() => textOf(otherLine)).toContain(`1 carton × ${unitsText(otherPlain)}`);
    await poll(() => minus.isDisabled()).toBe(true);

    // Remove a line.
    await otherLine.getByRole('button', { name: `Remove ${otherPlain.name}` }).click();
    await expectCount(summary(page).getByRole('listitem'), 2);
    const two = sum(cartonPrice(oneType, option), plain.price);
    await poll(amounts).toEqual([two, rupees(0), two]);
    await expectCount(summaryLine(page, plain.name).getByRole('button', { name: /^Edit Options/ }), 0);

    // Edit Options: Cancel changes nothing; another size changes the line and the summary.
    const edit = variedLine.getByRole('button', { name: `Edit Options of ${oneType.name}` });
    await edit.click();
    const dialog = optionsDialog(page);
    await expectVisible(dialog);
    await poll(() => optionRadio(dialog, legend, option.value).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectHidden(dialog);
    expect(await textOf(variedLine)).toContain(optionText(option));
    await edit.click();
    await expectVisible(dialog);
    await chooseOption(dialog, legend, other.value);
    await expectVisible(dialog.getByText(`${rupees(cartonPrice(oneType, other))} per carton`, { exact: true }));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectHidden(dialog);
    await poll(() => textOf(summaryLine(page, oneType.name))).toContain(optionText(other));
    expect(await textOf(summaryLine(page, oneType.name))).toContain(`${rupees(cartonPrice(oneType, other))} per carton`);
    const edited = sum(cartonPrice(oneType, other), plain.price);
    await poll(amounts).toEqual([edited, rupees(0), edited]);
    expect((await pageCart(page)).map((i) => [i.productId, i.variationId]).sort()).toEqual(
      [
        [oneType.id, other.id],
        [plain.id, null],
      ].sort(),
    );

    // Valid values: 'Submitting Enquiry...' while the enquiry is on its way.
    await fillValid(page);
    for (const field of Object.values(f)) await expectFieldError(field, null);
    const held = await holdApi(page, isOrders, { method: 'POST' });
    const answered = page.waitForResponse((r) => isOrders(new URL(r.url()).pathname) && r.request().method() === 'POST');
    await submitButton(page).click();
    const request = await held.reached;
    const busy = summary(page).getByRole('button', { name: 'Submitting Enquiry...' });
    await expectVisible(busy);
    expect(await busy.isDisabled()).toBe(true);
    held.release();
    const response = await answered;
    expect(response.status()).toBe(201);
    const created = (await response.json()) as { id: number; displayId: number };
    expect(created.displayId).toBe(1000 + created.id);

    // What was sent.
    expect(request.headers()['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
    const body = request.postDataJSON() as Record<string, unknown>;
    const decimal = (text: string) => text.replace(/[₹,]/g, '');
    expect(body).toMatchObject({
      customerName: VALID.name,
      customerEmail: VALID.email,
      customerPhone: VALID.phone,
      deliveryLocation: VALID.address,
      specialRequests: VALID.requests,
      subtotal: decimal(edited),
      tax: '0.00',
      total: decimal(edited),
      isGuest: true,
      userId: null,
      orderIdPrefix: 1000,
    });
    expect(body.sessionId).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
    expect(body.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          productId: oneType.id,
          variationId: other.id,
          quantity: 1,
          price: cartonPrice(oneType, other),
          variationName: other.name,
          variationValue: other.value,
        }),
        expect.objectContaining({ productId: plain.id, variationId: null, quantity: 1, price: plain.price }),
      ]),
    );
    expect(body.items).toHaveLength(2);

    // Success: home, where the notice is the one message (no toast), focused, with the number, the call and
    // WhatsApp; an empty cart.
    await expectURL(page, '/');
    const notice = await expectEnquirySent(page, created.displayId);
    await expectVisible(notice.getByText(`Enquiry #${created.displayId} sent.`, { exact: false }));
    const whatsapp = notice.getByRole('link', { name: /^Continue on WhatsApp/ });
    const href = (await whatsapp.getAttribute('href')) ?? '';
    expect(href.startsWith('https://wa.me/')).toBe(true);
    expect(href).toContain(String(created.displayId));
    expect(decodeURIComponent(href)).toContain(`#${created.displayId}`);
    expect(decodeURIComponent(href)).toContain(`1 carton ${oneType.name} (${optionText(other)})`);
    await expectVisible(
      notice.getByText(/We will call you by (today|tomorrow|\w+day) \d{1,2}(:\d\d)? [AP]M to confirm details and pricing\./),
    );
    // Readable on a phone: the sentence takes the notice's width, not a narrow column beside the button.
    const sentence = await notice.getByText(`Enquiry #${created.displayId} sent.`, { exact: false }).boundingBox();
    expect(sentence!.width).toBeGreaterThan(viewport.width * 0.6);
    await expectCartCount(page, 0);
    await poll(() => pageCart(page), 'the cart on the server').toEqual([]);

    // The number survives a reload, until the customer dismisses it; focus then goes to the page.
    await page.reload();
    await expectVisible(notice.getByText(`Enquiry #${created.displayId} sent.`, { exact: false }));
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expectHidden(notice);
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    await page.reload();
    await waitForHydration(page);
    expect(await notice.count()).toBe(0);
  });

  test('a direct enquiry with an option: Edit Options at checkout keeps the quantity, then success leaves the cart alone', async () => {
    const { plain, oneType } = await testProducts();
    const option = firstActive(oneType);
    const other = inStockOptions(oneType).find((v) => cartonPrice(oneType, v) !== cartonPrice(oneType, option))!;
    const { page } = await openWithCart(browser, viewport, [{ productId: plain.id, quantity: 1 }]);
    const card = await visitCard(page, oneType);
    await card.getByRole('button', { name: 'Submit Enquiry' }).click();
    await expectURL(page, '/checkout');
    const line = summaryLine(page, oneType.name);
    await expectVisible(line);
    await expectCount(summary(page).getByRole('listitem'), 1);
    expect(await textOf(line)).toContain(optionText(option));

    await line.getByRole('button', { name: `Edit Options of ${oneType.name}` }).click();
    const dialog = optionsDialog(page);
    await expectVisible(dialog);
    await poll(() => optionRadio(dialog, option.name, option.value).isChecked()).toBe(true);
    // Two cartons, then another size: still two cartons.
    const cartons = dialog.getByRole('spinbutton', { name: 'Quantity (cartons)' });
    await dialog.getByRole('button', { name: 'Increase quantity' }).click();
    await poll(() => cartons.inputValue()).toBe('2');
    await chooseOption(dialog, option.name, other.value);
    await poll(() => cartons.inputValue()).toBe('2');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectHidden(dialog);
    await poll(() => textOf(summaryLine(page, oneType.name))).toContain(optionText(other));
    expect(await textOf(summaryLine(page, oneType.name))).toContain(`2 cartons × ${unitsText(oneType, other)}`);
    const edited = rupees(Number(cartonPrice(oneType, other)) * 2);
    await poll(() => summaryAmount(page, 'Total')).toBe(edited);

    await fillValid(page);
    const sent = page.waitForRequest((r) => isOrders(new URL(r.url()).pathname) && r.method() === 'POST');
    await submitButton(page).click();
    const body = (await sent).postDataJSON() as { items: unknown[]; total: string };
    expect(body.items).toEqual([
      expect.objectContaining({
        productId: oneType.id,
        variationId: other.id,
        quantity: 2,
        price: cartonPrice(oneType, other),
      }),
    ]);
    expect(body.total).toBe(edited.replace(/[₹,]/g, ''));
    await expectURL(page, '/');
    await expectEnquirySent(page);
    // The enquiry came from the direct list: the cart keeps its line.
    await expectCartCount(page, 1);
    expect((await pageCart(page)).map((i) => [i.productId, i.quantity])).toEqual([[plain.id, 1]]);
  });

  test('with a long enquiry, scrolling the page reaches Submit Enquiry (laptops 1280×800 and 1366×768, phones)', async () => {
    const lines = (await catalogue()).filter(isPlain).slice(0, 12);
    expect(lines).toHaveLength(12);
    const { page } = await openWithCart(
      browser,
      viewport,
      lines.map((p) => ({ productId: p.id, quantity: 1 })),
    );
    await visit(page, '/checkout');
    await expectCount(summary(page).getByRole('listitem'), 12);
    const sizes = viewport.width < 1024 ? [viewport] : [viewport, { width: 1366, height: 768 }];
    for (const size of sizes) {
      await page.setViewportSize({ width: size.width, height: size.height });
      // The window alone is scrolled, a screen at a time: somewhere on the way the button is where a tap or click lands.
      const reached = await page.evaluate(async () => {
        const button = [...document.querySelectorAll('main button')].find((b) => b.textContent?.trim() === 'Submit Enquiry')!;
        for (let y = 0; y <= document.documentElement.scrollHeight; y += window.innerHeight / 2) {
          window.scrollTo(0, y);
          await new Promise((resolve) => requestAnimationFrame(resolve));
          const box = button.getBoundingClientRect();
          const [x, middle] = [box.left + box.width / 2, box.top + box.height / 2];
          if (middle > 0 && middle < window.innerHeight && button.contains(document.elementFromPoint(x, middle))) return true;
        }
        return false;
      });
      expect(reached, `${size.width}×${size.height}`).toBe(true);
    }
  });

  test('a failed submission keeps the form and says so; so does a failed change of options', async () => {
    const { plain, oneType } = await testProducts();
    const option = firstActive(oneType);
    const other = inStockOptions(oneType).find((v) => v.id !== option.id)!;
    const { context, page } = await browser.open(
      viewport,
      allowFailure((p) => isOrders(p) || p === '/api/cart'),
    );
    await seedCart(context, [
      { productId: plain.id, quantity: 2 },
      { productId: oneType.id, variationId: option.id, quantity: 1 },
    ]);
    await visit(page, '/checkout');
    await expectVisible(summaryLine(page, plain.name));

    // The new option cannot be added: the dialog stays open and the line keeps its option.
    const refused = await holdApi(page, (p) => p === '/api/cart', { method: 'POST', status: 500 });
    refused.release();
    await summaryLine(page, oneType.name)
      .getByRole('button', { name: `Edit Options of ${oneType.name}` })
      .click();
    const dialog = optionsDialog(page);
    await chooseOption(dialog, option.name, other.value);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Error', 'Failed to update variation. Please try again.', 'destructive');
    await expectVisible(dialog);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectHidden(dialog);
    expect(await textOf(summaryLine(page, oneType.name))).toContain(optionText(option));
    await fillValid(page);
    const failing = await holdApi(page, isOrders, { method: 'POST', status: 500, body: { message: 'Internal Server Error' } });
    failing.release();
    await submitButton(page).click();
    await failing.reached;

    await expectToast(page, 'Error', 'Failed to submit enquiry. Please try again.', 'destructive');
    await expectURL(page, '/checkout');
    const f = fields(page);
    expect([
      await f.name.inputValue(),
      await f.email.inputValue(),
      await f.phone.inputValue(),
      await f.address.inputValue(),
      await f.requests.inputValue(),
    ]).toEqual([VALID.name, VALID.email, VALID.phone, VALID.address, VALID.requests]);
    await poll(() => submitButton(page).textContent()).toBe('Submit Enquiry');
    expect(await submitButton(page).isEnabled()).toBe(true);
    await expectVisible(summaryLine(page, plain.name));
    await expectCartCount(page, 2);
    expect((await pageCart(page)).map((i) => [i.productId, i.variationId, i.quantity]).sort()).toEqual(
      [
        [plain.id, null, 2],
        [oneType.id, option.id, 1],
      ].sort(),
    );
  });

  test('a pincode written 3 + 3, as many write it ("Kerala 683 101"), is accepted', async () => {
    const { plain } = await testProducts();
    const { page } = await openWithCart(browser, viewport, [{ productId: plain.id, quantity: 1 }]);
    await visit(page, '/checkout');
    await expectVisible(summaryLine(page, plain.name));
    await fillValid(page);
    const f = fields(page);
    await f.address.fill('Door 12, MG Road, Aluva, Kerala 683 101');
    const answered = page.waitForResponse((r) => isOrders(new URL(r.url()).pathname) && r.request().method() === 'POST');
    await submitButton(page).click();
    expect((await answered).status()).toBe(201);
    await expectURL(page, '/');
  });

  test('an empty enquiry shows the empty-cart message with a link to /products', async () => {
    const { page } = await browser.open(viewport);
    await visit(page, '/checkout');
    await expectVisible(main(page).getByText('Your enquiry cart is empty', { exact: true }));
    await expectCount(summary(page), 0);
    const link = main(page).getByRole('link', { name: /products/i });
    await expectCount(link, 1);
    expect(await link.getAttribute('href')).toBe('/products');
    await link.click();
    await expectProductsPage(page);
  });

  test('the checkout page with items passes axe, before and after the validation messages', async () => {
    const { plain, oneType } = await testProducts();
    const { page } = await openWithCart(browser, viewport, [
      { productId: plain.id, quantity: 1 },
      { productId: oneType.id, variationId: firstActive(oneType).id, quantity: 2 },
    ]);
    await visit(page, '/checkout');
    await expectCount(summary(page).getByRole('listitem'), 2);
    await checkA11y(page);
    await submitButton(page).click();
    await expectFieldError(fields(page).name, MESSAGES.name);
    await checkA11y(page);
  });
});
