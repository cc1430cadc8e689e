// The statuses that tell the customer something (at 390 and 1280): choosing Cancelled, Delivered or Shipped in an
// order's details opens a confirmation that shows what the customer will be told, and nothing is saved (no history,
// no e-mail) until it is confirmed; Keep puts the selector back with the focus on it. Cancelling an invoiced order
// offers the credit note for what is not yet credited; confirmed twice in a row (a double click), it cancels once and
// issues one credit note, and the e-mail names it. Two staff changing one enquiry from the same status: the later is
// refused, told why, and shown the status it has. Each enquiry made here is deleted again where it can be.
import type { BrowserContext, Page } from 'playwright-core';
import { expect, test } from 'vitest';

import type { OrderInvoice } from '#domains/invoice/model.ts';
import type { AdminOrderDetails } from '#domains/order-file/schema.ts';
import { formatRupees } from '#lib/money.ts';

import { csrfHeader, expectPhoneFriendly, letters, sendEnquiry, signInAsAdmin } from './support/admin.ts';
import { checkA11y, describeAtViewports } from './support/browser.ts';
import { allowFailure, expectToast } from './support/enquiry.ts';
import { expectVisible, poll } from './support/expect.ts';
import { mailTo } from './support/mail.ts';

const idOf = (displayId: number) => displayId - 1000;

async function details(context: BrowserContext, displayId: number): Promise<AdminOrderDetails> {
  const answer = await context.request.get(`/api/admin/orders/${idOf(displayId)}`);
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as AdminOrderDetails;
}

