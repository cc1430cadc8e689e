// The admin area's guard: the 2FA offer, the setup wizard
// (setup → verify → backup codes) on E2E_ADMINS.twoFactor, signing in again with a computed code, 'Skip for
// Now' on E2E_ADMINS.plain, the sidebar, and visitors sent to /login. E2E_ADMINS.twoFactor is the only account
// a test turns two-factor on for, and only the desktop run does it; the phone run then signs in to it with a
// code, so the two share one sequential describe.
import { readFile } from 'node:fs/promises';

import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';

import { totpCode } from '#domains/account/totp.server.ts';

import { E2E_ADMINS } from './support/accounts.ts';
import { adminNav, csrfHeader, freshCode } from './support/admin.ts';
import { checkA11y, CHROMIUM, type OpenPageOptions, useBrowser, VIEWPORT_ENTRIES, VIEWPORTS, visit } from './support/browser.ts';
import { allowFailure, expectToast } from './support/enquiry.ts';
import { expectCount, expectURL, expectVisible, isFocused, poll } from './support/expect.ts';

type Account = { username: string; password: string };

/** The sidebar's links in order: name, address, and for a section the heading its page opens with. */
const SIDEBAR: Array<{ name: string; href: string; heading?: string }> = [
  { name: 'Dashboard', href: '/admin' },
  { name: 'Orders', href: '/admin/orders', heading: 'Orders' },
  { name: 'Contacts', href: '/admin/contacts', heading: 'Contacts' },
  { name: 'Products', href: '/admin/products', heading: 'Products' },
  { name: 'Security', href: '/admin/security', heading: 'Security Center' },
  { name: 'Back to Site', href: '/' },
];
const BACKUP_CODE = /^[A-Z0-9]{4}-[A-Z0-9]{4}$/;
/** /login, the Admin Login tab, username and password, Login. */
async function loginThroughPage(page: Page, account: Account): Promise<void> {
  await visit(page, '/login');
  await page.getByRole('tab', { name: 'Admin Login' }).click();
  await page.getByLabel('Username', { exact: true }).fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Signs the context in with the password only, through the API (its cookies, a CSRF token). */
async function loginThroughApi(context: BrowserContext, account: Account): Promise<{ requiresTwoFactor: boolean }> {
  const answer = await context.request.post('/api/auth/login', {
    data: { username: account.username, password: account.password },
    headers: await csrfHeader(context),
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as { requiresTwoFactor: boolean };
}

/** Registers (and so signs in) a new user account in the context. */
async function registerUser(context: BrowserContext, tag: string): Promise<void> {
  const username = `e2e-user-${tag}-${Date.now().toString(36)}`;
  const answer = await context.request.post('/api/auth/register', {
    data: {
      username,
      email: `${username}@example.test`,
      password: 'Compostable-Plates-2026!',
      firstName: 'Test',
      lastName: 'User',
    },
    headers: await csrfHeader(context),
  });
  expect(answer.status(), await answer.text()).toBe(201);
}

const banner = (page: Page) => page.getByRole('region', { name: 'Admin session' });
const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

async function expectAdminContent(page: Page, bannerText: string): Promise<void> {
  await expectVisible(banner(page).getByText(bannerText, { exact: true }));
  // 'Session expires in 4 hours' just after signing in, then counting down by the minute.
  await expectVisible(banner(page).getByText(/^Session expires in (4 hours|3 hours \d+ minutes?)$/));
  await expectVisible(page.getByRole('main').getByRole('heading', { level: 1 }));
}

async function expectSidebar(page: Page): Promise<void> {
  const nav = await adminNav(page);
  for (const { name, href } of SIDEBAR) {
    const link = nav.getByRole('link', { name, exact: true });
    await expectVisible(link);
    expect(await link.getAttribute('href')).toBe(href);
  }
  await expectVisible(nav.getByRole('button', { name: 'Logout', exact: true }));
}

async function expectOffer(page: Page): Promise<void> {
  await expectVisible(heading(page, 'Secure Your Admin Account'));
  await expectVisible(page.getByRole('button', { name: 'Setup 2FA Now' }));
  await expectVisible(page.getByRole('button', { name: 'Skip for Now' }));
  await expectCount(banner(page), 0);
}

/** Each wizard step's heading takes the focus, so the change is announced. */
async function expectStep(page: Page, name: string): Promise<void> {
  const h = heading(page, name);
  await expectVisible(h);
  await poll(() => isFocused(h), `focus on '${name}'`).toBe(true);
}

async function clipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

/** Set by the desktop wizard run; the phone run signs in with it. */
let secret: string | null = null;
/** The last TOTP step the server accepted for E2E_ADMINS.twoFactor. */
let usedStep: number | null = null;

describe.skipIf(!CHROMIUM)('admin sign-in and guard', () => {
  const browser = useBrowser();
  const clipboardAccess: OpenPageOptions = { context: { permissions: ['clipboard-read', 'clipboard-write'] } };

  // Sequential on purpose: the desktop run enables 2FA, the phone run signs in to the same account with a code.
  describe('E2E_ADMINS.twoFactor', () => {
    test('desktop: offer → wizard (setup, verify, backup codes) → secure session → logout → sign in again with a code', async () => {
      const account = E2E_ADMINS.twoFactor;
      const refused = allowFailure('/api/auth/enable-2fa', 400);
      const { page } = await browser.open(VIEWPORTS.desktop, { ...clipboardAccess, ...refused });

      await loginThroughPage(page, account);
      await expectURL(page, '/admin');
      await expectOffer(page);
      await checkA11y(page);

      // Step 1: setup.
      await page.getByRole('button', { name: 'Setup 2FA Now' }).click();
      await expectStep(page, 'Set Up Two-Factor Authentication');
      await checkA11y(page);
      await page.getByRole('button', { name: 'Begin Setup' }).click();
      await expectToast(page, '2FA Setup Initiated', /./);

      // Step 2: the QR image, the manual key (copied), the code.
      await expectStep(page, 'Scan and Verify');
      const qr = page.getByRole('img', { name: /QR code/ });
      expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      const key = ((await page.getByTestId('manual-entry-key').textContent()) ?? '').trim();
      expect(key).toMatch(/^[A-Z2-7]{16,}=*$/);
      await checkA11y(page);

      const copyKey = page.getByRole('button', { name: /^Copy manual entry key/ });
      await copyKey.click();
      await expectVisible(copyKey.getByText('Copied', { exact: true }));
      await expectToast(page, 'Copied', /./);
      expect(await clipboard(page)).toBe(key);
      // The tick goes after 2 seconds.
      await poll(() => copyKey.getByText('Copy', { exact: true }).isVisible(), 'Copy again').toBe(true);

      // A wrong code: the red alert and the destructive toast, and the wizard stays.
      const codeField = page.getByLabel('Verification code', { exact: true });
      const verify = page.getByRole('button', { name: 'Verify and Enable' });
      await codeField.fill('12ab3');
      expect(await codeField.inputValue()).toBe('123');
      expect(await verify.isDisabled()).toBe(true);
      const wrong = totpCode(key, new Date()) === '000000' ? '111111' : '000000';
      await codeField.fill(wrong);
      await verify.click();
      await expectToast(page, 'Verification Failed', 'Invalid verification code', 'destructive');
      await expectVisible(page.getByRole('main').getByRole('alert').getByText('Invalid verification code'));
      await expectVisible(heading(page, 'Scan and Verify'));

      // The status read anew once 2FA is on is held back until the panel shows: 'Complete Setup' must not offer the
      // setup again while it is on its way (a slow phone network).
      let releaseStatus = () => {};
      const statusHeld = new Promise<void>((resolve) => (releaseStatus = resolve));
      await page.route('**/api/auth/status', async (route) => {
        await statusHeld;
        await route.continue().catch((error: unknown) => {
          // A read the page gave up while it was held (a newer read took its place) is gone: nothing to let through.
          if (!String(error).includes('already handled')) throw error;
        });
      });
      const first = await freshCode(key, null);
      await codeField.fill(first.code);
      // A double click sends the code once: the second press came before the button was disabled, and its refusal
      // ('already enabled') showed beside the success.
      const enables: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/auth/enable-2fa') enables.push(request.method());
      });
      await verify.dblclick();
      await expectToast(page, '2FA Enabled', /./);
      expect(enables).toEqual(['POST']);
      secret = key;
      usedStep = first.step;

      // Step 3: backup codes, hidden at first.
      await expectStep(page, 'Save Your Backup Codes');
      const codeList = page.getByRole('list', { name: 'Backup codes' });
      await expectCount(codeList, 0);
      const show = page.getByRole('button', { name: 'Show codes' });
      expect(await show.getAttribute('aria-expanded')).toBe('false');
      await show.click();
      await expectCount(codeList.getByRole('listitem'), 10);
      const codes = (await codeList.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
      for (const code of codes) expect(code).toMatch(BACKUP_CODE);
      expect(new Set(codes).size).toBe(10);
      await checkA11y(page);
      const hide = page.getByRole('button', { name: 'Hide codes' });
      expect(await hide.getAttribute('aria-expanded')).toBe('true');
      await hide.click();
      await expectCount(codeList, 0);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^backup-codes-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.txt$/);
      const file = await readFile(await download.path(), 'utf8');
      expect(file).toMatch(/used only once/);
      for (const code of codes) expect(file).toContain(code);

      const copyCodes = page.getByRole('button', { name: /^Copy backup codes/ });
      await copyCodes.click();
      await expectVisible(copyCodes.getByText('Copied', { exact: true }));
      await expectToast(page, 'Copied', /./);
      expect((await clipboard(page)).split('\n')).toEqual(codes);

      // The account is verified now, but the wizard waits for 'Complete Setup'.
      await expectVisible(heading(page, 'Save Your Backup Codes'));
      await page.getByRole('button', { name: 'Complete Setup' }).click();
      await expectAdminContent(page, 'Secure Admin Session Active');
      releaseStatus();
      await page.unrouteAll({ behavior: 'wait' });
      await expectVisible(heading(page, 'Dashboard'));
      await expectSidebar(page);
      await checkA11y(page);

      // Logout, then the password again: the login page asks for a new code.
      await (await adminNav(page)).getByRole('button', { name: 'Logout' }).click();
      await expectURL(page, '/login');
      await expectVisible(page.getByTestId('toast').getByText('Logged out successfully', { exact: true }));
      await loginThroughPage(page, account);
      const loginCode = page.getByLabel('Authentication code', { exact: true });
      await expectVisible(loginCode);
      const second = await freshCode(key, usedStep);
      await loginCode.fill(second.code);
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      usedStep = second.step;
      await expectURL(page, '/admin');
      await expectAdminContent(page, 'Secure Admin Session Active');
      await expectVisible(heading(page, 'Dashboard'));
    }, 150_000);

    test('phone: a pending sign-in at /admin gets the code entry; a wrong code, then a fresh one opens the admin area', async () => {
      expect(secret, 'the desktop run enables 2FA first').not.toBeNull();
      const { page, context } = await browser.open(VIEWPORTS.phone, allowFailure('/api/auth/verify-2fa', 401));
      const answer = await loginThroughApi(context, E2E_ADMINS.twoFactor);
      expect(answer.requiresTwoFactor).toBe(true);

      await visit(page, '/admin');
      await expectVisible(heading(page, 'Two-Factor Authentication'));
      await expectCount(banner(page), 0);
      await expectCount(page.getByRole('navigation', { name: 'Admin' }), 0);
      await checkA11y(page);

      const field = page.getByLabel('Authentication code', { exact: true });
      const verify = page.getByRole('button', { name: 'Verify', exact: true });
      await field.fill('9x8-7');
      expect(await field.inputValue()).toBe('987');
      expect(await verify.isDisabled()).toBe(true);
      const wrong = totpCode(secret!, new Date()) === '000000' ? '111111' : '000000';
      await field.fill(wrong);
      await verify.click();
      await expectToast(page, 'Verification Failed', 'Invalid verification code', 'destructive');
      await expectVisible(page.getByRole('main').getByRole('alert').getByText('Invalid verification code'));
      await checkA11y(page);

      const fresh = await freshCode(secret!, usedStep);
      await field.fill(fresh.code);
      await verify.click();
      usedStep = fresh.step;
      await expectToast(page, '2FA Verified', 'Welcome to the admin panel!');
      await expectAdminContent(page, 'Secure Admin Session Active');
      await expectSidebar(page);
      await checkA11y(page);
    }, 90_000);
  });

  describe.each(VIEWPORT_ENTRIES)('%s', (name, viewport) => {
    test('E2E_ADMINS.plain: offer → a failed setup, cancelled → Skip for Now → the 2FA-recommended banner, also after a reload', async () => {
      const { page } = await browser.open(viewport, allowFailure('/api/auth/setup-2fa', 500));
      await loginThroughPage(page, E2E_ADMINS.plain);
      await expectURL(page, '/admin');
      await expectOffer(page);
      await checkA11y(page);

      // Setup fails (simulated: the server is not asked, so this account never gets 2FA): alert, toast, Cancel.
      await page.route(
        (url) => url.pathname === '/api/auth/setup-2fa',
        (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: '' }),
      );
      await page.getByRole('button', { name: 'Setup 2FA Now' }).click();
      await expectStep(page, 'Set Up Two-Factor Authentication');
      await page.getByRole('button', { name: 'Begin Setup' }).click();
      await expectToast(page, 'Setup Failed', '2FA setup failed', 'destructive');
      await expectVisible(page.getByRole('main').getByRole('alert').getByText('2FA setup failed', { exact: true }));
      await checkA11y(page);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expectOffer(page);
      await poll(() => isFocused(page.getByRole('button', { name: 'Setup 2FA Now' }))).toBe(true);

      await page.getByRole('button', { name: 'Skip for Now' }).click();
      await expectAdminContent(page, 'Admin Session Active (2FA Recommended)');
      await expectVisible(heading(page, 'Dashboard'));
      await expectSidebar(page);
      await checkA11y(page);

      // Skipping lasts for the tab's session.
      await visit(page, '/admin');
      await expectAdminContent(page, 'Admin Session Active (2FA Recommended)');
      await expectCount(heading(page, 'Secure Your Admin Account'), 0);

      // The sections, each under its own heading (Products is still a placeholder).
      for (const { name, href, heading: title } of SIDEBAR.filter((link) => link.heading)) {
        await (await adminNav(page)).getByRole('link', { name, exact: true }).click();
        await expectURL(page, href);
        await expectVisible(page.getByRole('main').getByRole('heading', { level: 1, name: title, exact: true }));
      }
      await expectCount(page.getByRole('main').getByText('Coming soon', { exact: true }), 0);
      const current = (await adminNav(page)).getByRole('link', { name: 'Security', exact: true });
      expect(await current.getAttribute('aria-current')).toBe('page');

      // No public header or footer in the admin area.
      await expectCount(page.getByRole('contentinfo'), 0);
      await expectCount(page.getByRole('navigation', { name: 'Main' }), 0);

      await (await adminNav(page)).getByRole('link', { name: 'Back to Site' }).click();
      await expectURL(page, '/');
    });

    test('a signed-in user asking for /admin is sent to /login (which sends a user home)', async () => {
      const { page, context } = await browser.open(viewport);
      await registerUser(context, name);
      const response = await page.goto('/admin/orders', { waitUntil: 'domcontentloaded' });
      const chain: string[] = [];
      for (let request = response?.request() ?? null; request; request = request.redirectedFrom()) {
        chain.unshift(new URL(request.url()).pathname);
      }
      expect(chain).toEqual(['/admin/orders', '/login', '/']);
      await expectCount(banner(page), 0);
      await expectCount(page.getByRole('navigation', { name: 'Admin' }), 0);
    });

    test('a visitor asking for /admin or /admin/orders ends on /login; the storefront loads no admin code', async () => {
      const { page } = await browser.open(viewport);
      for (const path of ['/admin', '/admin/orders']) {
        const response = await visit(page, path);
        expect(response?.ok()).toBe(true);
        await expectURL(page, '/login');
        await expectVisible(page.getByRole('tab', { name: 'Admin Login' }));
      }

      await visit(page, '/');
      const scripts = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((url) => url.endsWith('.js')),
      );
      expect(scripts.length).toBeGreaterThan(0);
      for (const url of scripts) {
        const source = await (await fetch(url)).text();
        expect(source, url).not.toContain('Secure Admin Session Active');
        expect(source, url).not.toContain('Save Your Backup Codes');
      }
    });
  });
});
