// The quote in the browser, at both sizes: the staff prepare it, review it (the cautions first, then the document and
// the e-mail) and send it; the customer prints it, accepts it after a confirmation and gets an e-mail; both print
// pages that hold the enquiry, its lines and its total; the lists show the quote's state and amount; a revision after
// an acceptance is an explicit step on both sides.
import fs from 'node:fs';
import path from 'node:path';

import { expect, inject, test } from 'vitest';

import { statusPagePath } from '#domains/enquiry/status-link.ts';
import { formatRupees, parseRupees } from '#lib/money.ts';
import { parseEml } from '#tests/support/eml.ts';
import { expectShows } from '#tests/support/pdf.ts';

import { expectPhoneFriendly, signInAsAdmin } from './support/admin.ts';
import { checkA11y, describeAtViewports, visit, waitForHydration } from './support/browser.ts';
import { allowFailure, main, testProducts } from './support/enquiry.ts';
import { expectVisible, poll } from './support/expect.ts';
import {
  acceptThroughApi,
  CUSTOMER,
  enquireAndFollow,
  enquireAsNewCustomer,
  invoiceThroughApi,
  openOrderAsStaff,
  quoteThroughApi,
  reopenOrder,
} from './support/follow.ts';
import { printedText } from './support/print.ts';

const OUTBOX = inject('outboxDir');

/** The e-mail to the customer whose subject starts so, once the shop's sender has written it. */
async function mailTo(email: string, subject: string): Promise<{ text: string; html: string | null }> {
  let found: { text: string; html: string | null } | null = null;
  await poll(() => {
    const files = fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX).filter((file) => file.endsWith('.eml')) : [];
    for (const file of files.sort().reverse()) {
      const mail = parseEml(fs.readFileSync(path.join(OUTBOX, file), 'utf8'));
      if (mail.headers.includes(`To: ${email}`) && mail.headers.some((h) => h.startsWith(`Subject: ${subject}`))) {
        found = mail;
        return true;
      }
    }
    return false;
  }, `an e-mail to ${email}: ${subject}`).toBe(true);
  return found as unknown as { text: string; html: string | null };
}