describeAtViewports('statuses that tell the customer', (browser, viewportName, viewport) => {
  /** A customer's enquiry of their own (their e-mails are theirs alone), and the staff on its search in the list. */
  const enquiryFor = async (who: string) => {
    const { page, context } = await browser.open(viewport);
    const customer = await browser.open(viewport);
    const name = `${who} ${viewportName} ${letters()}`;
    const email = `${who.toLowerCase()}-${letters()}@example.in`;
    const displayId = await sendEnquiry(customer.context, name, { email, phone: '9847012345' });
    await signInAsAdmin(page, `/admin/orders?q=${encodeURIComponent(name)}`);
    return { page, context, customer, name, email, displayId };
  };

  /** The enquiry's details, opened from its row of the Orders list. */
  const openDetails = async (page: Page, name: string, displayId: number) => {
    await page
      .getByTestId('order-row')
      .filter({ hasText: name })
      .getByRole('button', { name: `View order #${displayId}` })
      .click();
    return page.getByRole('dialog', { name: `Order #${displayId}` });
  };

  test('Cancelled, Delivered and Shipped are confirmed first, showing what the customer is told; nothing is saved before', async () => {
    const { page, context, customer, name, email, displayId } = await enquiryFor('Confirm');
    const dialog = await openDetails(page, name, displayId);
    const select = dialog.getByLabel('Change status');
    const notice = dialog.getByTestId('customer-notice');

    for (const [status, heading, told] of [
      ['cancelled', 'Cancel this enquiry?', `The customer will be e-mailed: Your enquiry #${displayId} was cancelled`],
      ['delivered', 'Mark this order delivered?', `The customer will be e-mailed: Your order #${displayId} was delivered`],
      ['shipped', null, `the customer will be e-mailed: Your order #${displayId} is on its way`],
    ] as const) {
      await select.selectOption(status);
      if (heading) await expectVisible(dialog.getByRole('heading', { name: heading }));
      else await expectVisible(dialog.getByText('goods should travel with the tax invoice', { exact: false }));
      await expectVisible(notice.getByText(told, { exact: false }));
      if (status === 'cancelled') expect(await notice.textContent()).not.toMatch(/credit note|refund/i);
      if (heading) {
        const confirm = dialog.getByRole('button', { name: status === 'cancelled' ? 'Cancel the enquiry' : 'Mark delivered' });
        await poll(() => confirm.evaluate((element) => element === document.activeElement)).toBe(true);
      }
      await checkA11y(page);
      if (viewportName === 'phone') await expectPhoneFriendly(page);
      // Nothing saved on selection.
      const now = await details(context, displayId);
      expect(now.status).toBe('pending');
      expect(now.history.filter((entry) => entry.action === 'status')).toEqual([]);
      // Keep (or, for shipped, the form's Cancel) puts the choice back, the focus on the selector.
      await dialog.getByRole('button', { name: heading ? 'Keep Pending' : 'Cancel', exact: true }).click();
      await poll(() => select.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await select.inputValue()).toBe('pending');
      await expectVisible(dialog.getByText('Current status: Pending'));
    }

    // By keyboard: Escape in the confirmation keeps the status; Enter on the confirm button cancels.
    await select.selectOption('cancelled');
    const confirm = dialog.getByRole('button', { name: 'Cancel the enquiry' });
    await poll(() => confirm.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await expectVisible(dialog);
    expect(await select.inputValue()).toBe('pending');
    await select.selectOption('cancelled');
    await poll(() => confirm.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const current = dialog.getByText('Current status: Cancelled');
    await expectVisible(current);
    await poll(() => current.evaluate((element) => element === document.activeElement)).toBe(true);
    expect((await mailTo(email, /was cancelled$/)).body).not.toMatch(/credit note|refund/i);

    const deleted = await context.request.delete(`/api/admin/orders/${idOf(displayId)}`, { headers: await csrfHeader(context) });
    expect(deleted.status(), await deleted.text()).toBe(200);
    await customer.context.close();
  });

  test('cancelling an invoiced order offers the credit note; a double click cancels once and issues one note', async () => {
    const { page, context, customer, name, email, displayId } = await enquiryFor('Credit');
    const issued = await context.request.post(`/api/admin/orders/${idOf(displayId)}/invoice`, {
      headers: await csrfHeader(context),
      data: {
        confirmed: {
          lines: [{ price: '560.00', hsnCode: '14049090', gstRate: 5 }],
          delivery: '0.00',
          placeOfSupply: '32',
          customerGstin: null,
        },
      },
    });
    expect(issued.status(), await issued.text()).toBe(201);
    const { invoice } = (await issued.json()) as OrderInvoice;
    await page.reload();
    const dialog = await openDetails(page, name, displayId);
    await dialog.getByLabel('Change status').selectOption('cancelled');
    await expectVisible(dialog.getByRole('heading', { name: 'Cancel this order?' }));
    const offer = dialog.getByLabel(/^Issue the credit note for what is not yet credited/);
    expect(await offer.isChecked()).toBe(true);
    const notice = dialog.getByTestId('customer-notice');
    await expectVisible(notice.getByText(`Your order #${displayId} was cancelled`, { exact: false }));
    await expectVisible(notice.getByText(`against invoice ${invoice.number}`, { exact: false }));
    // The credit note's figures, worked out by the server before anything is issued: its line, GST and total.
    const figures = dialog.getByTestId('credit-preview');
    await expectVisible(figures.getByText(`Line 1: ${invoice.lines[0]?.productName}`, { exact: false }));
    await expectVisible(figures.getByText(formatRupees(invoice.totals.cgst + invoice.totals.sgst), { exact: true }));
    await expectVisible(figures.getByText(formatRupees(invoice.totals.total), { exact: true }));
    await checkA11y(page);
    if (viewportName === 'phone') await expectPhoneFriendly(page);

    await dialog.getByRole('button', { name: 'Cancel the order and issue the credit note' }).dblclick();
    await expectVisible(dialog.getByText('Current status: Cancelled'));
    const read = await context.request.get(`/api/admin/orders/${idOf(displayId)}/invoice`);
    const { creditNotes } = (await read.json()) as OrderInvoice;
    expect(creditNotes).toHaveLength(1);
    expect(creditNotes[0]?.totals.total).toBe(invoice.totals.total);
    const history = (await details(context, displayId)).history;
    expect(history.filter((entry) => entry.action === 'status')).toHaveLength(1);
    expect(history.filter((entry) => entry.action === 'credit-note')).toHaveLength(1);
    expect((await mailTo(email, /was cancelled$/)).body).toContain(`We have issued credit note ${creditNotes[0]?.number}`);
    await customer.context.close();
  });

  test('two staff on one enquiry: the later change from the same status is refused, says why, and shows the status', async () => {
    const { page, context, customer, name, displayId } = await enquiryFor('Both');
    const other = await browser.open(viewport, allowFailure(`/api/admin/orders/${idOf(displayId)}/status`, 409));
    await signInAsAdmin(other.page, `/admin/orders?q=${encodeURIComponent(name)}`);
    const mine = await openDetails(page, name, displayId);
    const theirs = await openDetails(other.page, name, displayId);
    await expectVisible(theirs.getByText('Current status: Pending'));

    await mine.getByLabel('Change status').selectOption('processing');
    await expectVisible(mine.getByText('Current status: Processing'));
    // The other screen still shows Pending, and its choice is refused rather than laid over the first.
    await theirs.getByLabel('Change status').selectOption('confirmed');
    await expectToast(other.page, 'Error', /is processing now: someone changed it after you opened it/, 'destructive');
    await expectVisible(theirs.getByText('Current status: Processing'));
    await poll(() => theirs.getByLabel('Change status').inputValue()).toBe('processing');
    const now = await details(context, displayId);
    expect(now.status).toBe('processing');
    expect(now.history.filter((entry) => entry.action === 'status')).toHaveLength(1);
    await other.context.close();
    await customer.context.close();
  });
});
