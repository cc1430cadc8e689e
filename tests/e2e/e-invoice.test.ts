// E-invoicing in the order details, in the browser at both sizes: the staff download a B2B invoice's IRP JSON (valid
// against the INV-01 schema), open the "IRP answer" form, are told at the field when what they paste is not the
// portal's JSON or is the answer for another invoice, and record the right answer; the panel then shows the IRN. Then
// they record the cancellation made on the portal: a time past its 24 hours refused at the time's field, one within
// them recorded, the panel saying the IRN is cancelled, the focus on the invoice's summary.
import fs from 'node:fs';

import type { Locator } from 'playwright-core';
import { expect, test } from 'vitest';

import type { EInvoice } from '#domains/handoff/e-invoice.ts';
import { irpAnswerFor } from '#domains/handoff/irp-answer.fixture.ts';
import type { OrderInvoice } from '#domains/invoice/model.ts';
import { gstinCheckCharacter } from '#domains/tax/gst.ts';
import { schemaErrors } from '#lib/json-schema.fixture.ts';

import { csrfHeader, expectPhoneFriendly } from './support/admin.ts';
import { checkA11y, describeAtViewports } from './support/browser.ts';
import { testProducts } from './support/enquiry.ts';
import { expectHidden, expectVisible, poll } from './support/expect.ts';
import { enquireAndFollow, openOrderAsStaff, reopenOrder } from './support/follow.ts';

const BUYER_GSTIN = `32BBBCK5678L1Z${gstinCheckCharacter('32BBBCK5678L1Z')}`;
const focused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

describeAtViewports('e-invoice', (browser, viewportName, viewport) => {
  test('the IRP JSON downloaded, a wrong answer refused at the field, the right one recorded', { timeout: 180_000 }, async () => {
    const { plain } = await testProducts();
    const customer = await enquireAndFollow(browser, viewport, [{ productId: plain.id, quantity: 2 }]);
    // The answer for another invoice is refused by the server (400), as the test means it to be.
    // So is a cancellation past the portal's 24 hours.
    const refusal = (url: string) => url.endsWith('/e-invoice/answer') || url.endsWith('/e-invoice/cancel');
    const staff = await browser.open(viewport, {
      allowRequest: (url, status) => refusal(url) && status === 400,
      allowConsole: [/status of 400 .*\/e-invoice\/(answer|cancel)/],
    });
    let details = await openOrderAsStaff(staff.page, customer.displayId);
    // Invoiced through the API to a registered buyer (the invoices' own test issues through the page).
    const issued = await staff.context.request.post(`/api/admin/orders/${customer.displayId - 1000}/invoice`, {
      headers: await csrfHeader(staff.context),
      data: {
        confirmed: {
          lines: [{ price: plain.price, hsnCode: '48236900', gstRate: 18 }],
          delivery: '50',
          placeOfSupply: '32',
          customerGstin: BUYER_GSTIN,
        },
      },
    });
    expect(issued.status(), await issued.text()).toBe(201);
    const { invoice } = (await issued.json()) as OrderInvoice;
    details = await reopenOrder(staff.page, customer.displayId);

    const downloading = staff.page.waitForEvent('download');
    await details.getByRole('button', { name: 'E-invoice JSON' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`e-invoice-${invoice.number.replace(/\//g, '-')}.json`);
    const file = JSON.parse(fs.readFileSync((await download.path()) as string, 'utf8')) as EInvoice;
    expect(schemaErrors('e-invoice-inv01.schema.json', file)).toEqual([]);
    expect(file.DocDtls.No).toBe(invoice.number);
    expect(file.BuyerDtls.Gstin).toBe(BUYER_GSTIN);

    await details.getByRole('button', { name: 'IRP answer' }).click();
    const box = details.getByLabel('IRP answer (JSON)');
    await poll(() => focused(box), 'the answer box has the focus').toBe(true);
    const record = details.getByRole('button', { name: 'Record the answer' });
    await box.fill('IRN 1234 from the portal');
    await record.click();
    await expectVisible(details.getByText("This is not the portal's JSON answer: paste it whole, from { to }"));
    await poll(() => focused(box), 'the answer box has the focus again').toBe(true);
    await checkA11y(staff.page);
    if (viewportName === 'phone') await expectPhoneFriendly(staff.page);

    const facts = {
      number: invoice.number,
      date: invoice.date,
      total: invoice.totals.total,
      seller: invoice.supplier.gstin ?? '',
      buyer: BUYER_GSTIN,
    };
    const portal = (answer: ReturnType<typeof irpAnswerFor>) =>
      JSON.stringify({
        AckNo: Number(answer.ackNo),
        AckDt: answer.ackDate,
        Irn: answer.irn,
        SignedInvoice: answer.signedInvoice,
        SignedQRCode: answer.signedQrCode,
        Status: 'ACT',
      });
    // Each order gets its own IRN, as the portal would give: the browsers' two runs share one database.
    const irn = `${viewportName === 'phone' ? 'a' : 'b'}${String(customer.displayId).padStart(63, '0')}`;
    await box.fill(portal(irpAnswerFor({ ...facts, total: facts.total + 100 }, irn)));
    await record.click();
    await expectVisible(details.getByText(/^The signed QR code names the total .*: this answer is for another document$/));
    await poll(() => focused(box), 'the answer box has the focus again').toBe(true);

    await box.fill(portal(irpAnswerFor(facts, irn)));
    await record.click();
    const summary = details.getByText(new RegExp(`^Invoice ${invoice.number.replace(/\//g, '\\/')} of `));
    await poll(() => focused(summary), 'the summary has the focus').toBe(true);
    await expectVisible(details.getByText(`E-invoice: IRN ${irn}, Ack No 112610000012345 of ${invoice.date} 11:05:00.`));
    await checkA11y(staff.page);
    if (viewportName === 'phone') await expectPhoneFriendly(staff.page);

    // Cancelled on the portal: recorded here, the portal's 24 hours counted from the acknowledgement.
    await details.getByRole('button', { name: 'E-invoice cancelled' }).click();
    const remark = details.getByLabel('Remark');
    await poll(() => focused(remark), 'the remark has the focus').toBe(true);
    await expectVisible(details.getByText(`Invoice ${invoice.number}, IRN ${irn}`));
    await details.getByLabel('Reason, as given on the portal').selectOption('2');
    await remark.fill('Wrong buyer GSTIN typed');
    const at = details.getByLabel('Cancelled on the portal at');
    const nextDay = new Date(Date.parse(`${invoice.date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await at.fill(`${nextDay}T11:05:01`);
    await checkA11y(staff.page);
    if (viewportName === 'phone') await expectPhoneFriendly(staff.page);
    const cancelIt = details.getByRole('button', { name: 'Record the cancellation' });
    await cancelIt.click();
    await expectVisible(
      details.getByText(/^The portal cancels an IRN within 24 hours of its acknowledgement .*issue a credit note$/),
    );
    await poll(() => focused(at), 'the time has the focus').toBe(true);

    await at.fill(`${invoice.date}T13:20:00`);
    await cancelIt.click();
    await poll(() => focused(summary), 'the summary has the focus after the cancellation').toBe(true);
    await expectVisible(details.getByText(`; cancelled on ${invoice.date} 13:20:00 (Data entry mistake)`));
    await expectHidden(details.getByRole('button', { name: 'E-invoice cancelled' }));
    await checkA11y(staff.page);
  });
});