describeAtViewports('quotes', (browser, viewportName, viewport) => {
  // Two browsers, two printouts and an e-mail: longer than one page's test.
  test(
    'reviewed before it goes out, printed and accepted after a confirmation; the lists show it accepted',
    { timeout: 120_000 },
    async () => {
      const { plain } = await testProducts();
      const { page, displayId, token } = await enquireAndFollow(browser, viewport, [{ productId: plain.id, quantity: 2 }]);
      await expectVisible(main(page).getByRole('heading', { level: 1, name: `Enquiry #${displayId}` }));

      // The staff start from the enquiry's prices; a ₹0 line is called out before anything is sent.
      const staff = await browser.open(viewport);
      const dialog = await openOrderAsStaff(staff.page, displayId);
      await dialog.getByRole('button', { name: 'Prepare quote' }).click();
      const price = dialog.getByLabel('Price per carton (₹), line 1');
      await poll(() => price.evaluate((el) => el === document.activeElement), 'the first price has the focus').toBe(true);
      expect(await price.inputValue()).toBe(plain.price);
      await price.fill('0');
      await dialog.getByRole('button', { name: 'Review quote' }).click();
      const review = dialog.getByRole('heading', { name: `Review Q-${displayId}-1 before it goes out` });
      await expectVisible(review);
      await poll(() => review.evaluate((el) => el === document.activeElement), 'the review has the focus').toBe(true);
      await expectVisible(dialog.getByText(`${plain.name} is priced at ₹0.00.`));
      await checkA11y(staff.page);
      if (viewportName === 'phone') await expectPhoneFriendly(staff.page);

      // Back to the form: the right price, typed the way people write it, then the review has nothing to say.
      await dialog.getByRole('button', { name: 'Back to the form' }).click();
      const typed = formatRupees(parseRupees(plain.price)!).replace('₹', '');
      await price.fill(typed);
      await dialog.getByLabel('Note for the customer (optional)').fill('നന്ദി. Delivery on Thursday morning.');
      await dialog.getByRole('button', { name: 'Review quote' }).click();
      await expectVisible(dialog.getByText('Nothing unusual found', { exact: false }));
      await dialog.getByText(`E-mail to ${CUSTOMER.email}:`, { exact: false }).click();
      await expectVisible(dialog.getByText(`Here is our quote Q-${displayId}-1 for your enquiry #${displayId}.`));
      await dialog.getByRole('button', { name: `Send Q-${displayId}-1 to the customer` }).click();
      await expectVisible(dialog.getByText(new RegExp(`^Q-${displayId}-1: ₹[\\d,]+\\.\\d{2} · Waiting`)));

      // The customer's page: the quote waits for them; printed, it is the quote alone, with its lines and total.
      await page.reload();
      await waitForHydration(page);
      const content = main(page);
      await expectVisible(content.getByRole('heading', { name: 'Status: Quote waiting for your answer' }));
      const quote = content.getByRole('region', { name: `Your quote Q-${displayId}-1` });
      await expectVisible(quote.getByText('നന്ദി. Delivery on Thursday morning.'));
      const total = (await quote.getByRole('button', { name: /^Accept quote/ }).textContent())!.match(/₹[\d,]+\.\d{2}/)![0];
      await checkA11y(page);
      const printedQuote = await printedText(page);
      expectShows(printedQuote, [`Q-${displayId}-1`, `#${displayId}`, plain.name, 'Delivery', total, 'Authorised signatory']);
      expect(printedQuote).not.toContain('Questions about this enquiry?');

      // The same status link open on a second device, still showing Accept.
      const other = await browser.open(viewport, allowFailure(`/api/enquiries/status/${token}/quote/accept`, 409));
      await visit(other.page, statusPagePath(token));
      const otherQuote = main(other.page).getByRole('region', { name: `Your quote Q-${displayId}-1` });
      await expectVisible(otherQuote.getByRole('button', { name: /^Accept quote/ }));

      // Accepting asks first, with the amount; the answer moves the focus to the quote, and an e-mail follows.
      await quote.getByRole('button', { name: /^Accept quote/ }).click();
      const confirm = quote.getByText(`Accept quote Q-${displayId}-1 for ${total}?`);
      await expectVisible(confirm);
      await poll(() => confirm.evaluate((el) => el === document.activeElement), 'the question has the focus').toBe(true);
      await checkA11y(page);
      if (viewportName === 'phone') await expectPhoneFriendly(page);
      await quote.getByRole('button', { name: `Yes, accept ${total}` }).click();
      await expectVisible(content.getByRole('heading', { name: 'Status: Confirmed' }));
      await expectVisible(quote.getByText('You accepted this quote.', { exact: false }));
      await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('quote-heading');
      const receipt = await mailTo(CUSTOMER.email, `You accepted quote Q-${displayId}-1`);
      expect(receipt.text).toContain(`you accepted our quote Q-${displayId}-1 for ${total}`);
      expect(receipt.html).toContain(total);

      // Accepted again on the second device: refused, and that page now shows the quote accepted, saying why.
      await otherQuote.getByRole('button', { name: /^Accept quote/ }).click();
      await otherQuote.getByRole('button', { name: `Yes, accept ${total}` }).click();
      const changed = otherQuote.getByRole('alert');
      await poll(() => changed.textContent()).toBe(
        'This quote was already accepted. This page now shows the quote as it stands.',
      );
      await poll(() => changed.evaluate((el) => el === document.activeElement), 'the note has the focus').toBe(true);
      await expectVisible(main(other.page).getByRole('heading', { name: 'Status: Confirmed' }));
      await expectVisible(otherQuote.getByText('You accepted this quote.', { exact: false }));
      expect(await otherQuote.getByRole('button', { name: /^Accept quote/ }).count()).toBe(0);

      // The staff's list: the quote's number, amount and state, and the filter finds it; the order prints whole.
      await dialog.getByRole('button', { name: 'Close' }).click();
      await staff.page.reload();
      await waitForHydration(staff.page);
      await staff.page.getByRole('searchbox', { name: /^Search name/ }).fill(String(displayId));
      await staff.page.getByLabel('Quote', { exact: true }).selectOption('accepted');
      const row = staff.page.getByTestId('order-row').filter({ hasText: `#${displayId}` });
      await expectVisible(row.getByText(`Q-${displayId}-1: ${total}`));
      await expectVisible(row.getByText('Accepted', { exact: true }));
      await checkA11y(staff.page);
      if (viewportName === 'phone') await expectPhoneFriendly(staff.page);
      await row.getByRole('button', { name: `View order #${displayId}` }).click();
      const reopened = staff.page.getByRole('dialog', { name: `Order #${displayId}` });
      await expectVisible(reopened.getByText(`Q-${displayId}-1: ${total} · Accepted`));
      const printedOrder = await printedText(staff.page);
      expectShows(printedOrder, [`Order #${displayId}`, plain.name, CUSTOMER.name, `Q-${displayId}-1`, total]);
      expect(printedOrder).not.toContain('Enquiries, newest first');
    },
  );

  test('a revision after an acceptance is an explicit step, and the customer sees what it replaces in My enquiries', async () => {
    const { plain } = await testProducts();
    const { context, page } = await browser.open(viewport);
    const displayId = await enquireAsNewCustomer(page, [{ productId: plain.id, quantity: 1 }]);

    // Quoted and accepted already (through the API, as the first test does it through the pages).
    const staff = await browser.open(viewport);
    await openOrderAsStaff(staff.page, displayId);
    await quoteThroughApi(staff.context, displayId, { price: plain.price, hsnCode: '4823', gstRate: 18 });
    await acceptThroughApi(context, `/api/account/enquiries/${displayId}/quote/accept`);

    // The staff revise: the review says what sending withdraws, and the button says it too.
    const details = await reopenOrder(staff.page, displayId);
    await details.getByRole('button', { name: 'Revise quote' }).click();
    expect(await details.getByLabel('Delivery charge (₹)').inputValue()).toBe('50.00');
    await details.getByLabel('Delivery charge (₹)').fill('80');
    await details.getByRole('button', { name: 'Review quote' }).click();
    await expectVisible(details.getByText(`The customer accepted Q-${displayId}-1.`, { exact: false }));
    await checkA11y(staff.page);
    await details.getByRole('button', { name: `Withdraw Q-${displayId}-1 and send Q-${displayId}-2` }).click();
    await expectVisible(details.getByText(new RegExp(`^Q-${displayId}-1: .* · Withdrawn after acceptance`)));

    // The customer's list shows the new quote waiting; its page says what it replaces.
    await visit(page, '/account/enquiries');
    const item = main(page).getByRole('link', { name: new RegExp(`Enquiry #${displayId}`) });
    await expectVisible(item.getByText(new RegExp(`^Q-${displayId}-2 · ₹`)));
    await expectVisible(item.getByText('Quote waiting for your answer'));
    await checkA11y(page);
    if (viewportName === 'phone') await expectPhoneFriendly(page);
    await item.click();
    const quote = main(page).getByRole('region', { name: `Revised quote Q-${displayId}-2` });
    await expectVisible(quote.getByText(`This revised quote replaces Q-${displayId}-1, which you accepted.`, { exact: false }));
    await expectVisible(quote.getByText(`Q-${displayId}-1: ₹`, { exact: false }));
    await checkA11y(page);
  });

  // Two browsers, as the journeys above: longer than one page's test.
  test(
    'a quote still waiting when the invoice is issued from confirmed lines says it was withdrawn, with no Accept',
    { timeout: 120_000 },
    async () => {
      const { plain } = await testProducts();
      const { page, displayId } = await enquireAndFollow(browser, viewport, [{ productId: plain.id, quantity: 1 }]);
      const staff = await browser.open(viewport);
      await signInAsAdmin(staff.page, '/admin/orders');
      const line = { price: plain.price, hsnCode: '48236900', gstRate: 18 };
      await quoteThroughApi(staff.context, displayId, line);
      const { invoice } = await invoiceThroughApi(staff.context, displayId, line);

      // The customer's page, read as it shows: the quote says why it is over, and there is nothing left to accept.
      await page.reload();
      await waitForHydration(page);
      const quote = main(page).getByRole('region', { name: `Your quote Q-${displayId}-1` });
      const withdrawn = `This quote was withdrawn: the tax invoice ${invoice.number} has been issued.`;
      await expectVisible(quote.getByText(withdrawn));
      expect((await quote.innerText()).replace(/\s+/g, ' ')).toContain(withdrawn);
      expect(await main(page).innerText()).not.toContain('Accept quote');
      expect(
        await main(page)
          .getByRole('button', { name: /^Accept/ })
          .count(),
      ).toBe(0);
      await checkA11y(page);
    },
  );
});
