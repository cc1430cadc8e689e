// Following an enquiry in the browser: sending one through checkout, the staff opening it, a customer signed in.
import { randomBytes } from 'node:crypto';

import { type Locator, type Page, request as playwrightRequest } from 'playwright-core';
import { expect } from 'vitest';

import { signInAsAdmin } from './admin';
import { BASE_URL, visit } from './browser';
import { expectEnquirySent, main } from './enquiry';
import { expectURL } from './expect';

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
  const form = main(page);
  await form.getByLabel('Full name', { exact: true }).fill(CUSTOMER.name);
  await form.getByLabel('Email', { exact: true }).fill(CUSTOMER.email);
  await form.getByLabel('Mobile number', { exact: true }).fill(CUSTOMER.phone);
  await form.getByLabel('Delivery address', { exact: true }).fill(CUSTOMER.address);
  if (gstin !== undefined) await form.getByLabel('GSTIN (optional)', { exact: true }).fill(gstin);
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/orders');
  await form.getByRole('button', { name: /^Submit/ }).click();
  const created = (await (await answer).json()) as { displayId: number };
  await expectURL(page, '/');
  await expectEnquirySent(page, created.displayId);
  return created.displayId;
}

/** Signs the page in as staff and opens the enquiry's details dialog from the Orders list. */
export async function openOrderAsStaff(page: Page, displayId: number): Promise<Locator> {
  await signInAsAdmin(page, '/admin/orders');
  await page.getByRole('searchbox', { name: /^Search name/ }).fill(String(displayId));
  await page
    .getByRole('button', { name: `View order #${displayId}` })
    .filter({ visible: true })
    .click();
  return page.getByRole('dialog', { name: `Order #${displayId}` });
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
