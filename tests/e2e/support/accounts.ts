import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Admin accounts the browser tests' server starts with (tests/e2e/support/global-server.ts creates them).
 * `twoFactor` is the only account a test may turn two-factor on for; `plain` never gets it, so any
 * test can sign in with just its password.
 */
export const E2E_ADMINS = {
  twoFactor: { username: 'e2e-admin-2fa', password: 'Admin-2fa-Passw0rd!', email: 'admin-2fa@example.test' },
  plain: { username: 'e2e-admin', password: 'Admin-Plain-Passw0rd!', email: 'admin@example.test' },
} as const;

/**
 * Where the auth area shows at this size: the header on desktop, the opened mobile menu on a phone (the header
 * has no room for it there).
 */
export async function authArea(page: Page, phone: boolean): Promise<Locator> {
  if (!phone) return page.getByRole('banner');
  const open = page.getByRole('button', { name: 'Open menu' });
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  // The menu closes itself after a navigation (e.g. the one logout makes): open it once it is closed.
  await expect
    .poll(async () => {
      if (await menu.isVisible()) return true;
      if (await open.isVisible()) await open.click();
      return menu.isVisible();
    })
    .toBe(true);
  return menu;
}

/**
 * Clicks Logout in the auth area. On a phone it waits for logout's navigation to close the menu, so the next
 * look at the auth area opens the menu afresh instead of reading the one about to close.
 */
export async function logout(page: Page, phone: boolean): Promise<void> {
  const area = await authArea(page, phone);
  await area.getByRole('button', { name: 'Logout', exact: true }).click();
  if (phone) await area.waitFor({ state: 'hidden' });
}
