// The admin panel (Dashboard, Orders page, Contacts page, Security Center): an enquiry
// and a message sent as a customer appear unseen, counted on the dashboard and in the sidebar; the details dialog
// shows each block; status, seen and delete (with their confirmations); the CSV download; the Security
// Center's tabs and the Change Password dialog's checks; the Contacts page's columns from tablet width and its cards on
// a phone; no sideways scrolling, 44 px targets and axe on each screen.
import fs from 'node:fs';

import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';

import { E2E_ADMINS } from './support/accounts.ts';
import { adminNav, expectPhoneFriendly, messageInContacts, sendEnquiry, sendMessage, signInAsAdmin } from './support/admin.ts';
import { checkA11y, describeAtViewports, visit } from './support/browser.ts';
import { escapeRegExp } from './support/enquiry.ts';
import { expectCount, expectHidden, expectVisible, poll } from './support/expect.ts';

const row = (page: Page, name: string) => page.getByTestId('order-row').filter({ hasText: name });

/**
 * At 1280 px the orders table fits beside the menu: nothing scrolls sideways, the row's Actions are inside the window,
 * and the e-mail address breaks only between its parts (not one letter per line).
 */
async function expectTableFits(page: Page, orderRow: Locator, email: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'sideways scrolling').toBeLessThanOrEqual(0);
  const window = page.viewportSize()!.width;
  for (const action of await orderRow.getByRole('cell').last().getByRole('button').all()) {
    const box = (await action.boundingBox())!;
    expect(box.x + box.width, `${await action.textContent()} inside the window`).toBeLessThanOrEqual(window);
  }
  // Each line of the address starts after a dot, a hyphen or at the @: never inside a word of it.
  const lineStarts = await orderRow.getByText(email, { exact: true }).evaluate((element) => {
    const range = document.createRange();
    const top = (node: Node, offset: number) => {
      range.setStart(node, offset);
      range.setEnd(node, offset + 1);
      return range.getBoundingClientRect().top;
    };
    const letters: Array<[Node, number]> = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let offset = 0; offset < (node.textContent ?? '').length; offset++) letters.push([node, offset]);
    }
    const starts: string[] = [];
    letters.forEach(([node, offset], index) => {
      const before = letters[index - 1];
      if (before && top(node, offset) > top(...before) + 2) starts.push((element.textContent ?? '').slice(index - 1, index + 1));
    });
    return starts;
  });
  for (const start of lineStarts) expect(start, 'where the e-mail address breaks').toMatch(/^[.-].|^.@$/);
}

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
    // A caterer's long address, as real ones are: the table must still fit at 1280 px without breaking it apart.
    const email = 'accounts.sreekrishnacaterers@coimbatore-events.example.in';
    const displayId = await sendEnquiry(customer.context, name, { email, phone: '9847012345' });

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
    // Before any quote, the Total is the catalogue estimate, and says so.
    await expectVisible(row(page, name).getByText(viewportName === 'phone' ? '(estimate)' : 'Estimate before GST and delivery'));
    expect(await page.title()).toMatch(/^\(\d+\) /);
    await checkA11y(page);
    if (viewportName === 'phone') await expectPhoneFriendly(page);
    else await expectTableFits(page, row(page, name), email);

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
    // The history in words: the status as the selector says it.
    await expectVisible(dialog.getByText('Status set to Confirmed by e2e-admin'));
    await page.keyboard.press('Escape');
    await expectHidden(dialog);
    await expectVisible(row(page, name).getByText('Confirmed', { exact: true }));

    // The seen flag is the staff's to toggle (the spec): opening the details left it Unseen; the row's button makes it
    // Seen, and Unseen again.
    await expectVisible(row(page, name).getByText('Unseen', { exact: true }));
    expect(await row(page, name).getAttribute('class')).toContain('bg-amber-50');
    await row(page, name)
      .getByRole('button', { name: `Mark as seen: order #${displayId}` })
      .click();
    await expectVisible(row(page, name).getByText('Seen', { exact: true }));
    await poll(async () => (await row(page, name).getAttribute('class')) ?? '').not.toContain('bg-amber-50');
    await row(page, name)
      .getByRole('button', { name: `Mark as unseen: order #${displayId}` })
      .click();
    await expectVisible(row(page, name).getByText('Unseen', { exact: true }));
    await poll(async () => (await row(page, name).getAttribute('class')) ?? '').toContain('bg-amber-50');

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

  test("the Contacts page is the spec's table from tablet width and a card per message on a phone", async () => {
    const name = `Table ${viewportName} ${Date.now().toString(36)}`;
    const message =
      'We need samples of the 10 inch areca plates and the 500 ml bagasse containers before the wedding season. ' +
      'Please tell us the carton sizes too.';
    const {
      page,
      customer,
      row: line,
    } = await messageInContacts(browser, viewport, {
      name,
      email: 'table.test@example.in',
      company: 'Periyar Caterers',
      inquiryType: 'product-info',
      message,
    });
    // The newest message is on the first page before the search answers too: the table is measured with its row alone.
    await expectCount(page.getByTestId('contact-row'), 1);
    await expectVisible(line);
    const table = page.getByRole('table', { name: 'Contact inquiries, newest first' });
    const text = line.getByText(/^We need samples/);
    const truncated = () => text.evaluate((element) => element.scrollHeight > element.clientHeight + 1);

    if (viewportName === 'desktop') {
      const headings = await table.getByRole('columnheader').allTextContents();
      expect(headings).toEqual(['Date', 'Name', 'Email', 'Phone', 'Company', 'Inquiry Type', 'Message', 'Seen', 'Actions']);
      // Each of the message's values under its heading.
      const cells = await line.locator('td:visible').evaluateAll((tds) => tds.map((td) => (td as HTMLElement).innerText.trim()));
      expect(cells).toHaveLength(headings.length);
      expect(cells[0]).toMatch(/^\d{1,2}\/\d{1,2}\/\d{2},\s\d{1,2}:\d{2}\s[AP]M$/);
      expect(cells.slice(1, 8)).toEqual([
        name,
        'table.test@example.in',
        expect.stringMatching(/^9847012345\s+WhatsApp$/),
        'Periyar Caterers',
        'Product Information',
        expect.stringMatching(new RegExp(`^${escapeRegExp(message)}\\s+Show the whole message$`)),
        'Unseen',
      ]);
      // Within the page beside the menu: no sideways scrolling.
      const spare = await table.evaluate((element) => {
        const main = element.closest('main')!;
        return (
          main.getBoundingClientRect().right -
          parseFloat(getComputedStyle(main).paddingRight) -
          element.getBoundingClientRect().right
        );
      });
      expect(spare).toBeGreaterThanOrEqual(0);
      // The message truncated to its first lines; the whole of it one tap away.
      expect(await truncated()).toBe(true);
      await line.getByRole('button', { name: 'Show the whole message' }).click();
      expect(await truncated()).toBe(false);
      for (const action of [`Mark as seen: message from ${name}`, `Make an enquiry of the message from ${name}`]) {
        await expectVisible(line.getByRole('button', { name: action }));
      }
      await expectVisible(line.getByRole('button', { name: `Delete message from ${name}` }));

      // The orders page's table still has its headings.
      await sendEnquiry(customer.context, name);
      await (await adminNav(page)).getByRole('link', { name: 'Orders', exact: true }).click();
      const orders = page.getByRole('table');
      await expectVisible(page.getByTestId('order-row'));
      expect(await orders.getByRole('columnheader').allTextContents()).toEqual([
        'Order ID',
        'Date',
        'Customer',
        'Contact',
        'Items',
        'Total',
        'Type',
        'Status',
        'Seen',
        'Actions',
      ]);
      await checkA11y(page);
    } else {
      // A card: no column headings on screen, the message whole (it is short of folding), one-tap replies.
      // The headings are there for screen readers only (one pixel, as sr-only draws them).
      expect((await table.locator('thead').boundingBox())?.width).toBeLessThanOrEqual(1);
      await expectVisible(line.getByText('Product Information', { exact: true }));
      await expectVisible(line.getByText('Periyar Caterers', { exact: true }));
      expect(await truncated()).toBe(false);
      expect(await line.getByRole('link', { name: '9847012345' }).getAttribute('href')).toBe('tel:9847012345');
      await expectPhoneFriendly(page);
    }
    await visit(page, '/admin/contacts');
    await checkA11y(page);
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
