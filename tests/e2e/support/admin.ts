import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

import type { PanelRole } from '#domains/account/model.ts';
import { totpCode } from '#domains/account/totp.server.ts';

import { E2E_ADMINS } from './accounts.ts';
import { BASE_URL, type OpenedPage, type OpenPageOptions, type SuiteBrowser, type Viewport, visit } from './browser.ts';
import { catalogue, escapeRegExp, isPlain, pick } from './enquiry.ts';
import { expectVisible, poll } from './expect.ts';
import { linkIn, mailTo } from './mail.ts';

/** The X-CSRF-Token header of the context's session, for calls made with context.request. */
export async function csrfHeader(context: BrowserContext): Promise<Record<string, string>> {
  const answer = await context.request.get('/api/auth/csrf-token');
  return { 'X-CSRF-Token': ((await answer.json()) as { csrfToken: string }).csrfToken };
}

/**
 * A tag of letters only, for names the staff then search for: digits in a search are also looked for in phone
 * numbers, which every test enquiry and message has.
 */
export const letters = (): string =>
  Date.now()
    .toString(36)
    .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? '');

/** The panel's toast with this title. */
export const toast = (page: Page, title: string): Locator => page.getByTestId('toast').filter({ hasText: title });

/** Signs in as the plain administrator and skips the 2FA offer, landing on `path`. */
export async function signInAsAdmin(page: Page, path: string): Promise<void> {
  const context = page.context();
  const answer = await context.request.post('/api/auth/login', {
    data: { username: E2E_ADMINS.plain.username, password: E2E_ADMINS.plain.password },
    headers: await csrfHeader(context),
  });
  expect(answer.status(), await answer.text()).toBe(200);
  await visit(page, path);
  await page.getByRole('button', { name: 'Skip for Now' }).click();
  await expectVisible(page.getByRole('main').getByRole('heading', { level: 1 }));
}

/** The admin menu's navigation; on a phone its Menu button opens it first. */
export async function adminNav(page: Page): Promise<Locator> {
  const menu = page.getByRole('button', { name: /^Menu\b/ });
  const nav = page.getByRole('navigation', { name: 'Admin' });
  // The panel may still be on its way (after a sign-in, or two-factor's setup while the status is read again): the
  // phone's menu button, or the wide screen's navigation, shows once it is there.
  await poll(async () => (await menu.isVisible()) || (await nav.isVisible()), 'the admin menu or navigation').toBe(true);
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) === 'false') await menu.click();
  return nav;
}

/**
 * At 390 px nothing scrolls sideways and every button, link and control is at least 44 px in each direction. A check
 * box or file input inside its label is tapped through the label, so the label is what is measured.
 */
