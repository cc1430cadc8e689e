// After the yes, in the browser at both sizes: the staff issue the tax invoice after a confirmation of its figures,
// record two part payments (more than is due refused at the amount) and dispatch the order with its docket, credit a
// carton and record the refund paid out (more than is due refused); the
// customer follows the timeline, pays by UPI (a button on a phone, a QR code on a wide screen that scans to the same
// upi:// link), downloads the invoice (its QR code scans too) and prints it.
import fs from 'node:fs';

import type { Locator, Request } from 'playwright-core';
import { expect, test } from 'vitest';

import type { EwayBillFile } from '#domains/handoff/eway-bill.ts';
import type { Gstr1 } from '#domains/handoff/gstr1.ts';
import type { OrderInvoice } from '#domains/invoice/model.ts';
import { dateText } from '#lib/calendar.ts';
import { istDate } from '#lib/india-time.ts';
import { formatCount, formatRupees, toDecimalString } from '#lib/money.ts';
import { expectShows, pdfQrCode, pdfText } from '#tests/support/pdf.ts';

import { expectPhoneFriendly, signInAsAdmin } from './support/admin.ts';
import { checkA11y, describeAtViewports, waitForHydration } from './support/browser.ts';
import { main, testProducts } from './support/enquiry.ts';
import { expectHidden, expectVisible, poll, texts } from './support/expect.ts';
import {
  acceptThroughApi,
  enquireAndFollow,
  invoiceThroughApi,
  openOrderAsStaff,
  quoteThroughApi,
  reopenOrder,
} from './support/follow.ts';
import { printedText } from './support/print.ts';
import { scanQrCode } from './support/qr.ts';

/** The keyboard's way to a button: focused, then a key. */
const press = async (target: Locator, key: string) => {
  await target.focus();
  await target.press(key);
};
const focused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
const rupees = formatRupees;
const decimal = toDecimalString;

