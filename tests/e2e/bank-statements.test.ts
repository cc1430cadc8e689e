// The bank's statement in the browser at 390 and 1280: the staff open "Bank" from the menu, upload HDFC Bank's CSV
// with a UPI credit naming an invoice (Malayalam and commas in its narration), confirm the suggested match in one tap,
// and the invoice reads paid; the same file again adds nothing. Axe clean, phone friendly throughout.
import { test } from 'vitest';

import type { OrderInvoice } from '#domains/invoice/model.ts';
import { istDate } from '#lib/india-time.ts';
import { formatRupees } from '#lib/money.ts';
import { statementFile } from '#tests/fixtures/bank-statements.ts';

import { adminNav, expectPhoneFriendly, sendEnquiry, signInAsAdmin } from './support/admin.ts';
import { checkA11y, describeAtViewports } from './support/browser.ts';
import { expectVisible, poll } from './support/expect.ts';
import { invoiceThroughApi } from './support/follow.ts';

describeAtViewports('the bank statement', (browser, viewportName, viewport) => {
  test('an uploaded credit matched in one tap pays its invoice', async () => {
    const { page, context } = await browser.open(viewport);
    const customer = await browser.open(viewport);
    const tag = Date.now().toString(36);
    const displayId = await sendEnquiry(customer.context, `Bank ${viewportName} ${tag}`);
    await signInAsAdmin(page, '/admin');
    const issued: OrderInvoice = await invoiceThroughApi(context, displayId, {
      price: '560.00',
      hsnCode: '14049090',
      gstRate: 5,
    });
    const { number, totals } = issued.invoice;
    // A UTR of this run: twelve digits.
    const utr = String(Date.now()).slice(-12).padStart(12, '4');
    const file = await statementFile('hdfc', [
      { day: istDate(new Date()), narration: 'POS 4021XXXX PACKING, പാക്കിങ്', debit: 1_180_00 },
      {
        day: istDate(new Date()),
        narration: `UPI-HOTEL PERIYAR-periyar@okaxis-FDRL0001234-${utr}-${number}, ഹോട്ടൽ പെരിയാർ, Aluva`,
        reference: `0000${utr}`,
        credit: totals.total,
      },
    ]);

    await (await adminNav(page)).getByRole('link', { name: 'Bank', exact: true }).click();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Bank statement' }));
    await checkA11y(page);
    const upload = async () => {
      await page.getByLabel('Statement file').setInputFiles({ name: file.filename, mimeType: file.type, buffer: file.bytes });
      await page.getByRole('button', { name: 'Upload statement' }).click();
    };
    await upload();
    const said = page.getByRole('main').getByRole('status');
    await poll(() => said.textContent()).toMatch(/^HDFC Bank: \d+ new credits?/);
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('status');

    const card = page.getByRole('article').filter({ hasText: utr });
    await expectVisible(card.getByText('ഹോട്ടൽ പെരിയാർ', { exact: false }));
    await expectVisible(card.getByText('Suggested (invoice number in the narration):'));
    await checkA11y(page);
    if (viewportName === 'phone') await expectPhoneFriendly(page);

    const confirm = card.getByRole('button', { name: `Confirm: ${formatRupees(totals.total)} to ${number}` });
    await confirm.click();
    await poll(() => said.textContent()).toBe(`Recorded: ${formatRupees(totals.total)} to ${number}.`);
    await poll(() => card.count()).toBe(0);

    // Recorded: the credit is listed with its payment; the invoice reads paid.
    await page.getByRole('button', { name: /^Recorded/ }).click();
    await expectVisible(
      page
        .getByRole('article')
        .filter({ hasText: utr })
        .getByText(`Recorded: ${formatRupees(totals.total)} to ${number}`),
    );
    await checkA11y(page);
    if (viewportName === 'phone') await expectPhoneFriendly(page);
    await page.getByRole('button', { name: /^Waiting/ }).click();
    await upload();
    await poll(() => said.textContent()).toMatch(/^HDFC Bank: 0 new credits, 1 uploaded before\./);

    await (await adminNav(page)).getByRole('link', { name: 'Orders', exact: true }).click();
    await page.getByRole('searchbox', { name: /^Search name/ }).fill(String(displayId));
    await page
      .getByRole('button', { name: `View order #${displayId}` })
      .filter({ visible: true })
      .click();
    const details = page.getByRole('dialog', { name: `Order #${displayId}` });
    await expectVisible(details.getByText(new RegExp(`^Invoice ${number.replace(/\//g, '\\/')} of .* · Paid`)));
    await customer.context.close();
  });
});
