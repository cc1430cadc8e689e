// Trade prices in the browser (issue 36), at 390 and 1280: a product of its own sold in at least 5 cartons, in steps
// of 5, ₹950 a carton, ₹900 from 10 and ₹850 from 50. The product page shows the breaks and its stepper steps by 5;
// the cart says what the next break saves; a signed-in customer the staff put in a Distributor group (₹880, ₹800 from
// 50) sees the group's prices and breaks where a guest sees the public ones.
import { type APIRequestContext, type Page, request as playwrightRequest } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { E2E_ADMINS } from './support/accounts.ts';
import { CATALOGUE_EDITS_URL, describeAtViewports, visit } from './support/browser.ts';
import { main, openCartPanel } from './support/enquiry.ts';
import { expectVisible, poll } from './support/expect.ts';

// On a server of their own: its product would be one too many for the tests that count the demo catalogue.
const ON_OWN_SERVER = { baseURL: CATALOGUE_EDITS_URL };
const TAG = Date.now().toString(36);
const PRODUCT = `Trade Test Cup ${TAG}`;
const GROUP = `Distributor ${TAG}`;
const DISTRIBUTOR = { username: `e2e-distributor-${TAG}`, password: 'Compostable-Plates-2026!' };

let productId = 0;
let groupId = 0;

async function signedInRequest(account: { username: string; password: string }): Promise<APIRequestContext> {
  const request = await playwrightRequest.newContext({ baseURL: CATALOGUE_EDITS_URL });
  const answer = await request.post('/api/auth/login', { data: account, headers: await csrf(request) });
  expect(answer.status(), await answer.text()).toBe(200);
  return request;
}

async function csrf(request: APIRequestContext): Promise<Record<string, string>> {
  const answer = await request.get('/api/auth/csrf-token');
  return { 'X-CSRF-Token': ((await answer.json()) as { csrfToken: string }).csrfToken };
}

async function expectCreated<T>(
  request: APIRequestContext,
  url: string,
  data: unknown,
  method: 'post' | 'put' = 'post',
): Promise<T> {
  const answer = await request[method](url, { data, headers: await csrf(request) });
  expect(answer.status(), `${url}: ${await answer.text()}`).toBe(method === 'post' ? 201 : 200);
  return (await answer.json()) as T;
}

beforeAll(async () => {
  const admin = await signedInRequest(E2E_ADMINS.plain);
  try {
    productId = (
      await expectCreated<{ id: number }>(admin, '/api/admin/products', {
        name: PRODUCT,
        description: 'A bagasse cup sold by the bundle of five cartons, for the trade price tests.',
        price: '950.00',
        category: 'cups',
        imageUrl: '',
        inStock: true,
        unitsPerCarton: 50,
        unitType: 'pieces',
        hasVariations: false,
        minCartons: 5,
        cartonStep: 5,
        priceBreaks: [
          { minCartons: 10, price: '900.00' },
          { minCartons: 50, price: '850.00' },
        ],
      })
    ).id;
    groupId = (
      await expectCreated<{ id: number }>(admin, '/api/admin/price-groups', {
        name: GROUP,
        kind: 'prices',
        prices: [{ productId, price: '880.00', priceBreaks: [{ minCartons: 50, price: '800.00' }] }],
      })
    ).id;

    // The distributor's account, and its first enquiry, which makes the customer record the staff put in the group.
    const email = `${DISTRIBUTOR.username}@example.test`;
    const register = await playwrightRequest.newContext({ baseURL: CATALOGUE_EDITS_URL });
    const made = await register.post('/api/auth/register', {
      data: { ...DISTRIBUTOR, email, firstName: 'Deepa', lastName: 'Traders' },
      headers: await csrf(register),
    });
    expect(made.status(), await made.text()).toBe(201);
    await expectCreated(register, '/api/orders', {
      customerName: 'Deepa Traders',
      customerEmail: email,
      customerPhone: `98${String(Date.now()).slice(-8)}`,
      deliveryLocation: 'Market Road, Ernakulam, Kerala 682011',
      items: [{ productId, productName: PRODUCT, quantity: 5, price: '950.00' }],
      subtotal: '4750.00',
      tax: '0.00',
      total: '4750.00',
      isGuest: false,
      userId: null,
      sessionId: 'guest_e2e_trade',
    });
    await register.dispose();
    const found = await admin.get(`/api/admin/customers?q=${encodeURIComponent(email)}`);
    const customer = ((await found.json()) as { items: Array<{ id: number }> }).items[0];
    expect(customer, 'the distributor’s customer record').toBeDefined();
    await expectCreated(admin, `/api/admin/customers/${customer!.id}/price-group`, { groupId }, 'put');
  } finally {
    await admin.dispose();
  }
});

