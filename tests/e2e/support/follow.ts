// Following an enquiry in the browser: sending one through checkout, the staff opening it, a customer signed in.
import { randomBytes } from 'node:crypto';

import { type BrowserContext, type Locator, type Page, request as playwrightRequest } from 'playwright-core';
import { expect } from 'vitest';

import type { OrderInvoice } from '#domains/invoice/model.ts';
import type { Quote } from '#domains/quote/model.ts';

import { csrfHeader, signInAsAdmin } from './admin.ts';
import { BASE_URL, type OpenedPage, type SuiteBrowser, type Viewport, visit, waitForHydration } from './browser.ts';
import { expectEnquirySent, fillCheckout, type LineInput, main, openWithCart, seedCart } from './enquiry.ts';
import { expectURL, poll } from './expect.ts';

export const CUSTOMER = {
  name: 'Anitha Nair',
  email: 'anitha.nair@example.com',
  phone: '9876543210',
  address: 'Door 12, MG Road, Aluva, Ernakulam, Kerala 683101',
};
const PASSWORD = 'Green-Leaf-Plates-42';

/** Sends the cart's enquiry through the checkout form (with a business's GSTIN when given); answers the enquiry number. */
export async function sendThroughCheckout(page: Page, gstin?: string): Promise<number> {
  await visit(page, '/checkout');
  await fillCheckout(page, { ...CUSTOMER, gstin });
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/orders');
  await main(page)
    .getByRole('button', { name: /^Submit/ })
    .click();
  const created = (await (await answer).json()) as { displayId: number };
  await expectURL(page, '/');
  await expectEnquirySent(page, created.displayId);
  return created.displayId;
}

/** Follows the enquiry just sent from the notice the page keeps of it to its status page; answers the page's token. */
export async function followFromNotice(page: Page): Promise<string> {
  await page.getByTestId('last-enquiry-notice').getByRole('link', { name: 'Follow your enquiry' }).click();
  await poll(() => new URL(page.url()).pathname, 'the status page').toMatch(/^\/enquiry\/[A-Za-z0-9_-]{43}$/);
  return new URL(page.url()).pathname.split('/').at(-1)!;
}

/**
 * A guest with `lines` in the cart sends the enquiry through the checkout and follows it from the notice to its
 * status page: the customer's side of every journey that goes on with the staff.
 */
export async function enquireAndFollow(
  browser: SuiteBrowser,
  viewport: Viewport,
  lines: LineInput[],
): Promise<OpenedPage & { displayId: number; token: string }> {
  const opened = await openWithCart(browser, viewport, lines);
  const displayId = await sendThroughCheckout(opened.page);
  return { ...opened, displayId, token: await followFromNotice(opened.page) };
}

/** Signs the page in as staff and opens the enquiry's details dialog from the Orders list. */
export async function openOrderAsStaff(page: Page, displayId: number): Promise<Locator> {
  await signInAsAdmin(page, '/admin/orders');
  return findOrder(page, displayId);
}

/** The enquiry's open details closed, the Orders list read again (the API changed the enquiry), the details reopened. */
export async function reopenOrder(page: Page, displayId: number): Promise<Locator> {
  await page
    .getByRole('dialog', { name: `Order #${displayId}` })
    .getByRole('button', { name: 'Close' })
    .click();
  await page.reload();
  await waitForHydration(page);
  return findOrder(page, displayId);
}

async function findOrder(page: Page, displayId: number): Promise<Locator> {
  await page.getByRole('searchbox', { name: /^Search name/ }).fill(String(displayId));
  await page
    .getByRole('button', { name: `View order #${displayId}` })
    .filter({ visible: true })
    .click();
  return page.getByRole('dialog', { name: `Order #${displayId}` });
}

/** The customer accepts the first version of the quote through the API, by the status link's or the account's address. */
export async function acceptThroughApi(context: BrowserContext, url: string): Promise<void> {
  const accepted = await context.request.post(url, { headers: await csrfHeader(context), data: { version: 1 } });
  expect(accepted.status(), await accepted.text()).toBe(200);
}

type PricedLine = { price: string; hsnCode: string; gstRate: number };
/** One priced line, ₹50 delivery in Kerala: what the staff quote or confirm through the API. */
const terms = (line: PricedLine) => ({ lines: [line], delivery: '50', placeOfSupply: '32' });

/** The staff's quote of one line sent through the API (₹50 delivery in Kerala, a week to answer): the quote. */
export async function quoteThroughApi(context: BrowserContext, displayId: number, line: PricedLine): Promise<Quote> {
  const sent = await context.request.post(`/api/admin/orders/${displayId - 1000}/quotes`, {
    headers: await csrfHeader(context),
    data: { ...terms(line), validUntil: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10) },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return (await sent.json()) as Quote;
}

/** The staff issue the tax invoice through the API from the line they confirm (as quoteThroughApi's): its record. */
export async function invoiceThroughApi(context: BrowserContext, displayId: number, line: PricedLine): Promise<OrderInvoice> {
  const issued = await context.request.post(`/api/admin/orders/${displayId - 1000}/invoice`, {
    headers: await csrfHeader(context),
    data: { confirmed: terms(line) },
  });
  expect(issued.status(), await issued.text()).toBe(201);
  return (await issued.json()) as OrderInvoice;
}

/** A new customer account, signed in in the page's context. */
export async function signInNewCustomer(page: Page, firstName = 'Meera'): Promise<void> {
  const username = `e2e-status-${randomBytes(4).toString('hex')}`;
  const request = await playwrightRequest.newContext({ baseURL: BASE_URL });
  try {
    const token = async () => ((await (await request.get('/api/auth/csrf-token')).json()) as { csrfToken: string }).csrfToken;
    const registered = await request.post('/api/auth/register', {
      data: { username, email: `${username}@example.test`, password: PASSWORD, firstName, lastName: 'Nair' },
      headers: { 'X-CSRF-Token': await token() },
    });
    expect(registered.status(), await registered.text()).toBe(201);
  } finally {
    await request.dispose();
  }
  const context = page.context();
  const { csrfToken } = (await (await context.request.get('/api/auth/csrf-token')).json()) as { csrfToken: string };
  const login = await context.request.post('/api/auth/login', {
    data: { username, password: PASSWORD },
    headers: { 'X-CSRF-Token': csrfToken },
  });
  expect(login.status(), await login.text()).toBe(200);
}

/** A new customer, signed in, sends an enquiry of `lines` through the checkout (see sendThroughCheckout). */
export async function enquireAsNewCustomer(page: Page, lines: LineInput[], gstin?: string): Promise<number> {
  await signInNewCustomer(page);
  await seedCart(page.context(), lines);
  return sendThroughCheckout(page, gstin);
}