describeAtViewports('invoices', (browser, viewportName, viewport) => {
  test(
    'invoiced, paid in two parts and dispatched by the staff; followed, paid by UPI and downloaded by the customer',
    { timeout: 180_000 },
    async () => {
      const { plain } = await testProducts();
      const customer = await enquireAndFollow(browser, viewport, [{ productId: plain.id, quantity: 2 }]);
      const { displayId, token } = customer;

      // Quoted and accepted through the API (the quotes' own test goes through their pages).
      const staff = await browser.open(viewport);
      const opened = await openOrderAsStaff(staff.page, displayId);
      // Back while a quote is being typed closes the details, stays on the Orders page, and keeps what was typed.
      const typing = viewportName === 'phone' ? (target: Locator) => target.tap() : (target: Locator) => press(target, 'Enter');
      await typing(opened.getByRole('button', { name: 'Prepare quote' }));
      const price = opened.getByLabel('Price per carton (₹), line 1');
      await price.fill('285');
      await staff.page.goBack();
      await expectHidden(opened);
      expect(new URL(staff.page.url()).pathname).toBe('/admin/orders');
      await typing(staff.page.getByRole('button', { name: `View order #${displayId}` }).filter({ visible: true }));
      expect(await price.inputValue()).toBe('285');
      await typing(opened.getByRole('button', { name: 'Cancel', exact: true }));
      const quote = await quoteThroughApi(staff.context, displayId, { price: plain.price, hsnCode: '48236900', gstRate: 18 });
      const total = quote.totals.total;
      await acceptThroughApi(customer.context, `/api/enquiries/status/${token}/quote/accept`);

      // Issue: a confirmation that repeats the accepted quote's figures, then the summary has the focus.
      const details = await reopenOrder(staff.page, displayId);
      await details.getByRole('button', { name: 'Issue invoice' }).click();
      const question = details.getByText(`Issue the tax invoice from accepted quote Q-${displayId}-1?`);
      await expectVisible(question);
      await poll(() => focused(question), 'the confirmation has the focus').toBe(true);
      await expectVisible(details.getByText(quote.document.amountInWords));
      await checkA11y(staff.page);
      if (viewportName === 'phone') await expectPhoneFriendly(staff.page);
      await details.getByRole('button', { name: `Yes, issue invoice for ${rupees(total)}` }).click();
      const summary = details.getByText(
        new RegExp(`^Invoice GL/\\d{4}-\\d{2}/\\d{4} of .*: ${rupees(total).replace(/[.]/g, '\\.')} · Unpaid`),
      );
      await expectVisible(summary);
      await poll(() => focused(summary), 'the summary has the focus').toBe(true);
      const invoiceNumber = (await summary.textContent())!.match(/GL\/\d{4}-\d{2}\/\d{4}/)![0];
      // The amount in force is the invoice's now: in the details, their print and the list's Total column.
      const tax = quote.totals.cgst + quote.totals.sgst + quote.totals.igst;
      await expectVisible(details.getByText(`Total: ${rupees(total)}`));
      await expectVisible(details.getByText(`Invoice ${invoiceNumber}`, { exact: true }));
      expectShows(await printedText(staff.page), [
        `Total: ${rupees(total)} Invoice ${invoiceNumber}`,
        `Figures of Invoice ${invoiceNumber}`,
        `Tax ${rupees(tax)}`,
      ]);
      await typing(details.getByRole('button', { name: 'Close' }));
      const listed = staff.page.getByTestId('order-row').filter({ hasText: `#${displayId}` });
      await expectVisible(listed.getByText(viewportName === 'phone' ? '(invoice)' : `Invoice ${invoiceNumber}`, { exact: true }));
      expect(
        await listed
          .getByRole('cell')
          .filter({ hasText: rupees(total) })
          .count(),
      ).toBeGreaterThan(0);
      await typing(staff.page.getByRole('button', { name: `View order #${displayId}` }).filter({ visible: true }));
      // What was agreed is on the invoice now: no new quote is offered.
      await expectVisible(details.getByText('Invoiced: a change now is a credit note, not a new quote.'));
      expect(await details.getByRole('button', { name: 'Revise quote' }).count()).toBe(0);

      // The first part: more than is due is refused at the amount; half by UPI is Part paid.
      const first = Math.floor(total / 200) * 100;
      await details.getByRole('button', { name: 'Record payment' }).click();
      const amount = details.getByLabel('Amount received (₹)');
      await poll(() => focused(amount), 'the amount has the focus').toBe(true);
      expect(await amount.inputValue()).toBe(decimal(total));
      await amount.fill(decimal(total + 1));
      await details.getByLabel('UPI reference (UTR, 12 digits)').fill('4321 0987 6543');
      await details.getByRole('button', { name: 'Record payment' }).click();
      await expectVisible(details.getByText(`${rupees(total + 1)} is more than the ${rupees(total)} still due on this invoice`));
      await poll(() => focused(amount), 'the amount has the focus again').toBe(true);
      await checkA11y(staff.page);
      if (viewportName === 'phone') await expectPhoneFriendly(staff.page);
      // Typed as people write it, with its commas, as the quote form takes it.
      await amount.fill(formatCount(first / 100));
      await details.getByRole('button', { name: 'Record payment' }).click();
      const partPaid = details.getByText(new RegExp(`^Invoice ${invoiceNumber.replace(/\//g, '\\/')} of .* · Part paid`));
      await expectVisible(partPaid);
      await poll(() => focused(partPaid), 'the summary has the focus').toBe(true);
      // The history says what was done, in words.
      const history = details.getByRole('heading', { name: 'History' }).locator('..');
      await expectVisible(history.getByText(new RegExp(`Invoice ${invoiceNumber.replace(/\//g, '\\/')} issued for`)));
      await expectVisible(history.getByText(`Payment of ${rupees(first)} recorded (UPI`, { exact: false }));
      expect(await history.textContent()).not.toMatch(/invoice-issued|payment by|quote-sent/);

      // The customer: the timeline waits at Paid; the invoice says Part paid and what is left; pay by UPI.
      await customer.page.reload();
      await waitForHydration(customer.page);
      const content = main(customer.page);
      const timeline = content.getByRole('region', { name: 'Your order, step by step' });
      for (const step of ['Received', 'Quoted', 'Accepted', 'Invoiced', 'Paid', 'Dispatched', 'Delivered']) {
        await expectVisible(timeline.getByText(new RegExp(`^${step}`)).first());
      }
      expect(await timeline.locator('[aria-current="step"]').textContent()).toContain('Paid');
      await expectVisible(timeline.getByText(`Part paid: ${rupees(first)} of ${rupees(total)}`));
      const invoice = content.getByRole('region', { name: `Tax invoice ${invoiceNumber}` });
      await expectVisible(invoice.getByText('Part paid', { exact: true }));
      await expectVisible(invoice.getByText(rupees(total - first), { exact: true }));
      await expectVisible(invoice.getByText('Account 12345678901234 · IFSC FDRL0001234 · Federal Bank, Aluva'));
      const upi = `upi://pay?pa=greenleaf@okaxis&pn=Green%20Leaf%20Eco%20Tableware&am=${decimal(total - first)}&cu=INR&tn=${encodeURIComponent(invoiceNumber)}&tr=${encodeURIComponent(invoiceNumber)}-2`;
      // The button's link (out of the accessibility tree where it is hidden, on a wide screen).
      expect(await invoice.locator('a[href^="upi:"]').getAttribute('href')).toBe(upi);
      const button = invoice.getByRole('link', { name: /^Pay by UPI/ });
      const qr = invoice.getByRole('img', { name: /^QR code: pay/ });
      if (viewportName === 'phone') {
        await expectVisible(button);
        expect(await qr.isVisible()).toBe(false);
      } else {
        expect(await invoice.locator('a[href^="upi:"]').isVisible()).toBe(false);
        await expectVisible(qr);
        expect(await scanQrCode(qr)).toBe(upi);
      }
      await checkA11y(customer.page);
      if (viewportName === 'phone') await expectPhoneFriendly(customer.page);

      // The download: the invoice's PDF, whose QR code asks for the same amount the same way.
      const downloading = customer.page.waitForEvent('download');
      await invoice.getByRole('link', { name: 'Download invoice (PDF)' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`Tax-invoice-${invoiceNumber.replace(/\//g, '-')}.pdf`);
      const pdf = new Uint8Array(fs.readFileSync((await download.path()) as string));
      expect(pdfText(pdf)).toContain(`Payment: Part paid`);
      expect(pdfQrCode(pdf)).toBe(upi);

      // Printed, the page is the invoice alone: its number, the figures, the way to pay, the signatory.
      const printed = await printedText(customer.page);
      expectShows(printed, [
        `Tax invoice ${invoiceNumber}`,
        rupees(total),
        'Reverse charge: No',
        'Authorised signatory',
        'greenleaf@okaxis',
      ]);
      expect(printed).not.toContain('Questions about this enquiry?');
      expect(printed).not.toContain(`Your quote Q-${displayId}-1`);

      // The rest, in cash: Paid. Then 'Shipped' asks for the dispatch details first.
      await details.getByRole('button', { name: 'Record payment' }).click();
      await details.getByLabel('Method').selectOption('cash');
      await details.getByRole('button', { name: 'Record payment' }).click();
      const paid = details.getByText(new RegExp(`^Invoice ${invoiceNumber.replace(/\//g, '\\/')} of .* · Paid`));
      await expectVisible(paid);
      await poll(() => focused(paid), 'the summary has the focus').toBe(true);
      await details.getByLabel('Change status').selectOption('shipped');
      const transporter = details.getByLabel('Transporter');
      await poll(() => focused(transporter), 'the transporter has the focus').toBe(true);
      await checkA11y(staff.page);
      if (viewportName === 'phone') await expectPhoneFriendly(staff.page);
      await details.getByRole('button', { name: 'Mark shipped' }).click();
      await expectVisible(details.getByText('Transporter is required'));
      await transporter.fill('Kerala Roadways');
      await details.getByLabel('Docket or LR number').fill('krw/88123');
      await details.getByLabel('Vehicle number (if known)').fill('KL 07 AB 1234');
      await details.getByLabel('Distance in km (for the e-way bill)').fill('5000');
      await details.getByRole('button', { name: 'Mark shipped' }).click();
      await expectVisible(details.getByText('Distance must be whole km from 1 to 4,000'));
      await details.getByLabel('Distance in km (for the e-way bill)').fill('18');
      await details.getByRole('button', { name: 'Mark shipped' }).click();
      const current = details.getByText('Current status: Shipped');
      await expectVisible(current);
      await poll(() => focused(current), 'the status has the focus').toBe(true);
      await expectVisible(details.getByText(/^Dispatched with Kerala Roadways, docket KRW\/88123, vehicle KL07AB1234, 18 km/));

      // The e-way bill portal's file for the invoice, with the dispatch's Part B.
      const ewayBillDownload = staff.page.waitForEvent('download');
      await details.getByRole('button', { name: 'E-way bill JSON' }).click();
      const ewayBill = await ewayBillDownload;
      expect(ewayBill.suggestedFilename()).toBe(`eway-bill-${invoiceNumber.replace(/\//g, '-')}.json`);
      const file = JSON.parse(fs.readFileSync((await ewayBill.path()) as string, 'utf8')) as EwayBillFile;
      expect(file.billLists[0]).toMatchObject({ docNo: invoiceNumber, transDistance: 18, transDocNo: 'KRW/88123' });

      // The customer: paid and dispatched with the docket; nothing left to pay by UPI.
      await customer.page.reload();
      await waitForHydration(customer.page);
      await expectVisible(timeline.getByText(/Kerala Roadways, docket KRW\/88123/));
      expect(await timeline.locator('[aria-current="step"]').textContent()).toContain('Delivered');
      await expectVisible(invoice.getByText('Paid', { exact: true }));
      expect(await invoice.locator('a[href^="upi:"]').count()).toBe(0);
      await expectVisible(invoice.getByText(/^Paid on \w+day \d+ \w+ \d{4}, with thanks\.$/));
      expect(await invoice.getByText(/Please pay by/).count()).toBe(0);
      await checkA11y(customer.page);

      // Delivered, after its confirmation: the customer's timeline says on which day.
      await details.getByLabel('Change status').selectOption('delivered');
      await typing(details.getByRole('button', { name: 'Mark delivered' }));
      await expectVisible(details.getByText('Current status: Delivered'));
      await customer.page.reload();
      await waitForHydration(customer.page);
      const delivered = timeline.getByRole('listitem').filter({ hasText: /^Delivered/ });
      await expectVisible(delivered.getByText(dateText(istDate(new Date())), { exact: true }));

      // A carton comes back: the credit note's figures are worked out by the server and shown before it is issued (a
      // changed quantity asks again), and what was paid beyond what is now owed is the customer's refund.
      await typing(details.getByRole('button', { name: 'Credit note', exact: true }));
      await details.getByLabel('Reason', { exact: true }).fill('One carton came back damaged');
      const cartons = details.getByLabel(/^Cartons of line 1/);
      await cartons.fill('2');
      await typing(details.getByRole('button', { name: 'Preview the credit note' }));
      const figures = details.getByTestId('credit-preview');
      await expectVisible(figures.getByText('Credit note total'));
      await cartons.fill('1');
      await expectHidden(figures);
      await typing(details.getByRole('button', { name: 'Preview the credit note' }));
      await expectVisible(figures.getByText(/^Line 1: .*, 1 carton\(s\)$/));
      await poll(() => focused(figures.locator('..')), 'the figures have the focus').toBe(true);
      await checkA11y(staff.page);
      if (viewportName === 'phone') await expectPhoneFriendly(staff.page);
      const shown = await texts(figures.locator('dd'));
      await typing(details.getByRole('button', { name: 'Issue credit note' }));
      await expectVisible(details.getByText(/^Credit note .*: ₹/));
      const read = await staff.context.request.get(`/api/admin/orders/${displayId - 1000}/invoice`);
      const { creditNotes, payment } = (await read.json()) as OrderInvoice;
      expect(creditNotes).toHaveLength(1);
      const [note] = creditNotes;
      expect(shown[0]).toBe(rupees(note!.lines[0]!.taxable));
      expect(shown.at(-1)).toBe(rupees(note!.totals.total));
      expect(payment.refundDue).toBe(note!.totals.total);
      await customer.page.reload();
      await waitForHydration(customer.page);
      await expectVisible(
        invoice.getByText(
          `We will refund ${rupees(note!.totals.total)} to you: you paid more than the invoice comes to after its credit notes.`,
        ),
      );
      await checkA11y(customer.page);

      // The refund paid out, recorded in the invoice panel: the refund due, the today step and the customer's line clear.
      const refundsDue = async () => {
        const step = await staff.context.request.get('/api/admin/orders?step=refunds-due&pageSize=100');
        return ((await step.json()) as { items: Array<{ displayId: number }> }).items.some(
          (item) => item.displayId === displayId,
        );
      };
      expect(await refundsDue()).toBe(true);
      await expectVisible(details.getByText(`Refund due to the customer: ${rupees(note!.totals.total)}`));
      await typing(details.getByRole('button', { name: 'Record refund' }));
      const refundAmount = details.getByLabel('Amount refunded (₹)');
      await poll(() => focused(refundAmount), 'the amount has the focus').toBe(true);
      expect(await refundAmount.inputValue()).toBe(decimal(note!.totals.total));
      await refundAmount.fill(decimal(note!.totals.total + 1));
      await details.getByLabel('UPI reference (UTR, 12 digits)').fill('6123 4567 8901');
      await details.getByLabel('Note (optional)').fill('To the UPI ID the customer paid from');
      await typing(details.getByRole('button', { name: 'Record refund' }));
      await expectVisible(
        details.getByText(
          `${rupees(note!.totals.total + 1)} is more than the ${rupees(note!.totals.total)} refund due on this invoice`,
        ),
      );
      await refundAmount.fill(decimal(note!.totals.total));
      await checkA11y(staff.page);
      if (viewportName === 'phone') await expectPhoneFriendly(staff.page);
      await typing(details.getByRole('button', { name: 'Record refund' }));
      const refunds = details.getByRole('list', { name: 'Refunds paid out' });
      await expectVisible(refunds.getByText(/refunded by UPI 612345678901/));
      await expectHidden(details.getByText(/^Refund due to the customer/));
      await poll(() => focused(details.getByText(/^Invoice GL\/\S+ of /)), 'the summary has the focus').toBe(true);
      expect(await refundsDue()).toBe(false);
      await customer.page.reload();
      await waitForHydration(customer.page);
      await expectVisible(invoice.getByText(`Refunded ${rupees(note!.totals.total)} on ${dateText(istDate(new Date()))}`));
      expect(await invoice.getByText(/^We will refund/).count()).toBe(0);
      await checkA11y(customer.page);
    },
  );

  // Two browsers, as the journeys above: longer than one page's test.
  test(
    'a double click on Record payment records one payment; the next form records the next one',
    { timeout: 120_000 },
    async () => {
      const { plain } = await testProducts();
      const { displayId } = await enquireAndFollow(browser, viewport, [{ productId: plain.id, quantity: 2 }]);
      const staff = await browser.open(viewport);
      await openOrderAsStaff(staff.page, displayId);
      const issued = await invoiceThroughApi(staff.context, displayId, { price: plain.price, hsnCode: '48236900', gstRate: 18 });
      const total = issued.invoice.totals.total;
      // A third: twice recorded, it still leaves something due, so a double payment shows as one, not as Paid.
      const first = Math.floor(total / 300) * 100;
      let details = await reopenOrder(staff.page, displayId);
      const posts: Request[] = [];
      staff.page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith(`/api/admin/orders/${displayId - 1000}/payments`)) {
          posts.push(request);
        }
      });
      /** Once every payment sent has its answer: the payments as the server has them and as the details list them. */
      const recorded = async (summary: string) => {
        await expectVisible(
          details.getByText(new RegExp(`^Invoice ${issued.invoice.number.replace(/\//g, '\\/')} of .* · ${summary}$`)),
        );
        await Promise.all(posts.map((request) => request.response()));
        const stored = await staff.context.request.get(`/api/admin/orders/${displayId - 1000}/invoice-status`);
        const { invoice } = (await stored.json()) as { invoice: OrderInvoice };
        details = await reopenOrder(staff.page, displayId);
        await expectVisible(details.getByText(new RegExp(` · ${summary}$`)));
        const shown = await texts(details.getByRole('list', { name: 'Payments received' }).getByRole('listitem'));
        const keys = new Set(posts.map((request) => request.headers()['idempotency-key']));
        return { stored: invoice.payments.map((payment) => payment.amount).sort((a, b) => a - b), shown, keys: keys.size };
      };

      await details.getByRole('button', { name: 'Record payment' }).click();
      await details.getByLabel('Amount received (₹)').fill(decimal(first));
      await details.getByLabel('Method').selectOption('cash');
      // Two clicks in one go, the second before the page has drawn the first's 'Recording...' (as a quick double tap
      // does on a busy phone): both reach the form.
      await details.getByRole('button', { name: 'Record payment' }).evaluate((button: HTMLElement) => {
        button.click();
        button.click();
      });
      const once = await recorded('Part paid');
      expect(once.stored).toEqual([first]);
      expect(once.keys).toBe(1);
      expect(once.shown).toHaveLength(1);
      expect(once.shown[0]).toMatch(new RegExp(`: Cash \\(by .*\\) ${rupees(first).replace('.', '\\.')}$`));

      // The form opened again is another payment: the rest, in cash, is recorded beside the first.
      await details.getByRole('button', { name: 'Record payment' }).click();
      expect(await details.getByLabel('Amount received (₹)').inputValue()).toBe(decimal(total - first));
      await details.getByLabel('Method').selectOption('cash');
      await details.getByRole('button', { name: 'Record payment' }).click();
      const twice = await recorded('Paid');
      expect(twice.stored).toEqual([first, total - first]);
      expect(twice.shown).toHaveLength(2);
      expect(twice.keys).toBe(2);
      if (viewportName === 'phone') await expectPhoneFriendly(staff.page);
    },
  );

  test('the month’s GSTR-1: a month picker, what the month comes to, each table as a CSV that adds up', async () => {
    const { page, context } = await browser.open(viewport);
    await signInAsAdmin(page, '/admin/reports');
    const content = page.getByRole('main');
    await expectVisible(content.getByRole('heading', { level: 1, name: 'Reports' }));
    const month = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 7);
    const picker = content.getByLabel('Month');
    expect(await picker.inputValue()).toBe(month);
    await expectVisible(content.getByText(`Invoices of ${month}`));
    await checkA11y(page);
    if (viewportName === 'phone') await expectPhoneFriendly(page);

    const report = (await (await context.request.get(`/api/admin/reports/gstr1?month=${month}`)).json()) as Gstr1;
    const downloading = page.waitForEvent('download');
    await content.getByRole('link', { name: /^HSN summary, B2C \(12\)/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`GSTR-1-${month}-hsn-b2c.csv`);
    const file = fs.readFileSync((await download.path()) as string, 'utf8');
    // As the offline tool imports it: no byte order mark, the template's heading, then only the rows.
    expect(file.charCodeAt(0)).not.toBe(0xfeff);
    const lines = file.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'HSN,Description,Description as per HSN Code,UQC,Total Quantity,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount',
    );
    expect(lines).toHaveLength(report.hsnB2c.rows.length + 1);
    // The totals to check the file by are on the page, beside its link.
    const totals = report.hsnB2c.totals;
    await expectVisible(
      content
        .getByText(
          `Taxable ${formatRupees(totals.taxable)} · IGST ${formatRupees(totals.igst)} · CGST ${formatRupees(totals.cgst)} · SGST ${formatRupees(totals.sgst)}`,
        )
        .last(),
    );
    expect(await content.getByRole('link', { name: /^Upload file for the GST portal \(JSON\)/ }).getAttribute('href')).toBe(
      `/api/admin/reports/gstr1?month=${month}&format=gstn-json`,
    );

    // An earlier month with nothing in it says so in its figures, and its links follow the month.
    await picker.fill('2026-01');
    await expectVisible(content.getByText('Invoices of 2026-01'));
    expect(await content.getByRole('link', { name: /^B2B invoices \(4A\)/ }).getAttribute('href')).toBe(
      '/api/admin/reports/gstr1?month=2026-01&format=csv&table=b2b',
    );
  });
});