afterAll(async () => {
  const admin = await signedInRequest(E2E_ADMINS.plain);
  try {
    if (groupId) await admin.delete(`/api/admin/price-groups/${groupId}`, { headers: await csrf(admin) });
    if (productId) await admin.delete(`/api/admin/products/${productId}`, { headers: await csrf(admin) });
  } finally {
    await admin.dispose();
  }
});

const breaksTable = (page: Page) => main(page).getByRole('region', { name: 'Quantity prices' });
/** The table's bands as read aloud: 'cartons price' a row, the header row left out. */
const rows = (page: Page) =>
  breaksTable(page)
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) =>
        [...(tr as HTMLTableRowElement).cells].map((cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim()).join(' '),
      ),
    );
const quantity = (page: Page) => main(page).getByRole('spinbutton', { name: 'Quantity (cartons)' });
const marked = (page: Page) => breaksTable(page).locator('tr[aria-current]');

const addToCart = (page: Page) => main(page).getByRole('button', { name: 'Add to Cart', exact: true });

describeAtViewports('trade prices', (browser, _name, viewport) => {
  test('the product page shows the breaks, and its stepper starts at 5 and steps by 5', async () => {
    const { page } = await browser.open(viewport, ON_OWN_SERVER);
    await visit(page, `/products/${productId}`);
    await expectVisible(breaksTable(page));
    expect(await rows(page)).toEqual(['1-9 cartons ₹950.00', '10-49 cartons ₹900.00', '50 cartons or more ₹850.00']);
    await poll(() => quantity(page).inputValue(), 'the minimum to start with').toBe('5');
    await main(page).getByRole('button', { name: 'Increase quantity' }).click();
    await poll(() => quantity(page).inputValue(), 'one step up').toBe('10');
    await poll(() => marked(page).textContent(), 'the band of 10 cartons').toContain('10-49 cartons');
    await main(page).getByRole('button', { name: 'Decrease quantity' }).click();
    await poll(() => quantity(page).inputValue(), 'one step down').toBe('5');
  });

  test('the cart says what the next break saves: 5 cartons are 5 short of ₹900.00 each', async () => {
    const { page } = await browser.open(viewport, ON_OWN_SERVER);
    await visit(page, `/products/${productId}`);
    await poll(() => quantity(page).inputValue(), 'the minimum').toBe('5');
    await addToCart(page).click();
    await expectVisible(main(page).getByRole('button', { name: 'Added to Cart' }));
    const panel = await openCartPanel(page);
    await expectVisible(panel.getByText('5 more cartons for ₹900.00 each'));
  });

  test('a signed-in distributor sees the group’s prices and breaks; a guest the public ones', async () => {
    const { page, context } = await browser.open(viewport, ON_OWN_SERVER);
    const login = await context.request.post('/api/auth/login', {
      data: DISTRIBUTOR,
      headers: await csrf(context.request),
    });
    expect(login.status(), await login.text()).toBe(200);
    await visit(page, `/products/${productId}`);
    await expectVisible(main(page).getByText(`Your ${GROUP} price`).first());
    await poll(() => rows(page), 'the group’s bands').toEqual(['1-49 cartons ₹880.00', '50 cartons or more ₹800.00']);
    await expectVisible(
      main(page)
        .getByText(/^Box rate: ₹880\.00 for 50 pieces/)
        .first(),
    );

    const guest = await browser.open(viewport, ON_OWN_SERVER);
    await visit(guest.page, `/products/${productId}`);
    await expectVisible(breaksTable(guest.page));
    expect(await rows(guest.page)).toEqual(['1-9 cartons ₹950.00', '10-49 cartons ₹900.00', '50 cartons or more ₹850.00']);
    expect(await main(guest.page).getByText(`Your ${GROUP} price`).count()).toBe(0);
  });
});
