// Customer accounts in the browser: registration, the header's greeting and logout, validation, a refused login, 2FA at
// sign-in with a backup code, the redirects around /login, /register and /admin, the checkout for a signed-in
// account, the guest cart merged at sign-in, and accessibility. Every account is new (a random suffix), made
// through the page or through the API with a CSRF token.
import { randomBytes } from 'node:crypto';

import {
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
  request as playwrightRequest,
} from 'playwright-core';
import { expect, test } from 'vitest';

import type { PublicUser, TwoFactorSetup } from '#domains/account/model.ts';
import { totpCode } from '#domains/account/totp.server.ts';

import { authArea, E2E_ADMINS, logout } from './support/accounts.ts';
import { BASE_URL, checkA11y, describeAtViewports, visit } from './support/browser.ts';
import {
  allowFailure,
  catalogue,
  type CatalogueProduct,
  checkoutFields,
  expectCartCount,
  expectEnquirySent,
  expectToast,
  isPlain,
  main,
  pageCart,
  productCard,
  textOf,
} from './support/enquiry.ts';
import { expectCount, expectHidden, expectURL, expectVisible, isFocused, poll } from './support/expect.ts';
import { fieldError, fieldsByLabel, watchForZod } from './support/forms.ts';
import { linkIn, mailTo } from './support/mail.ts';

interface Account {
  username: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

const PASSWORD = 'Green-Leaf-Plates-42';

/** A new account's details; the username carries a random suffix so every run and test has its own. */
function newAccount(
  tag: string,
  names: { firstName: string; lastName: string } = { firstName: 'Meera', lastName: 'Nair' },
): Account {
  const username = `e2e-${tag}-${randomBytes(4).toString('hex')}`;
  return { username, email: `${username}@example.test`, password: PASSWORD, ...names };
}

/**
 * One account for the tests that only sign in (registration is rate-limited per address, and every browser test
 * comes from 127.0.0.1): created on first use. Nothing is put in its cart.
 */
let shared: Promise<{ account: Account; user: PublicUser }> | null = null;
function sharedAccount(): Promise<{ account: Account; user: PublicUser }> {
  if (!shared) {
    const account = newAccount('shared');
    shared = registerThroughApi(account).then((user) => ({ account, user }));
  }
  return shared;
}

/** Per viewport: the account whose cart the merge and checkout tests use (checkout empties it). */
const shoppers = new Map<string, Promise<{ account: Account; user: PublicUser }>>();
function shopper(viewport: string): Promise<{ account: Account; user: PublicUser }> {
  let found = shoppers.get(viewport);
  if (!found) {
    const account = newAccount(`shop-${viewport}`, { firstName: 'Lakshmi', lastName: 'Iyer' });
    found = registerThroughApi(account).then((user) => ({ account, user }));
    shoppers.set(viewport, found);
  }
  return found;
}

async function csrfToken(request: APIRequestContext): Promise<string> {
  const answer = await request.get('/api/auth/csrf-token');
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { csrfToken: string }).csrfToken;
}

