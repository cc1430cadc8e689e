import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

import { E2E_ADMINS } from './accounts';
import { visit } from './browser';
import { expectVisible } from './expect';

/** The X-CSRF-Token header of the context's session, for calls made with context.request. */
export async function csrfHeader(context: BrowserContext): Promise<Record<string, string>> {
  const answer = await context.request.get('/api/auth/csrf-token');
  return { 'X-CSRF-Token': ((await answer.json()) as { csrfToken: string }).csrfToken };
}

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
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) === 'false') await menu.click();
  return page.getByRole('navigation', { name: 'Admin' });
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
