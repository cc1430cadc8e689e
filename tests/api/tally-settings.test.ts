// The Tally download follows the settings' Tally section, on both databases: a fresh install's file has today's
// ledger names and accounting vouchers; the accountant's names and inventory entries once saved (every voucher still
// balancing, the stock items adding up to the sales ledger); HSN on the ledger lines in the third choice; the staff
// may not change the section, nor save two ledgers Tally would read as one.
import { validate } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';

import { TALLY_DEFAULTS } from '#domains/handoff/tally.ts';
import type { SettingsAnswer, TallySettings } from '#domains/settings/schema.ts';
import { toPaise } from '#lib/money.ts';
import { type Refusal, signedIn } from '#tests/support/accounts.ts';
import { TestClock } from '#tests/support/clock.ts';
import { databaseKinds } from '#tests/support/databases.ts';
import { browserLine } from '#tests/support/enquiry.ts';
import { SAVED } from '#tests/support/settings.ts';
import { ownCustomers, quoteBody, type StaffApp, steps, useStaffApp } from '#tests/support/staff-app.ts';

/** 3 December 2030, noon in India. */
const START = Date.UTC(2030, 11, 3, 6, 30);
/** The accountant's ledgers (the settings tests' own), the sales ledger named in English. */
const ACCOUNTANT: TallySettings = { ...SAVED.tally, sales: 'Sales Accounts {rate}%' };

const paiseOf = (amount: string) => (amount.startsWith('-') ? -toPaise(amount.slice(1)) : toPaise(amount));
const amountsIn = (text: string) => [...text.matchAll(/<AMOUNT>(-?\d+\.\d{2})<\/AMOUNT>/g)].map(([, amount]) => paiseOf(amount!));
const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);

describe.each(databaseKinds())('the Tally download and its settings on %s', (kind) => {
  let { ctx, ids, admin, visitor } = {} as StaffApp;
  const clock = new TestClock(START);
  const send = ownCustomers('tallyset');

  useStaffApp(kind, { clock }, (app) => ({ ctx, ids, admin, visitor } = app));
  beforeAll(async () => {
    const sent = await send(visitor, [
      browserLine(ids, 'Areca Leaf Round Plate', '8 inch', 4),
      browserLine(ids, 'Bagasse Cup 200 ml', null, 2),
    ]);
    await steps.quoteAndAccept({ admin, visitor }, sent, quoteBody(clock));
    await steps.invoice(admin, sent.id);
  });

  const download = async () => {
    const response = await admin.download('/api/admin/reports/tally?month=2030-12');
    expect(response.statusCode, response.body).toBe(200);
    expect(validate(response.body)).toBe(true);
    return response.body;
  };
  const save = (tally: TallySettings) =>
    admin.request<SettingsAnswer & Refusal>('PUT', '/api/admin/settings/tally', { payload: tally });
  const sales = (xml: string) => /<VOUCHER VCHTYPE="Sales"[\s\S]*?<\/VOUCHER>/.exec(xml)?.[0] ?? '';

  it('writes today’s names and accounting vouchers until the section is saved', async () => {
    const voucher = sales(await download());
    expect(voucher).toContain('OBJVIEW="Accounting Voucher View"');
    expect(voucher).toContain('<LEDGERNAME>Sales @ 5%</LEDGERNAME>');
    expect(voucher).toContain('<LEDGERNAME>Output CGST</LEDGERNAME>');
    expect(voucher).not.toContain('ALLINVENTORYENTRIES');
    expect(sum(amountsIn(voucher))).toBe(0);
  });

  it('writes the accountant’s names and inventory entries once saved, every voucher balancing', async () => {
    const saved = await save(ACCOUNTANT);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const voucher = sales(await download());
    expect(voucher).toContain('OBJVIEW="Invoice Voucher View"');
    expect(voucher).toContain('<LEDGERNAME>CGST Payable</LEDGERNAME>');
    expect(voucher).not.toContain('Output CGST');
    const items = [...voucher.matchAll(/<ALLINVENTORYENTRIES\.LIST>[\s\S]*?<\/ALLINVENTORYENTRIES\.LIST>/g)].map(
      ([item]) => item,
    );
    expect(items).toHaveLength(2);
    expect(items[0]).toMatch(/<GSTHSNNAME>\d{4,8}<\/GSTHSNNAME>/);
    expect(items[0]).toContain('<ACTUALQTY>4 Ctn</ACTUALQTY>');
    expect(items[0]).toContain('<LEDGERNAME>Sales Accounts 5%</LEDGERNAME>');
    // Each item's amount is written twice (its own and its allocation's): the voucher balances counting it once.
    const ledgerLines = voucher.replace(/<ACCOUNTINGALLOCATIONS\.LIST>[\s\S]*?<\/ACCOUNTINGALLOCATIONS\.LIST>/g, '');
    expect(sum(amountsIn(ledgerLines))).toBe(0);
  });

  it('puts the HSN on the ledger lines in the third choice, and back to today’s file with the defaults', async () => {
    expect((await save({ ...ACCOUNTANT, detail: 'ledger' })).status).toBe(200);
    const voucher = sales(await download());
    expect(voucher).toContain('OBJVIEW="Accounting Voucher View"');
    expect(voucher).toMatch(/<LEDGERNAME>Sales Accounts 5%<\/LEDGERNAME><GSTHSNNAME>\d{4,8}<\/GSTHSNNAME>/);
    expect(sum(amountsIn(voucher))).toBe(0);

    expect((await save(TALLY_DEFAULTS)).status).toBe(200);
    expect(sales(await download())).toContain('<LEDGERNAME>Output CGST</LEDGERNAME>');
  });

  it('refuses the staff and a name Tally would read as another ledger’s, keeping what was saved', async () => {
    const staff = await signedIn(ctx, { username: 'tally_staff', role: 'staff' });
    expect((await staff.request('PUT', '/api/admin/settings/tally', { payload: ACCOUNTANT })).status).toBe(403);
    const refused = await save({ ...ACCOUNTANT, sgst: 'CGST payable.' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ sgst: 'Tally reads this as the CGST ledger’s name: give each ledger its own' });
    expect(sales(await download())).toContain('<LEDGERNAME>Output SGST</LEDGERNAME>');
  });
});