/** Creates the account through the API, in a request context of its own (the browser's cookies stay as they are). */
async function registerThroughApi(account: Account): Promise<PublicUser> {
  const request = await playwrightRequest.newContext({ baseURL: BASE_URL });
  try {
    const answer = await request.post('/api/auth/register', {
      data: account,
      headers: { 'X-CSRF-Token': await csrfToken(request) },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    return ((await answer.json()) as { user: PublicUser }).user;
  } finally {
    await request.dispose();
  }
}

/** Signs the browser context in through the API (its cookies). */
async function loginThroughApi(context: BrowserContext, account: Account): Promise<void> {
  const answer = await context.request.post('/api/auth/login', {
    data: { username: account.username, password: account.password },
    headers: { 'X-CSRF-Token': await csrfToken(context.request) },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** Adds lines to the context's cart through the API, with the session's CSRF token. */
async function addToCartThroughApi(
  context: BrowserContext,
  lines: Array<{ productId: number; quantity: number }>,
): Promise<void> {
  const token = await csrfToken(context.request);
  for (const line of lines) {
    const answer = await context.request.post('/api/cart', {
      data: { productId: line.productId, variationId: null, quantity: line.quantity },
      headers: { 'X-CSRF-Token': token },
    });
    expect(answer.status(), await answer.text()).toBe(201);
  }
}

function registerFields(page: Page) {
  const form = main(page);
  return {
    ...fieldsByLabel(form, {
      firstName: 'First name',
      lastName: 'Last name',
      username: 'Username',
      email: 'Email',
      password: 'Password',
      confirmPassword: 'Confirm password',
    }),
    submit: form.getByRole('button', { name: 'Create account' }),
  };
}

async function fillRegistration(page: Page, account: Account, confirmPassword = account.password): Promise<void> {
  const f = registerFields(page);
  await f.firstName.fill(account.firstName);
  await f.lastName.fill(account.lastName);
  await f.username.fill(account.username);
  await f.email.fill(account.email);
  await f.password.fill(account.password);
  await f.confirmPassword.fill(confirmPassword);
}

async function fillLogin(page: Page, username: string, password: string): Promise<void> {
  await main(page).getByLabel('Username', { exact: true }).fill(username);
  await main(page).getByLabel('Password', { exact: true }).fill(password);
  await main(page).getByRole('button', { name: 'Login', exact: true }).click();
}

async function expectSignedOut(page: Page, phone: boolean): Promise<void> {
  const area = await authArea(page, phone);
  await expectVisible(area.getByRole('link', { name: 'Login', exact: true }));
  await expectVisible(area.getByRole('link', { name: 'Sign Up', exact: true }));
  await expectCount(area.getByRole('button', { name: 'Logout' }), 0);
  await expectCount(area.getByText(/^Hello, /), 0);
}

async function expectSignedIn(page: Page, phone: boolean, greeting: string, admin = false): Promise<Locator> {
  const area = await authArea(page, phone);
  await expectVisible(area.getByText(`Hello, ${greeting}`, { exact: true }));
  await expectVisible(area.getByRole('button', { name: 'Logout', exact: true }));
  await expectCount(area.getByRole('link', { name: 'Login', exact: true }), 0);
  await expectCount(area.getByRole('link', { name: 'Sign Up', exact: true }), 0);
  await expectCount(area.getByRole('link', { name: 'Admin', exact: true }), admin ? 1 : 0);
  return area;
}

/** The toast 'Logged out successfully' (no description). */
async function expectLoggedOutToast(page: Page): Promise<void> {
  const toast = page.getByRole('status').getByTestId('toast');
  await expectVisible(toast.getByText('Logged out successfully', { exact: true }));
  await expectCount(page.getByTestId('toast'), 1);
}

/** The paths a document request went through, first to last (server redirects). */
function redirectChain(response: Awaited<ReturnType<typeof visit>>): string[] {
  const chain: string[] = [];
  for (let request = response?.request() ?? null; request; request = request.redirectedFrom()) {
    chain.unshift(new URL(request.url()).pathname);
  }
  return chain;
}

async function plainProduct(): Promise<CatalogueProduct> {
  const found = (await catalogue()).find(isPlain);
  if (!found) throw new Error('The catalogue has no in-stock product without variations');
  return found;
}

describeAtViewports('customer accounts', (browser, name, viewport) => {
  const phone = name === 'phone';

  test('register → signed in at once, greeted by first name → logout → Login and Sign Up again', async () => {
    const account = newAccount('reg', { firstName: 'Anitha', lastName: 'Varma' });
    const { page } = await browser.open(viewport);
    await visit(page, '/register');
    expect(await page.title()).toMatch(/^Create an account \| /);
    await expectSignedOut(page, phone);
    if (phone) await page.getByRole('button', { name: 'Close menu' }).click();

    await fillRegistration(page, account);
    const sent = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/auth/register' && r.method() === 'POST');
    await registerFields(page).submit.click();
    const request = await sent;
    expect(request.headers()['x-csrf-token']).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(request.postDataJSON()).toEqual({
      username: account.username,
      email: account.email,
      password: account.password,
      firstName: account.firstName,
      lastName: account.lastName,
    });
    await expectToast(page, 'Registration successful', 'Welcome! Your account has been created.');
    await expectURL(page, '/');
    await expectSignedIn(page, phone, 'Anitha');

    // The session is the server's: a reload still knows the account (rendered by the server).
    await visit(page, '/about');
    await expectSignedIn(page, phone, 'Anitha');

    await logout(page, phone);
    await expectLoggedOutToast(page);
    await expectURL(page, '/');
    await expectSignedOut(page, phone);
    const status = await page.evaluate(async () => (await fetch('/api/auth/status')).json());
    expect(status).toMatchObject({ authenticated: false, user: null });
  });

  test('registration checks: every field required, passwords must match, at least 8 characters; nothing is sent', async () => {
    const account = newAccount('val');
    const { page } = await browser.open(viewport);
    const sent: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/auth/register') sent.push(r.method());
    });
    await visit(page, '/register');
    const f = registerFields(page);

    await f.submit.click();
    await poll(() => fieldError(f.firstName)).toBe('First name is required');
    expect(await f.firstName.getAttribute('aria-invalid')).toBe('true');

    await fillRegistration(page, account, `${account.password}x`);
    await f.submit.click();
    await poll(() => fieldError(f.confirmPassword)).toBe('Passwords do not match');
    expect(await fieldError(f.firstName)).toBeNull();

    await f.password.fill('short1!');
    await f.confirmPassword.fill('short1!');
    await f.submit.click();
    await poll(() => fieldError(f.password)).toBe('Password must be at least 8 characters long');
    expect(await fieldError(f.confirmPassword)).toBeNull();

    expect(sent).toEqual([]);
    await expectURL(page, '/register');
  });

  test('a server refusal shows in the red alert: the username is taken', async () => {
    const { account } = await sharedAccount();
    const { page } = await browser.open(viewport, allowFailure('/api/auth/register', 409));
    await visit(page, '/register');
    await fillRegistration(page, { ...account, email: `other-${account.email}` });
    await registerFields(page).submit.click();
    const alert = main(page).getByRole('alert');
    await expectVisible(alert.getByText('That username is already taken', { exact: true }));
    await expectURL(page, '/register');
  });

  test('login with a wrong password: the server message in a red alert, still signed out', async () => {
    const { account } = await sharedAccount();
    const { page } = await browser.open(viewport, allowFailure('/api/auth/login', 401));
    await visit(page, '/login');
    expect(await page.title()).toMatch(/^Login \| /);
    await fillLogin(page, account.username, `${account.password}-wrong`);
    const alert = main(page).getByRole('alert');
    await expectVisible(alert);
    expect(await textOf(alert)).toBe('Invalid username or password');
    await expectURL(page, '/login');
    await expectSignedOut(page, phone);
  });

  test("no security token: the login says 'Failed to get security token' and sends nothing", async () => {
    const { account } = await sharedAccount();
    const { page } = await browser.open(viewport, allowFailure('/api/auth/csrf-token', 500));
    const sent: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/auth/login') sent.push(r.method());
    });
    await page.route(
      (url) => url.pathname === '/api/auth/csrf-token',
      (route) => route.fulfill({ status: 500, json: { message: 'Simulated failure' } }),
    );
    await visit(page, '/login');
    await fillLogin(page, account.username, account.password);
    const alert = main(page).getByRole('alert');
    await expectVisible(alert);
    expect(await textOf(alert)).toBe('Failed to get security token');
    expect(sent).toEqual([]);
  });

  test('login page: User and Admin tabs with their subtitles, the links, then a user login goes to /', async () => {
    const { account } = await sharedAccount();
    const { page } = await browser.open(viewport);
    await visit(page, '/login');

    const tablist = main(page).getByRole('tablist');
    const userTab = tablist.getByRole('tab', { name: 'User Login' });
    const adminTab = tablist.getByRole('tab', { name: 'Admin Login' });
    expect(await userTab.getAttribute('aria-selected')).toBe('true');
    expect(await adminTab.getAttribute('aria-selected')).toBe('false');
    const panel = main(page).getByRole('tabpanel');
    await expectVisible(panel.getByText('Access your account and shop', { exact: true }));
    await adminTab.click();
    expect(await adminTab.getAttribute('aria-selected')).toBe('true');
    await expectVisible(panel.getByText('Access admin panel and management tools', { exact: true }));
    // Arrow keys move between the tabs.
    await page.keyboard.press('ArrowLeft');
    await poll(() => isFocused(userTab)).toBe(true);
    expect(await userTab.getAttribute('aria-selected')).toBe('true');
    await expectVisible(panel.getByText('Access your account and shop', { exact: true }));

    expect(await main(page).getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/register');
    expect(await main(page).getByRole('link', { name: 'Back to website' }).getAttribute('href')).toBe('/');

    const sent = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/auth/login' && r.method() === 'POST');
    await fillLogin(page, account.username, account.password);
    expect((await sent).headers()['x-csrf-token']).toBeTruthy();
    await expectToast(page, 'Login successful', 'Welcome back');
    await expectURL(page, '/');
    await expectSignedIn(page, phone, 'Meera');
  });

  test('signing in with the e-mail address, the password shown while it is typed', async () => {
    const { account } = await sharedAccount();
    const { page } = await browser.open(viewport);
    await visit(page, '/login');
    const password = main(page).getByLabel('Password', { exact: true });
    const show = main(page).getByRole('button', { name: 'Show password' });
    await password.fill(account.password);
    expect(await password.getAttribute('type')).toBe('password');
    expect(await show.getAttribute('aria-pressed')).toBe('false');
    await show.click();
    expect(await password.getAttribute('type')).toBe('text');
    expect(await show.getAttribute('aria-pressed')).toBe('true');
    expect(await password.inputValue()).toBe(account.password);
    const box = await show.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeGreaterThanOrEqual(44);

    await fillLogin(page, account.email.toUpperCase(), account.password);
    await expectToast(page, 'Login successful', 'Welcome back');
    await expectURL(page, '/');
    await expectSignedIn(page, phone, 'Meera');
  });

  test('a user with 2FA: code view with the username, Back to login, a wrong code, then a backup code', async () => {
    const account = newAccount('tfa', { firstName: 'Ravi', lastName: 'Menon' });
    await registerThroughApi(account);
    // Turn 2FA on for the account through the API; keep a backup code (the app's codes need the clock).
    const { context: setupContext } = await browser.open(viewport);
    await loginThroughApi(setupContext, account);
    const setupAnswer = await setupContext.request.post('/api/auth/setup-2fa', {
      headers: { 'X-CSRF-Token': await csrfToken(setupContext.request) },
    });
    expect(setupAnswer.status(), await setupAnswer.text()).toBe(200);
    const setup = (await setupAnswer.json()) as TwoFactorSetup;
    const enabled = await setupContext.request.post('/api/auth/enable-2fa', {
      data: { token: totpCode(setup.manualEntryKey, new Date()) },
      headers: { 'X-CSRF-Token': await csrfToken(setupContext.request) },
    });
    expect(enabled.status(), await enabled.text()).toBe(200);
    const backup = setup.backupCodes[0];
    if (!backup) throw new Error('No backup codes');

    const { page } = await browser.open(viewport, allowFailure('/api/auth/verify-2fa', 401));
    await visit(page, '/login');
    await fillLogin(page, account.username, account.password);
    await expectToast(page, '2FA Required', 'Please enter your two-factor authentication code.');
    await expectVisible(main(page).getByText(account.username, { exact: true }));
    const code = main(page).getByLabel('Authentication code', { exact: true });
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    const verify = main(page).getByRole('button', { name: 'Verify', exact: true });
    await code.fill('12a34');
    expect(await code.inputValue()).toBe('1234');
    expect(await verify.isDisabled()).toBe(true);
    await code.fill('1234567');
    expect(await code.inputValue()).toBe('123456');
    expect(await verify.isDisabled()).toBe(false);
    // A code pasted as the app shows it, in two groups.
    await code.fill(' 654 321');
    expect(await code.inputValue()).toBe('654321');
    // Pending: not signed in yet.
    await expectSignedOut(page, phone);
    if (phone) await page.getByRole('button', { name: 'Close menu' }).click();

    // Back to login clears the entry.
    await main(page).getByRole('button', { name: 'Back to login' }).click();
    await expectVisible(main(page).getByRole('tab', { name: 'User Login' }));
    expect(await main(page).getByLabel('Username', { exact: true }).inputValue()).toBe('');
    await fillLogin(page, account.username, account.password);
    await expectToast(page, '2FA Required', 'Please enter your two-factor authentication code.');

    // A wrong code: red alert and the destructive toast.
    const wrong = totpCode(setup.manualEntryKey, new Date()) === '000000' ? '111111' : '000000';
    await code.fill(wrong);
    await verify.click();
    await expectToast(page, 'Verification Failed', 'Invalid verification code', 'destructive');
    await expectVisible(main(page).getByRole('alert').getByText('Invalid verification code', { exact: true }));

    // A backup code through the small toggle.
    await main(page).getByRole('button', { name: 'Use a backup code' }).click();
    const backupField = main(page).getByLabel('Backup code', { exact: true });
    await poll(() => isFocused(backupField)).toBe(true);
    // Pasted with a stray space and in lower case.
    await backupField.fill(` ${backup.toLowerCase()}`);
    expect(await backupField.inputValue()).toBe(backup);
    await verify.click();
    await expectToast(page, 'Login successful', 'Welcome back');
    await expectURL(page, '/');
    await expectSignedIn(page, phone, 'Ravi');
  });

  test('signed in: /login and /register send to /, /admin ends on / by way of /login; /admin/login → /login', async () => {
    const { account } = await sharedAccount();
    const { page, context } = await browser.open(viewport);

    // A visitor.
    for (const path of ['/admin/login', '/admin']) {
      const response = await visit(page, path);
      expect(redirectChain(response)).toEqual([path, '/login']);
      await expectURL(page, '/login');
      await expectVisible(main(page).getByRole('tab', { name: 'Admin Login' }));
    }

    await loginThroughApi(context, account);
    for (const path of ['/login', '/register']) {
      const response = await visit(page, path);
      expect(redirectChain(response)).toEqual([path, '/']);
      await expectURL(page, '/');
      await expectSignedIn(page, phone, 'Meera');
    }
    // Not an admin: /admin sends to /login, which sends a signed-in user home.
    const response = await visit(page, '/admin');
    expect(redirectChain(response)).toEqual(['/admin', '/login', '/']);
    await expectURL(page, '/');
    // /admin/login goes the same way.
    expect(redirectChain(await visit(page, '/admin/login'))).toEqual(['/admin/login', '/login', '/']);
  });

  test('an admin: the Admin tab leads to /admin; the header greets by username with an Admin link; /login sends back', async () => {
    const admin = E2E_ADMINS.plain;
    const { page } = await browser.open(viewport);
    await visit(page, '/login');
    await main(page).getByRole('tab', { name: 'Admin Login' }).click();
    await fillLogin(page, admin.username, admin.password);
    await expectToast(page, 'Login successful', 'Welcome back to the admin panel');
    await expectURL(page, '/admin');

    await visit(page, '/');
    // This admin has no first name: greeted by username.
    const area = await expectSignedIn(page, phone, admin.username, true);
    expect(await area.getByRole('link', { name: 'Admin', exact: true }).getAttribute('href')).toBe('/admin');
    expect(redirectChain(await visit(page, '/login'))).toEqual(['/login', '/admin']);
    expect(redirectChain(await visit(page, '/register'))).toEqual(['/register', '/']);
  });

  test('a cart filled as a guest is still there after login (merged into the account)', async () => {
    // The account's cart is empty: this runs before the checkout test, which empties it anyway.
    const { account } = await shopper(name);
    const product = await plainProduct();
    const { page, context } = await browser.open(viewport);
    await visit(page, '/');
    await addToCartThroughApi(context, [{ productId: product.id, quantity: 3 }]);
    await visit(page, '/login');
    await expectCartCount(page, 1);

    await fillLogin(page, account.username, account.password);
    await expectToast(page, 'Login successful', 'Welcome back');
    await expectURL(page, '/');
    await expectCartCount(page, 1);
    const cart = await pageCart(page);
    expect(cart.map((item) => [item.productId, item.quantity])).toEqual([[product.id, 3]]);

    // The cart belongs to the account: logging out leaves a new, empty guest cart.
    await logout(page, phone);
    await expectLoggedOutToast(page);
    await expectCartCount(page, 0);
    // And it comes back with the account.
    await visit(page, '/login');
    await fillLogin(page, account.username, account.password);
    await expectURL(page, '/');
    await expectCartCount(page, 1);
  });

  test('checkout for a signed-in account: greeted, name and email prefilled, phone empty, sent as the account', async () => {
    const { account, user } = await shopper(name);
    const product = await plainProduct();
    const { page, context } = await browser.open(viewport);
    await loginThroughApi(context, account);
    await addToCartThroughApi(context, [{ productId: product.id, quantity: 2 }]);

    await visit(page, '/checkout');
    await expectVisible(main(page).getByText('Welcome back, Lakshmi!', { exact: true }));
    const fields = checkoutFields(page);
    expect(await fields.name.inputValue()).toBe('Lakshmi Iyer');
    expect(await fields.email.inputValue()).toBe(account.email);
    expect(await fields.phone.inputValue()).toBe('');

    await fields.phone.fill('9876543210');
    await fields.address.fill('Door 4, Temple Road, Thrissur, Kerala 680001');
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/orders' && r.request().method() === 'POST');
    await main(page).getByRole('button', { name: 'Submit Enquiry' }).click();
    const response = await answered;
    expect(response.status(), await response.text()).toBe(201);
    const request = response.request();
    expect(request.headers()['x-csrf-token']).toBeTruthy();
    expect(request.postDataJSON()).toMatchObject({
      customerName: 'Lakshmi Iyer',
      customerEmail: account.email,
      customerPhone: '9876543210',
      isGuest: false,
      userId: user.id,
      sessionId: null,
    });
    const { displayId } = (await response.json()) as { displayId: number };
    await expectURL(page, '/');
    await expectEnquirySent(page, displayId);
    await expectCartCount(page, 0);
  });

  test('a token outdated by a new session is fetched again once: the next change still goes through', async () => {
    const plain = (await catalogue()).filter(isPlain);
    const category = plain.map((p) => p.category).find((c) => plain.filter((p) => p.category === c).length >= 2);
    const [first, second] = plain.filter((p) => p.category === category);
    if (!first || !second) throw new Error('The catalogue needs two in-stock products without variations in one category');
    const isCartAdd = (url: string) => new URL(url).pathname === '/api/cart';
    const { page, context } = await browser.open(viewport, allowFailure('/api/cart', 403));
    const answers: number[] = [];
    page.on('response', (r) => {
      if (isCartAdd(r.url()) && r.request().method() === 'POST') answers.push(r.status());
    });
    await visit(page, `/products?category=${encodeURIComponent(first.category)}`);

    await productCard(page, first.name).getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expectCartCount(page, 1);
    // The session goes (as after a sign-in in another tab): the page's token no longer matches.
    await context.clearCookies();
    await productCard(page, second.name).getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expectVisible(productCard(page, second.name).getByRole('button', { name: 'Added to Cart' }));
    // Playwright may report the last answer after the page has shown it.
    await poll(() => answers, 'cart add answers').toEqual([201, 403, 201]);
    // The new session's cart has the second product only.
    expect((await pageCart(page)).map((item) => item.productId)).toEqual([second.id]);
  });

  test('forgot password: /login’s link, the e-mail’s one-time link, a new password, then signed in with it', async () => {
    const account = newAccount('forgot', { firstName: 'Devika', lastName: 'Menon' });
    await registerThroughApi(account);
    const newPassword = 'Bagasse-Bowl-Kochi-7';
    // The link is opened again at the end, when it is refused as used.
    const { page } = await browser.open(viewport, allowFailure('/api/auth/password-reset', 410));
    /** A tap on the phone, the keyboard on the laptop; every target at least 44 px high. */
    const activate = async (target: Locator) => {
      expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      if (phone) await target.tap();
      else {
        await target.focus();
        await page.keyboard.press('Enter');
      }
    };
    const type = async (field: Locator, text: string) => {
      if (phone) await field.tap();
      else await field.focus();
      await page.keyboard.type(text);
    };

    await visit(page, '/login');
    await activate(main(page).getByRole('link', { name: 'Forgot password?' }));
    await expectURL(page, '/forgot-password');
    await expectVisible(main(page).getByRole('heading', { name: 'Forgot password' }));
    await checkA11y(page);
    await type(main(page).getByLabel('Email', { exact: true }), account.email);
    await activate(main(page).getByRole('button', { name: 'Send me a link' }));
    await expectVisible(main(page).getByRole('heading', { name: 'Check your e-mail' }));
    await expectVisible(main(page).getByText(/^If a customer account uses this address, we have e-mailed it a link/));
    await checkA11y(page);

    const mail = await mailTo(account.email, /^Choose a new password for your /);
    expect(mail.body).toContain('Dear Devika,');
    const link = linkIn(mail.body, '/reset-password');
    await visit(page, link);
    await expectVisible(main(page).getByRole('heading', { name: 'Choose a new password' }));
    await expectVisible(main(page).getByText('For your account'));
    await expectVisible(main(page).getByText('At least 8 characters', { exact: true }));
    await checkA11y(page);
    await type(main(page).getByLabel('New password', { exact: true }), newPassword);
    await type(main(page).getByLabel('Confirm new password'), newPassword);
    await activate(main(page).getByRole('button', { name: 'Set my new password' }));
    await expectVisible(main(page).getByRole('heading', { name: 'Your new password is set' }));
    await checkA11y(page);
    await activate(main(page).getByRole('link', { name: 'Log in' }));
    await expectURL(page, '/login');
    await fillLogin(page, account.username, newPassword);
    await expectToast(page, 'Login successful', 'Welcome back');
    // The toast comes before the sign-in's navigation home, which closes a phone's menu: look once it has happened.
    await expectURL(page, '/');
    await expectSignedIn(page, phone, 'Devika');

    // The link worked once.
    await visit(page, link);
    await expectVisible(
      main(page)
        .getByRole('alert')
        .getByText('This link has already been used. Log in with your new password, or ask for a new link from the login page.'),
    );
  });

  test('accessibility of /login (both tabs and the code-free form) and /register, errors shown', async () => {
    const { page } = await browser.open(viewport);
    await visit(page, '/login');
    await checkA11y(page);
    await main(page).getByRole('tab', { name: 'Admin Login' }).click();
    await main(page).getByRole('button', { name: 'Login', exact: true }).click();
    await expectVisible(main(page).getByText('Username is required', { exact: true }));
    await checkA11y(page);

    await visit(page, '/register');
    await checkA11y(page);
    await registerFields(page).submit.click();
    await expectVisible(main(page).getByText('First name is required', { exact: true }));
    await checkA11y(page);
    await expectHidden(main(page).getByText('Checking authentication'));
  });

  test('the sign-in pages load their rules (and Zod) when a field is first focused, not with the page', async () => {
    const pages = [
      ['/login', 'Username', 'Username is required'],
      ['/register', 'First name', 'First name is required'],
      ['/forgot-password', 'Email', 'Email is required'],
    ] as const;
    for (const [path, label, message] of pages) {
      const { page } = await browser.open(viewport);
      const zod = watchForZod(page);
      await visit(page, path);
      expect(await zod.withPage(), path).toBe(false);
      const field = main(page).getByLabel(label, { exact: true });
      await field.focus();
      await zod.loadsLater();
      await field.press('Enter');
      await expectVisible(main(page).getByText(message, { exact: true }));
    }
  });
});