export async function expectPhoneFriendly(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'sideways scrolling').toBeLessThanOrEqual(0);
  const small = await page
    .locator('main button:visible, main a:visible, main select:visible, main input:visible, nav[aria-label="Admin"] a:visible')
    .evaluateAll((elements) =>
      elements
        .map((element) => ({ element, box: (element.closest('label') ?? element).getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && (box.width < 44 || box.height < 44))
        .map(
          ({ element, box }) =>
            `${element.tagName} "${element.textContent?.trim()}" ${Math.round(box.width)}x${Math.round(box.height)}`,
        ),
    );
  expect(small, 'targets under 44 px').toEqual([]);
}

const STEP_MS = 30_000;

/** The 30-second TOTP step of a moment. */
const stepOf = (at: Date) => Math.floor(at.getTime() / STEP_MS);

/** Of the clock's step, at least this much left: a code of the step before it is still taken when it reaches the server. */
const BEFORE_STEP_LEFT_MS = 10_000;

/**
 * A code for a step after `used` (the server refuses a step at or before the last it accepted). The server takes the
 * codes of the steps just before and just after the clock's (a phone whose clock runs a little slow or fast), so a
 * first code is of the step before while enough of this one is left: three sign-ins in a row then need no wait. The
 * clock is waited for only when the step after it has been used.
 */
export async function freshCode(secret: string, used: number | null): Promise<{ code: string; step: number }> {
  if (used !== null) {
    await expect
      .poll(() => stepOf(new Date()) + 1, { timeout: STEP_MS + 5_000, interval: 250, message: 'a step after the used one' })
      .toBeGreaterThan(used);
  }
  const at = Date.now();
  const now = stepOf(new Date(at));
  const first = STEP_MS - (at % STEP_MS) >= BEFORE_STEP_LEFT_MS ? now - 1 : now;
  const step = used === null ? first : Math.max(now, used + 1);
  return { code: totpCode(secret, new Date(step * STEP_MS)), step };
}

/**
 * A colleague invited by the plain administrator (through the API, in the administrator's context) who accepted in
 * `context` with `password` and turned two-factor on (staff must; an administrator may): signed in there. Answers
 * their username, the authenticator's secret, the 30-second step of the code used and the first backup codes.
 */
export async function invitedColleague(
  admin: BrowserContext,
  context: BrowserContext,
  { tag, password, role = 'staff' }: { tag: string; password: string; role?: PanelRole },
) {
  const email = `sreeja-${tag}@example.test`;
  const invited = await admin.request.post('/api/admin/staff', {
    headers: await csrfHeader(admin),
    data: { email, firstName: 'Sreeja', role },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = linkIn((await mailTo(email, / invited you to /)).body, '/join').split('#')[1];
  const username = `sreeja-${tag}`;
  const accepted = await context.request.post('/api/auth/accept-invite', {
    headers: await csrfHeader(context),
    data: { token, username, password },
  });
  expect(accepted.status(), await accepted.text()).toBe(201);
  const setup = await context.request.post('/api/auth/setup-2fa', { headers: await csrfHeader(context) });
  const { manualEntryKey: secret, backupCodes } = (await setup.json()) as { manualEntryKey: string; backupCodes: string[] };
  const at = new Date();
  const enabled = await context.request.post('/api/auth/enable-2fa', {
    headers: await csrfHeader(context),
    data: { token: totpCode(secret, at) },
  });
  expect(enabled.status(), await enabled.text()).toBe(200);
  return { username, secret, step: stepOf(at), backupCodes };
}

/** Sends an enquiry as a guest customer in a context of its own (from `contact` when given); answers its enquiry number. */
export async function sendEnquiry(
  context: BrowserContext,
  customerName: string,
  contact: { email: string; phone: string } = { email: 'staff-test@example.in', phone: '9847012345' },
): Promise<number> {
  const product = pick(await catalogue(), 'an in-stock product without variations', isPlain);
  const answer = await context.request.post('/api/orders', {
    headers: await csrfHeader(context),
    data: {
      customerName,
      customerEmail: contact.email,
      customerPhone: contact.phone,
      deliveryLocation: '14/220 Temple Road, Edappally, Kochi, Kerala 682024',
      specialRequests: 'Deliver before Sunday',
      items: [{ productId: product.id, productName: product.name, quantity: 2, price: product.price }],
      subtotal: '0.00',
      tax: '0.00',
      total: '0.00',
      isGuest: true,
      userId: null,
      sessionId: 'guest_e2e_admin',
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { displayId: number }).displayId;
}

/**
 * Sends a customer's message through the contact form's API from a context of its own: a bulk-order question from a
 * caterer unless `fields` say otherwise.
 */
export async function sendMessage(
  context: BrowserContext,
  fields: { name: string; email?: string; company?: string; inquiryType?: string; message?: string },
): Promise<void> {
  const answer = await context.request.post('/api/contact', {
    headers: await csrfHeader(context),
    data: {
      email: 'message-test@example.in',
      phone: '9847012345',
      inquiryType: 'bulk-order',
      message: 'Forty cartons of areca plates every month, please quote.',
      ...fields,
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
}

/**
 * A customer's message as the staff find it: sent from the customer's own browser, then searched for by its sender's
 * name on the Contacts page. Answers the staff's page, the customer's browser and the message's row.
 */
export async function messageInContacts(
  browser: SuiteBrowser,
  viewport: Viewport,
  fields: Parameters<typeof sendMessage>[1],
): Promise<{ page: Page; customer: OpenedPage; row: Locator }> {
  const { page } = await browser.open(viewport);
  const customer = await browser.open(viewport);
  await sendMessage(customer.context, fields);
  await signInAsAdmin(page, '/admin/contacts');
  await page.getByRole('searchbox', { name: /^Search name/ }).fill(fields.name);
  await page.keyboard.press('Enter');
  return { page, customer, row: page.getByTestId('contact-row').filter({ hasText: fields.name }) };
}

/**
 * A page of `baseURL`'s server whose session ends on purpose: the panel's calls are refused (401) until the sign-in
 * prompt has signed in again, whose first try may meet the stale security token (403) or a wrong password (401).
 */
export const sessionEnds = (baseURL: string = BASE_URL): OpenPageOptions => ({
  baseURL,
  allowRequest: (url, status) =>
    (status === 401 && /\/api\/(admin\/|auth\/(session|login)$)/.test(url)) ||
    (status === 403 && url.endsWith('/api/auth/login')),
  allowConsole: [
    new RegExp(`^Failed to load resource: the server responded with a status of 40[13] .*\\(at ${escapeRegExp(baseURL)}/api/`),
  ],
});
