// The customers page (at 390 and 1280): a customer who enquired twice, from two e-mail addresses with one phone
// number written two ways, is one row, found by their phone; the search lives in the address; their record shows both
// addresses and keeps the staff's note, and prints alone. The enquiries and the note made here are removed again.
import type { BrowserContext } from 'playwright-core';
import { expect, test } from 'vitest';

import { adminNav, csrfHeader, expectPhoneFriendly, sendEnquiry, signInAsAdmin } from './support/admin.ts';
import { checkA11y, describeAtViewports, visit } from './support/browser.ts';
import { expectURL, expectVisible, isFocused, poll } from './support/expect.ts';
import { mailsTo, mailTo } from './support/mail.ts';
import { printedText } from './support/print.ts';

async function remove(context: BrowserContext, path: string, method: 'DELETE' | 'PUT', data?: object) {
  const answer = await context.request.fetch(path, { method, headers: await csrfHeader(context), data });
  expect(answer.status(), await answer.text()).toBe(200);
}

describeAtViewports('the customers page', (browser, viewportName, viewport) => {
  test('one customer from two addresses and one phone; found by phone; their record keeps a note', async () => {
    const { page, context } = await browser.open(viewport);
    const customer = await browser.open(viewport);
    const tag = Date.now().toString(36);
    const phone = `9${String(Date.now()).slice(-9)}`;
    const name = `Customer ${viewportName} ${tag}`;
    const first = await sendEnquiry(customer.context, name, { email: `first-${tag}@example.in`, phone });
    const second = await sendEnquiry(customer.context, name, {
      email: `second-${tag}@example.in`,
      phone: `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`,
    });

    await signInAsAdmin(page, '/admin');
    await (await adminNav(page)).getByRole('link', { name: 'Customers', exact: true }).click();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Customers' }));
    const search = page.getByRole('searchbox', { name: 'Search name, e-mail or phone' });
    await search.fill(phone);
    await page.keyboard.press('Enter');
    await expectURL(page, `/admin/customers?q=${phone}`);
    // The search is in the address now; the box keeps the focus and the text.
    expect(await isFocused(search)).toBe(true);
    expect(await search.inputValue()).toBe(phone);
    await poll(() => page.getByTestId('customer-row').count()).toBe(1);
    const row = page.getByTestId('customer-row');
    await expectVisible(row.getByText(name));
    await expectVisible(row.getByText(/^2 enquiries/));
    expect(await row.getByRole('link', { name: `Call ${name}` }).getAttribute('href')).toBe(`tel:${phone}`);
    await checkA11y(page);
    if (viewportName === 'phone') {
      expect((await row.boundingBox())?.height).toBeLessThanOrEqual(120);
      await expectPhoneFriendly(page);
    }

    await row.getByRole('button', { name: `Open ${name}` }).click();
    const dialog = page.getByRole('dialog', { name });
    await expectVisible(dialog);
    await expectVisible(dialog.getByText(`E-mail: first-${tag}@example.in, second-${tag}@example.in`));
    await expectVisible(dialog.getByText(`#${first}`, { exact: false }).first());
    await expectVisible(dialog.getByText(`#${second}`, { exact: false }).first());
    await checkA11y(page);
    await dialog.getByLabel('Staff note').fill('Calls back after 6 PM; pays by UPI.');
    await dialog.getByRole('button', { name: 'Save note' }).click();
    await expectVisible(dialog.getByText('Note saved.'));
    await poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toBe('Note saved.');

    // Their statement of account: nothing invoiced yet, so it opens and closes at ₹0.00; e-mailed once on request,
    // to the address of their latest enquiry, however often the button is pressed.
    await expectVisible(dialog.getByRole('heading', { name: 'Statement of account' }));
    await expectVisible(dialog.getByRole('cell', { name: 'Opening balance' }));
    await expectVisible(dialog.getByRole('cell', { name: 'Closing balance' }));
    await expectVisible(dialog.getByText('Nothing due', { exact: true }));
    expect(await dialog.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toMatch(
      new RegExp(`^/api/admin/customers/${first - 1000}/statement\\?from=\\d{4}-04-01&to=\\d{4}-\\d{2}-\\d{2}&format=pdf$`),
    );
    await dialog.getByRole('button', { name: 'E-mail statement' }).dblclick();
    const sentTo = `Statement e-mailed to second-${tag}@example.in.`;
    await expectVisible(dialog.getByText(sentTo));
    await poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toBe(sentTo);
    await checkA11y(page);
    if (viewportName === 'phone') await expectPhoneFriendly(page);
    const mail = await mailTo(`second-${tag}@example.in`, /^Statement of account/);
    expect(mail.body).toContain('Nothing due');
    expect(mailsTo(`second-${tag}@example.in`).filter((sent) => sent.subject.startsWith('Statement of account'))).toHaveLength(1);

    // The note is kept: it is there after a reload, and the row says the customer has one.
    await visit(page, `/admin/customers?q=${phone}`);
    await expectVisible(page.getByTestId('customer-row').getByText('Note'));
    await page
      .getByTestId('customer-row')
      .getByRole('button', { name: `Open ${name}` })
      .click();
    await poll(() => page.getByRole('dialog', { name }).getByLabel('Staff note').inputValue()).toBe(
      'Calls back after 6 PM; pays by UPI.',
    );
    // Printed, the open record is the page: its contact lines, not the list and the menu behind it. (A long address
    // may break at its hyphen on paper, so the second is not read whole.)
    const printed = await printedText(page);
    expect(printed.startsWith(`${name} Call ${phone}`)).toBe(true);
    expect(printed).toContain(`E-mail: first-${tag}@example.in`);
    expect(printed).toContain(`Phone: ${phone}`);
    expect(printed).not.toContain('Back to Site');

    const id = first - 1000;
    await remove(context, `/api/admin/customers/${id}/note`, 'PUT', { note: '' });
    await remove(context, `/api/admin/orders/${id}`, 'DELETE');
    await remove(context, `/api/admin/orders/${second - 1000}`, 'DELETE');
    await customer.context.close();
  });
});
