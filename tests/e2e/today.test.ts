// The staff's day (at 390 and 1280): the dashboard leads with the today list, whose counts open the enquiries list so
// filtered (the filter and page in the address: Back returns to it, a copied link opens it); an enquiry's row on a
// phone is at most ~120 px with one-tap call, WhatsApp and open; the details start with the customer's phone and
// WhatsApp; the status selector saves once by keyboard, and the focus goes to the status line. Each enquiry made here
// is deleted again, so the other tests on the shared server count what they expect.
import type { BrowserContext, Page } from 'playwright-core';
import { expect, test } from 'vitest';

import type { AuditEntry } from '#lib/audit.ts';

import { csrfHeader, expectPhoneFriendly, letters, sendEnquiry, signInAsAdmin } from './support/admin.ts';
import { CATALOGUE_EDITS_URL, checkA11y, describeAtViewports, visit } from './support/browser.ts';
import { expectURL, expectVisible, poll } from './support/expect.ts';

/** The row of one enquiry in the list, found by its customer's name. */
const row = (page: Page, name: string) => page.getByTestId('order-row').filter({ hasText: name });
const countOf = async (page: Page, step: string) =>
  Number((await page.getByTestId(`today-${step}`).textContent())?.match(/^\d+/)?.[0]);
const idOf = (displayId: number) => displayId - 1000;

/**
 * The today list's counts go down when an enquiry is quoted or deleted, which the tests on the shared server do all the
 * time: these tests run on the server of the tests that add products, where the others only ever send enquiries.
 */
const OFF_THE_SHARED_SERVER = { baseURL: CATALOGUE_EDITS_URL };

async function deleteEnquiry(context: BrowserContext, displayId: number): Promise<void> {
  const answer = await context.request.delete(`/api/admin/orders/${idOf(displayId)}`, { headers: await csrfHeader(context) });
  expect(answer.status(), await answer.text()).toBe(200);
}

