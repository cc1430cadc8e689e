// The accountant's hand-offs on the Reports and Settings screens, at 390 and 1280 px: the Reports page says the shop is
// treated as below the e-invoicing threshold while e-invoicing is off, and downloads the month's Tally vouchers (a
// well-formed Import Data file); the Settings screen's Tally section refuses a sales ledger without {rate} at its
// field, then saves the accountant's names and inventory entries, which the next download uses. The defaults are
// put back afterwards (the browsers' two runs, and other tests, share one server). axe on each screen; nothing wider
// than a phone, every target 44 px.
import fs from 'node:fs';

import { validate } from 'fast-xml-parser';
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';

import { TALLY_DEFAULTS } from '#domains/handoff/tally.ts';
import type { SettingsAnswer } from '#domains/settings/schema.ts';

import { csrfHeader, expectPhoneFriendly, signInAsAdmin } from './support/admin.ts';
import { checkA11y, describeAtViewports, visit } from './support/browser.ts';
import { expectVisible, poll } from './support/expect.ts';

const focused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/** The month's Tally file, downloaded from the Reports page's button (its name ends with the month, for a screen reader). */
async function downloadTally(page: Page, month: string): Promise<string> {
  const button = page.getByRole('main').getByRole('button', { name: /^Tally vouchers \(XML\)/ });
  expect(await button.textContent()).toContain(month);
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe(`tally-vouchers-${month}.xml`);
  return fs.readFileSync((await download.path()) as string, 'utf8');
}

describeAtViewports('tally', (browser, viewportName, viewport) => {
  test(
    'the Reports page’s e-invoicing words and Tally download; the Settings screen’s Tally section',
    { timeout: 120_000 },
    async () => {
      const { page, context } = await browser.open(viewport);
      const phone = viewportName === 'phone';
      await signInAsAdmin(page, '/admin/reports');
      const content = page.getByRole('main');
      const month = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 7);
      await expectVisible(content.getByRole('heading', { level: 2, name: 'E-invoices' }));
      await expectVisible(
        content.getByText(
          'E-invoicing is off in the settings: the shop is treated as below the turnover at which invoices must be registered with the e-invoice portal',
          { exact: false },
        ),
      );
      const before = await downloadTally(page, month);
      expect(validate(before)).toBe(true);
      expect(before).toContain('<TALLYREQUEST>Import Data</TALLYREQUEST>');
      expect(before).not.toContain('Invoice Voucher View');
      await checkA11y(page);
      if (phone) await expectPhoneFriendly(page);

      try {
        await visit(page, '/admin/settings#tally');
        const details = page.locator('details#tally');
        if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
        await poll(() => details.getAttribute('open'), 'the Tally section opened').not.toBeNull();
        const sales = details.getByLabel('Sales ledger of each rate');
        expect(await sales.inputValue()).toBe('Sales @ {rate}%');
        expect(await details.getByLabel('Not in the vouchers').isChecked()).toBe(true);
        if (phone) await expectPhoneFriendly(page);

        await sales.fill('Sales');
        await details.getByRole('button', { name: 'Save Tally' }).click();
        await expectVisible(details.getByText('The sales ledger’s name holds {rate} once, where the rate goes: Sales @ {rate}%'));
        await poll(() => focused(sales), 'the sales ledger has the focus').toBe(true);

        await sales.fill('Sales Accounts {rate}%');
        await details.getByLabel('CGST ledger').fill('CGST Payable');
        await details.getByLabel('In inventory entries').check();
        await details.getByRole('button', { name: 'Save Tally' }).click();
        await expectVisible(details.getByText(/^Tally saved at /));
        await checkA11y(page);
        if (phone) await expectPhoneFriendly(page);
        const { settings } = (await (await context.request.get('/api/admin/settings')).json()) as SettingsAnswer;
        expect(settings.tally).toMatchObject({ sales: 'Sales Accounts {rate}%', cgst: 'CGST Payable', detail: 'inventory' });

        await visit(page, '/admin/reports');
        const after = await downloadTally(page, month);
        expect(validate(after)).toBe(true);
        expect(after).not.toContain('Output CGST');
        // Any sale of the month is an item invoice now.
        expect(after).not.toMatch(/<VOUCHER VCHTYPE="Sales" ACTION="Create" OBJVIEW="Accounting Voucher View">/);
      } finally {
        const restored = await context.request.put('/api/admin/settings/tally', {
          data: TALLY_DEFAULTS,
          headers: await csrfHeader(context),
        });
        expect(restored.status(), await restored.text()).toBe(200);
      }
    },
  );
});
