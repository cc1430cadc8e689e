// The ageing list on the Reports page (at 390 and 1280): a customer with an invoice not yet due is listed with its
// balance under "Not yet due" and in the totals, as GET /api/admin/reports/ageing has it; the table scrolls inside its
// own labelled region on a phone, never the page; the CSV link downloads the same list; the customer's name opens
// their record with the statement of account.
import fs from 'node:fs';

import { expect, test } from 'vitest';

import type { AgeingReport } from '#domains/statement/ageing.ts';
import { formatRupees } from '#lib/money.ts';

import { adminNav, expectPhoneFriendly, sendEnquiry, signInAsAdmin } from './support/admin.ts';
import { checkA11y, describeAtViewports } from './support/browser.ts';
import { expectURL, expectVisible } from './support/expect.ts';
import { invoiceThroughApi } from './support/follow.ts';

describeAtViewports('the ageing list', (browser, viewportName, viewport) => {
  test(
    'lists a customer’s open invoice by age with the totals, downloads as CSV and opens the customer',
    { timeout: 120_000 },
    async () => {
      const { page, context } = await browser.open(viewport);
      const tag = Date.now().toString(36);
      const name = `Ageing ${viewportName} ${tag}`;
      const phone = `9${String(Date.now()).slice(-9)}`;
      const displayId = await sendEnquiry(context, name, { email: `ageing-${tag}@example.in`, phone });

      await signInAsAdmin(page, '/admin');
      const issued = await invoiceThroughApi(context, displayId, { price: '450.00', hsnCode: '48236900', gstRate: 18 });
      const owed = issued.payment.balance;
      const report = (await (await context.request.get('/api/admin/reports/ageing')).json()) as AgeingReport;
      const mine = report.customers.find((customer) => customer.name === name);
      expect(mine).toMatchObject({ notDue: owed, total: owed, invoices: 1 });

      await (await adminNav(page)).getByRole('link', { name: 'Reports', exact: true }).click();
      const region = page.getByRole('region', { name: 'Ageing: what customers owe' });
      await expectVisible(region);
      const row = region.getByRole('row').filter({ has: page.getByRole('link', { name }) });
      await expectVisible(row);
      const cells = await row.getByRole('cell').allTextContents();
      // Not yet due, 1-30, 31-60, 61-90, over 90, total.
      expect(cells).toEqual([formatRupees(owed), '–', '–', '–', '–', formatRupees(owed)]);
      const totals = region.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Total', exact: true }) });
      expect((await totals.getByRole('cell').allTextContents()).at(-1)).toBe(formatRupees(report.totals.total));
      await checkA11y(page);
      if (viewportName === 'phone') {
        // The table is wider than a phone: its region scrolls, the page does not.
        expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
        await expectPhoneFriendly(page);
      }

      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Ageing (CSV)' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^ageing-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = fs.readFileSync((await file.path()) as string, 'utf8');
      const lines = csv
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(lines[0]).toBe('Customer id,Customer,Open invoices,Not yet due,1-30 days,31-60 days,61-90 days,Over 90 days,Total');
      expect(lines).toContain(`${mine!.id},${name},1,${(owed / 100).toFixed(2)},0.00,0.00,0.00,0.00,${(owed / 100).toFixed(2)}`);

      await row.getByRole('link', { name }).click();
      await expectURL(page, `/admin/customers?customer=${mine!.id}`);
      const dialog = page.getByRole('dialog', { name });
      await expectVisible(dialog);
      // The statement of account, with the invoice that is owed.
      await expectVisible(dialog.getByRole('cell', { name: `Invoice ${issued.invoice.number}`, exact: true }));
      await expectVisible(dialog.getByRole('link', { name: 'Download PDF' }));
      await checkA11y(page);
    },
  );
});