describeAtViewports('the today list', (browser, viewportName, viewport) => {
  test('a count opens the enquiries so filtered; Back keeps the filter; a copied link opens the same list', async () => {
    const { page, context } = await browser.open(viewport, OFF_THE_SHARED_SERVER);
    const customer = await browser.open(viewport, OFF_THE_SHARED_SERVER);
    const name = `Today ${viewportName} ${letters()}`;
    await signInAsAdmin(page, '/admin');
    await expectVisible(page.getByRole('heading', { name: 'Today', exact: true }));
    const before = await countOf(page, 'to-reply');
    const displayId = await sendEnquiry(customer.context, name);

    // Other tests on this server send enquiries too: the count grows by at least this one.
    await visit(page, '/admin');
    await poll(() => countOf(page, 'to-reply')).toBeGreaterThanOrEqual(before + 1);
    await expectVisible(page.getByRole('heading', { name: 'Call first' }));
    await checkA11y(page);
    if (viewportName === 'phone') await expectPhoneFriendly(page);

    await page.getByTestId('today-to-reply').click();
    await expectURL(page, '/admin/orders?step=to-reply');
    await expectVisible(page.getByText('Waiting for our first reply, least time left on our reply promise first.'));
    expect(await page.getByLabel('Today').inputValue()).toBe('to-reply');
    await checkA11y(page);
    if (viewportName === 'phone') await expectPhoneFriendly(page);

    // The search on top of the step (the list may run to several pages on the shared server).
    const search = page.getByRole('searchbox', { name: /^Search name/ });
    await search.fill(name);
    await page.keyboard.press('Enter');
    await expectURL(page, `/admin/orders?step=to-reply&q=${name.replaceAll(' ', '+')}`);
    await expectVisible(row(page, name));
    await expectVisible(row(page, name).getByText(/^Call (by|late)/));

    // Another filter on top: a new entry in the history, and Back undoes each in turn.
    await page.getByRole('button', { name: /^Unseen/ }).click();
    await expectURL(page, `/admin/orders?step=to-reply&q=${name.replaceAll(' ', '+')}&show=unseen`);
    await page.goBack();
    await expectURL(page, `/admin/orders?step=to-reply&q=${name.replaceAll(' ', '+')}`);
    await poll(() => page.getByRole('button', { name: /^All \(/ }).getAttribute('aria-pressed')).toBe('true');
    await expectVisible(row(page, name));
    await page.goBack();
    await expectURL(page, '/admin/orders?step=to-reply');
    await poll(() => search.inputValue()).toBe('');
    expect(await page.getByLabel('Today').inputValue()).toBe('to-reply');
    await page.goBack();
    await expectURL(page, '/admin');

    // A link copied from the address bar, opened elsewhere.
    const shared = await browser.open(viewport, OFF_THE_SHARED_SERVER);
    await signInAsAdmin(shared.page, `/admin/orders?step=to-reply&q=${encodeURIComponent(name)}`);
    await poll(() => shared.page.getByTestId('order-row').count()).toBe(1);
    await expectVisible(row(shared.page, name));
    expect(await shared.page.getByRole('searchbox', { name: /^Search name/ }).inputValue()).toBe(name);

    await deleteEnquiry(context, displayId);
    await shared.context.close();
    await customer.context.close();
  });

  test('a row and the details: one-tap call and WhatsApp; the status saved once by keyboard, focus on the status', async () => {
    const { page, context } = await browser.open(viewport, OFF_THE_SHARED_SERVER);
    const customer = await browser.open(viewport, OFF_THE_SHARED_SERVER);
    const name = `Row ${viewportName} ${letters()}`;
    const displayId = await sendEnquiry(customer.context, name);
    await signInAsAdmin(page, `/admin/orders?q=${encodeURIComponent(name)}`);
    const line = row(page, name);
    await expectVisible(line);
    if (viewportName === 'phone') {
      const box = await line.boundingBox();
      // Measured: 100 px at 390 × 844 (it was ~420 px as a card of labelled lines).
      expect(box?.height).toBeLessThanOrEqual(120);
      expect(await line.getByRole('link', { name: `Call ${name}` }).getAttribute('href')).toBe('tel:9847012345');
      expect(await line.getByRole('link', { name: `WhatsApp ${name}` }).getAttribute('href')).toMatch(
        /^https:\/\/wa\.me\/919847012345\?text=/,
      );
      await expectPhoneFriendly(page);
    }
    await line.getByRole('button', { name: `View order #${displayId}` }).click();
    const dialog = page.getByRole('dialog', { name: `Order #${displayId}` });
    await expectVisible(dialog);

    // The customer's phone and WhatsApp come first in the details.
    const contact = dialog.getByTestId('customer-contact');
    const call = contact.getByRole('link', { name: 'Call 9847012345' });
    expect(await call.getAttribute('href')).toBe('tel:9847012345');
    await expectVisible(contact.getByRole('link', { name: 'WhatsApp' }));
    const top = (await dialog.boundingBox())?.y ?? 0;
    expect(((await call.boundingBox())?.y ?? 0) - top).toBeLessThan(200);

    // With a quote, its number, amount and state join the row's second line: still within 120 px on a phone.
    const quoted = await context.request.post(`/api/admin/orders/${idOf(displayId)}/quotes`, {
      headers: await csrfHeader(context),
      data: {
        lines: [{ price: '560.00', hsnCode: '14049090', gstRate: 5 }],
        delivery: '50.00',
        placeOfSupply: '32',
        customerGstin: null,
        validUntil: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        note: null,
      },
    });
    expect(quoted.status(), await quoted.text()).toBe(201);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.reload();
    await expectVisible(line.getByText(`Q-${displayId}-1:`, { exact: false }));
    if (viewportName === 'phone') expect((await line.boundingBox())?.height).toBeLessThanOrEqual(120);
    await line.getByRole('button', { name: `View order #${displayId}` }).click();

    // Two arrow presses move the choice and write nothing; Enter saves the one status chosen.
    const select = dialog.getByLabel('Change status');
    await select.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await select.inputValue()).toBe('processing');
    await expectVisible(dialog.getByText('Not saved yet: press Enter or Save status.'));
    await expectVisible(dialog.getByText('Current status: Pending'));
    await checkA11y(page);
    await page.keyboard.press('Enter');
    await expectVisible(dialog.getByText('Current status: Processing'));
    await poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toBe('Current status: Processing');
    const details = await context.request.get(`/api/admin/orders/${idOf(displayId)}`);
    const history = ((await details.json()) as { history: AuditEntry[] }).history;
    expect(history.filter((entry) => entry.action === 'status').map((entry) => entry.after)).toEqual([{ status: 'processing' }]);

    // Escape puts an unsaved choice back; the dialog stays.
    await select.focus();
    await page.keyboard.press('ArrowUp');
    expect(await select.inputValue()).toBe('confirmed');
    await page.keyboard.press('Escape');
    expect(await select.inputValue()).toBe('processing');
    await expectVisible(dialog);

    await deleteEnquiry(context, displayId);
    await customer.context.close();
  });
});
