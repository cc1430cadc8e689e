// The Security Center in a real browser at 390 and 1280 px, as an administrator invited for the test (so the shared
// accounts keep their passwords): a sign-in with the right password and a wrong code is a failed login, counted; a
// new set of backup codes shows the codes and the count left; a password change is in the log at once, not at the
// next minute's refresh.
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';

import { totpCode } from '#domains/account/totp.server.ts';

import { csrfHeader, expectPhoneFriendly, freshCode, invitedColleague, signInAsAdmin } from './support/admin.ts';
import { checkA11y, describeAtViewports, type OpenPageOptions, visit } from './support/browser.ts';
import { expectHidden, expectVisible, poll, POLL_TIMEOUT_MS, texts } from './support/expect.ts';

const PASSWORD = 'Jackfruit-Leaf#Kottayam26';
const NEW_PASSWORD = 'Palm-Frond!Alappuzha2027';

/** The wrong code is refused on purpose. */
const WRONG_CODE: OpenPageOptions = {
  allowRequest: (url, status) => status === 401 && url.endsWith('/api/auth/verify-2fa'),
  allowConsole: [/^Failed to load resource: the server responded with a status of 401/],
};

/** The figure under a summary's label ('Failed logins'). */
async function summaryFigure(page: Page, label: string): Promise<number> {
  const figure = page.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1] | preceding-sibling::dd[1]');
  return Number(((await figure.textContent()) ?? '').replaceAll(',', '').trim());
}

/** The log's rows of one event for one account. */
const eventRows = (page: Page, event: string, username: string): Locator =>
  page
    .getByTestId('security-event')
    .filter({ hasText: new RegExp(`^${event}`) })
    .filter({ hasText: username });

describeAtViewports('the Security Center', (browser, viewportName, viewport) => {
  test('a wrong code is a failed login; new backup codes and the count left; a password change logged at once', async () => {
    const admin = await browser.open(viewport);
    await signInAsAdmin(admin.page, '/admin');
    const { page, context } = await browser.open(viewport);
    const tag = `${viewportName[0]}s${Date.now().toString(36)}`;
    const { username, secret, step, backupCodes } = await invitedColleague(admin.context, context, {
      tag,
      password: PASSWORD,
      role: 'admin',
    });
    await visit(page, '/admin/security');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Security Center' }));
    await expectVisible(page.getByText('Failed logins', { exact: true }));
    await poll(() => summaryFigure(page, 'Failed logins'), 'the figure').not.toBeNaN();
    const failedBefore = await summaryFigure(page, 'Failed logins');

    // Elsewhere, the right password and a wrong code; then a backup code signs in (one of ten used).
    const elsewhere = await browser.open(viewport, WRONG_CODE);
    const login = async () => {
      const answer = await elsewhere.context.request.post('/api/auth/login', {
        headers: await csrfHeader(elsewhere.context),
        data: { username, password: PASSWORD },
      });
      expect(answer.status(), await answer.text()).toBe(200);
      expect(((await answer.json()) as { requiresTwoFactor: boolean }).requiresTwoFactor).toBe(true);
    };
    const verify = async (token: string) =>
      elsewhere.context.request.post('/api/auth/verify-2fa', {
        headers: await csrfHeader(elsewhere.context),
        data: { token },
      });
    await login();
    // Not the code of now (nor, but by a one-in-a-million chance, of the steps either side).
    const wrong = String((Number(totpCode(secret, new Date())) + 1) % 1_000_000).padStart(6, '0');
    expect((await verify(wrong)).status()).toBe(401);
    const backup = await verify(backupCodes[0]!);
    expect(backup.status(), await backup.text()).toBe(200);

    // The failed login is counted and logged (other tests on the shared server may add their own).
    await visit(page, '/admin/security');
    await poll(() => summaryFigure(page, 'Failed logins'), 'failed logins').toBeGreaterThanOrEqual(failedBefore + 1);
    const recent = page.getByRole('region', { name: 'Recent security events' });
    await expectVisible(eventRows(page, '2FA_FAILED', username));
    await expectVisible(
      recent.getByTestId('security-event').filter({ hasText: username }).getByText('high', { exact: true }).first(),
    );
    await checkA11y(page);
    if (viewportName === 'phone') await expectPhoneFriendly(page);

    // Backup codes: nine left; a new set for a current code shows its ten codes, and ten left.
    await page.getByRole('tab', { name: 'Security Settings' }).click();
    const left = page.getByTestId('backup-codes-left');
    await expectVisible(left.getByText('9 of 10 backup codes left.'));
    await page.getByRole('button', { name: 'Make new backup codes' }).click();
    await page.getByLabel('Authentication code').fill((await freshCode(secret, step)).code);
    await page.getByRole('button', { name: 'Make new backup codes' }).click();
    await expectVisible(page.getByTestId('toast').filter({ hasText: 'New backup codes made' }));
    await expectVisible(page.getByText('Your new backup codes: keep them somewhere safe.'));
    await page.getByRole('button', { name: 'Show codes' }).click();
    const codes = await texts(page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem'));
    expect(codes).toHaveLength(10);
    expect(codes.filter((code) => backupCodes.includes(code))).toEqual([]);
    await expectVisible(left.getByText('10 of 10 backup codes left.'));
    await checkA11y(page);
    if (viewportName === 'phone') await expectPhoneFriendly(page);

    // The password change: in the log at once (the log's own refresh is a minute; this waits at most the poll's).
    expect(await eventRows(page, 'PASSWORD_CHANGED', username).count()).toBe(0);
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByLabel('Current password').fill(PASSWORD);
    await dialog.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    const changedAt = Date.now();
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expectHidden(dialog);
    await page.getByRole('tab', { name: 'Security Logs' }).click();
    await expectVisible(eventRows(page, 'PASSWORD_CHANGED', username));
    expect(Date.now() - changedAt).toBeLessThan(POLL_TIMEOUT_MS + 5_000);
  }, 150_000);
});
