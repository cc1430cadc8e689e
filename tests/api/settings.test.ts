// The shop's own settings on both databases: every section answered, seeded from the demo shop and the environment
// on a fresh install; each section saved as a new version and read back; administrators only; bad GSTIN, IFSC, UPI
// ID and pincode refused with a message at the field, nothing half-saved.
import { beforeAll, describe, expect, it } from 'vitest';

import type { SettingsAnswer } from '#domains/settings/schema.ts';
import { adminUserAndVisitor, type Client, type Refusal, signedIn } from '#tests/support/accounts.ts';
import { databaseKinds, suiteApp } from '#tests/support/databases.ts';
import { ADDRESS, readSettings, SAVED } from '#tests/support/settings.ts';

describe.each(databaseKinds())('shop settings on %s', (kind) => {
  const ctx = suiteApp(kind, { seed: false, config: { shopEmail: 'desk@greenleaf.example' } });
  let admin: Client;
  let customer: Client;
  let visitor: Client;
  let staff: Client;
  beforeAll(async () => {
    ({ admin, user: customer, visitor } = await adminUserAndVisitor(ctx.app, ctx.services));
    staff = await signedIn(ctx, { username: 'jaya_staff', role: 'staff' });
    // As the server does at start.
    await ctx.services.settings.ensureSeeded();
  });

  const read = () => readSettings(admin);
  const put = (section: string, value: unknown, client = admin) =>
    client.request<SettingsAnswer & Refusal>('PUT', `/api/admin/settings/${section}`, { payload: value as object });

  it('answers every section of a fresh install: the demo shop and the environment, a demo until the business is saved', async () => {
    const { settings, demo, history } = await read();
    expect(demo).toBe(true);
    expect(settings.business).toMatchObject({ tradingName: 'Green Leaf Eco Tableware', gstin: '32AAACG1234A1ZN' });
    expect(settings.business.email).toBe('desk@greenleaf.example');
    expect(settings.hours.week.map((day) => day && `${day.opens}-${day.closes}`)).toEqual([
      null,
      '9-18',
      '9-18',
      '9-18',
      '9-18',
      '9-18',
      '9-18',
    ]);
    expect(settings.tax.gstRates).toEqual([0, 5, 18, 40]);
    expect(settings.reminders).toEqual({ enabled: true, offsets: [-3, 0, 7, 15], everyMinutes: 10, quoteDaysBefore: 2 });
    expect(settings.tally).toMatchObject({ sales: 'Sales @ {rate}%', cgst: 'Output CGST', detail: 'none' });
    expect(history).toHaveLength(8);
    expect(history.every((version) => version.savedBy === null)).toBe(true);
  });

  it('saves each section as a new version with who saved it, and reads it back', async () => {
    for (const section of ['tally', 'reminders', 'dispatch', 'hours', 'documents', 'payments', 'tax', 'business'] as const) {
      const saved = await put(section, SAVED[section]);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.settings[section]).toEqual(SAVED[section]);
    }
    const { settings, demo, history } = await read();
    expect(settings).toEqual(SAVED);
    expect(demo).toBe(false);
    expect(history.slice(0, 8).map((version) => [version.section, version.savedBy])).toEqual(
      ['business', 'tax', 'payments', 'documents', 'hours', 'dispatch', 'reminders', 'tally'].map((section) => [
        section,
        'staff_admin',
      ]),
    );
    // The services read the saved version from memory.
    expect((await ctx.services.settings.current()).business.legalName).toBe('Kochi Leafware LLP');
  });

  it('is for administrators only: staff 403, customers 403, visitors 401, and a write needs the CSRF token', async () => {
    expect((await staff.get('/api/admin/settings')).status).toBe(403);
    expect((await put('tax', SAVED.tax, staff)).status).toBe(403);
    expect((await customer.get('/api/admin/settings')).status).toBe(403);
    expect((await put('tax', SAVED.tax, visitor)).status).toBe(401);
    const forged = await admin.request('PUT', '/api/admin/settings/tax', { payload: SAVED.tax, csrf: false });
    expect(forged.status).toBe(403);
    expect((await put('shipping', SAVED.tax)).status).toBe(400);
  });

  it('refuses a bad GSTIN, IFSC, UPI ID or pincode with its message at the field, and saves nothing', async () => {
    const before = await read();
    const refusals: Array<[string, object, string, RegExp]> = [
      ['business', { ...SAVED.business, gstin: '32ABCDE1234F1Z7' }, 'gstin', /check character does not match/],
      ['business', { ...SAVED.business, gstin: '29ABCDE1234F1ZW' }, 'gstin', /state code does not match/],
      [
        'business',
        { ...SAVED.business, address: { ...ADDRESS, postalCode: '68201' } },
        'address.postalCode',
        /pincode is 6 digits/,
      ],
      ['dispatch', { address: { ...ADDRESS, postalCode: '082016' } }, 'address.postalCode', /pincode is 6 digits/],
      ['payments', { ...SAVED.payments, ifsc: 'ICIC1001234' }, 'ifsc', /IFSC is the bank/],
      ['payments', { ...SAVED.payments, upiId: 'kochileaf' }, 'upiId', /UPI ID looks like/],
      ['documents', { ...SAVED.documents, logo: 'not-an-image' }, 'logo', /Not an image/],
      ['reminders', { ...SAVED.reminders, offsets: [0, 1.5] }, 'offsets.1', /whole number of days/],
      ['reminders', { ...SAVED.reminders, offsets: [-31] }, 'offsets.0', /from -30 to 365/],
      ['reminders', { ...SAVED.reminders, everyMinutes: 0 }, 'everyMinutes', /at least 1 minute/],
      ['tally', { ...SAVED.tally, sales: 'Sales' }, 'sales', /holds \{rate\} once/],
      ['tally', { ...SAVED.tally, igst: 'cgst payable' }, 'igst', /Tally reads this as the CGST ledger’s name/],
      ['tally', { ...SAVED.tally, roundOff: '' }, 'roundOff', /Round-off ledger is required/],
      ['tally', { ...SAVED.tally, detail: 'stock' }, 'detail', /none, ledger or inventory/],
    ];
    for (const [section, value, field, message] of refusals) {
      const response = await put(section, value);
      expect(response.status, `${section} ${field}`).toBe(400);
      expect(response.body.errors?.[field], JSON.stringify(response.body)).toMatch(message);
    }
    const after = await read();
    expect(after.settings).toEqual(before.settings);
    expect(after.history).toEqual(before.history);
  });
});
