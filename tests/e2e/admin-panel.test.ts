// The admin panel (Dashboard, Orders page, Contacts page, Security Center): an enquiry
// and a message sent as a customer appear unseen, counted on the dashboard and in the sidebar; the details dialog
// shows each block; status, seen and delete (with their confirmations); the CSV download; the Security
// Center's tabs and the Change Password dialog's checks; no sideways scrolling, 44 px targets and axe on each screen.
import fs from 'node:fs';

import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';

import { E2E_ADMINS } from './support/accounts';
import { adminNav, expectPhoneFriendly, sendEnquiry, sendMessage, signInAsAdmin } from './support/admin';
import { checkA11y, describeAtViewports, visit } from './support/browser';
import { expectHidden, expectVisible, poll } from './support/expect';

const row = (page: Page, name: string) => page.getByTestId('order-row').filter({ hasText: name });

describeAtViewports('admin panel', (browser, viewportName, viewport) => {
  test('an enquiry sent by a customer appears unseen, counted; details, status, seen and delete work', async () => {
    const { page, context } = await browser.open(viewport);
    const customer = await browser.open(viewport);
    const name = `Admin Test ${viewportName} ${Date.now().toString(36)}`;
    await signInAsAdmin(page, '/admin');
    const before = Number(
      await page
        .getByText(/^\d+ new$/)
        .first()
        .textContent()
        .then((text) => text?.split(' ')[0]),
    );
    const displayId = await sendEnquiry(customer.context, name);

    // Counted among the new ones. Other files' tests send enquiries to the same server at the same time, so the count
    // can grow by more than this one; the row itself is checked unseen below.
    await visit(page, '/admin');
    await poll(async () =>
      Number(
        (
          await page
            .getByText(/^\d+ new$/)
            .first()
            .textContent()
        )?.split(' ')[0],
      ),
    ).toBeGreaterThanOrEqual(before + 1);
    await checkA11y(page);
    if (viewportName === 'phone') await expectPhoneFriendly(page);

    await (await adminNav(page)).getByRole('link', { name: 'Orders', exact: true }).click();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Orders' }));
    await expectVisible(row(page, name));
    expect(await row(page, name).getAttribute('class')).toContain('bg-amber-50');
    await expectVisible(row(page, name).getByText('Unseen', { exact: true }));
    await expectVisible(row(page, name).getByText('Guest', { exact: true }));
    expect(await page.title()).toMatch(/^\(\d+\) /);
    await checkA11y(page);
    if (viewportName === 'phone') await expectPhoneFriendly(page);

    // Details: every block of the dialog.
    await row(page, name)
      .getByRole('button', { name: `View order #${displayId}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Order #${displayId}` });
    await expectVisible(dialog);
    for (const block of [
      'Order management',
      'Order',
      'Customer information',
      'Delivery address',
      'Special requests',
      'Items',
      'Technical info',
      'History',
    ]) {
      await expectVisible(dialog.getByRole('heading', { name: block, exact: true }));
    }
    await expectVisible(dialog.getByText('Deliver before Sunday'));
    await expectVisible(dialog.getByText('Guest', { exact: true }));
    await expectVisible(dialog.getByText('Session ID: guest_e2e_admin'));
    await expectVisible(dialog.getByText('User ID: Guest'));
    await expectVisible(dialog.getByRole('link', { name: 'WhatsApp' }));
    expect(await dialog.getByRole('link', { name: 'E-mail' }).getAttribute('href')).toContain(
      encodeURIComponent(`#${displayId}`),
    );
    await checkA11y(page);

    await dialog.getByLabel('Change status').selectOption('confirmed');
    await expectVisible(dialog.getByText('Current status: Confirmed'));
    await expectVisible(dialog.getByText('Status set to confirmed by e2e-admin'));
    await page.keyboard.press('Escape');
    await expectHidden(dialog);
    await expectVisible(row(page, name).getByText('Confirmed', { exact: true }));

    await row(page, name)
      .getByRole('button', { name: `Mark as seen: order #${displayId}` })
      .click();
    await expectVisible(row(page, name).getByText('Seen', { exact: true }));
    await poll(async () => (await row(page, name).getAttribute('class')) ?? '').not.toContain('bg-amber-50');

    // Delete: the confirmation; dismissing it keeps the enquiry.
    const messages: string[] = [];
    page.once('dialog', (confirm) => {
      messages.push(confirm.message());
      void confirm.dismiss();
    });
    await row(page, name)
      .getByRole('button', { name: `Delete order #${displayId}` })
      .click();
    await poll(() => messages.length).toBe(1);
    expect(messages[0]).toBe('Are you sure you want to delete this order?');
    await expectVisible(row(page, name));
    page.once('dialog', (confirm) => void confirm.accept());
    await row(page, name)
      .getByRole('button', { name: `Delete order #${displayId}` })
      .click();
    await expectHidden(row(page, name));
    await customer.context.close();
    await context.close();
  });

  test('the enquiries download as CSV with the current filter', async () => {
    const { page } = await browser.open(viewport);
    const customer = await browser.open(viewport);
    const name = `CSV ${viewportName} ${Date.now().toString(36)}`;
    const displayId = await sendEnquiry(customer.context, name);
    await signInAsAdmin(page, '/admin/orders');
    await page.getByRole('searchbox', { name: /^Search name/ }).fill(name);
    await page.keyboard.press('Enter');
    await poll(() => page.getByTestId('order-row').count()).toBe(1);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const text = fs.readFileSync(file, 'utf8');
    expect(text.startsWith('\uFEFFEnquiry,Date (IST),Status')).toBe(true);
    const rows = text.trimEnd().split('\r\n');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(`${displayId},`);
    expect(rows[1]).toContain(name);
    await customer.context.close();
  });

  test('a message appears in Contacts; seen shows Contact updated; delete asks with the contact name', async () => {
    const { page } = await browser.open(viewport);
    const customer = await browser.open(viewport);
    const name = `Msg ${viewportName} ${Date.now().toString(36)}`;
    await sendMessage(customer.context, { name });
    await signInAsAdmin(page, '/admin/contacts');
    const line = page.getByTestId('contact-row').filter({ hasText: name });
    await expectVisible(line);
    await expectVisible(line.getByText('Bulk Order Quote'));
    await checkA11y(page);
    if (viewportName === 'phone') await expectPhoneFriendly(page);
    await line.getByRole('button', { name: `Mark as seen: message from ${name}` }).click();
    await expectVisible(page.getByText('Contact updated', { exact: true }));
    await expectVisible(line.getByText('Seen', { exact: true }));
    const messages: string[] = [];
    page.once('dialog', (confirm) => {
      messages.push(confirm.message());
      void confirm.accept();
    });
    await line.getByRole('button', { name: `Delete message from ${name}` }).click();
    await expectHidden(line);
    expect(messages).toEqual([`Are you sure you want to delete the contact from ${name}? This action cannot be undone.`]);
    await customer.context.close();
  });

  test('the Security Center: cards, banner, tabs by keyboard, events, and the Change Password checks in order', async () => {
    const { page } = await browser.open(viewport);
    await signInAsAdmin(page, '/admin/security');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Security Center' }));
    for (const card of ['Two-factor', 'Session security', 'Monitoring'])
      await expectVisible(page.getByRole('heading', { name: card, exact: true }));
    await expectVisible(page.getByRole('button', { name: 'Setup 2FA' }).first());
    for (const label of ['Critical events', 'High events', 'Failed logins'])
      await expectVisible(page.getByText(label, { exact: true }));
    const overview = page.getByRole('tab', { name: 'Security Overview' });
    expect(await overview.getAttribute('aria-selected')).toBe('true');
    await expectVisible(page.getByRole('region', { name: 'Recent security events' }).getByText('LOGIN_SUCCESS').first());
    await checkA11y(page);
    if (viewportName === 'phone') await expectPhoneFriendly(page);

    await overview.focus();
    await page.keyboard.press('ArrowRight');
    const settings = page.getByRole('tab', { name: 'Security Settings' });
    expect(await settings.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { name: 'Security Logs' }).getAttribute('aria-selected')).toBe('true');
    await expectVisible(page.getByRole('region', { name: 'Security events' }));
    await page.keyboard.press('ArrowLeft');
    await expectVisible(page.getByText('Admin sessions expire after 4 hours.'));

    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await expectVisible(dialog);
    await checkA11y(page);
    const current = dialog.getByLabel('Current password');
    const next = dialog.getByLabel('New password', { exact: true });
    const confirm = dialog.getByLabel('Confirm new password');
    const submit = dialog.getByRole('button', { name: 'Change Password' });
    const alert = dialog.getByRole('alert');
    const attempt = async (values: [string, string, string], message: string) => {
      await current.fill(values[0]);
      await next.fill(values[1]);
      await confirm.fill(values[2]);
      await submit.click();
      await poll(() => alert.textContent()).toBe(message);
    };
    await attempt(['', '', ''], 'All fields are required');
    await attempt([E2E_ADMINS.plain.password, 'Banana-Leaf-2026!', 'Banana-Leaf-2027!'], 'New passwords do not match');
    await attempt([E2E_ADMINS.plain.password, 'Short-1!', 'Short-1!'], 'New password must be at least 12 characters long');
    await attempt(
      [E2E_ADMINS.plain.password, E2E_ADMINS.plain.password, E2E_ADMINS.plain.password],
      'New password must be different from current password',
    );
    await attempt(
      [E2E_ADMINS.plain.password, 'bananaleafplates', 'bananaleafplates'],
      'New password must contain uppercase, lowercase, numbers, and symbols',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectHidden(dialog);
  });
});
