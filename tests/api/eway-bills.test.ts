// The e-way bill portal's bulk JSON through the API, on both databases: an inter-state order over ₹50,000 from its
// invoice to the file (Part A alone before the dispatch, Part B after), a dispatch without distance refused when the
// file is asked for, and the days' file with every consignment over ₹50,000. Each file is checked against the schema.
import { validate } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';

import type { EwayBillFile } from '#domains/handoff/eway-bill.ts';
import type { SettingsAnswer } from '#domains/settings/schema.ts';
import { addDays, istDate } from '#lib/india-time.ts';
import { schemaErrors } from '#lib/json-schema.fixture.ts';
import { toPaise } from '#lib/money.ts';
import type { Refusal } from '#tests/support/accounts.ts';
import { TestClock } from '#tests/support/clock.ts';
import { databaseKinds } from '#tests/support/databases.ts';
import { browserLine } from '#tests/support/enquiry.ts';
import { BENGALURU_BUYER, invoiceToBengaluru, ownCustomers, type StaffApp, useStaffApp } from '#tests/support/staff-app.ts';

const SCHEMA = 'eway-bill-bulk.schema.json';
const ROUND = 'Areca Leaf Round Plate';
/** 3 December 2030, noon in India. */
const START = Date.UTC(2030, 11, 3, 6, 30);

describe.each(databaseKinds())('e-way bill files on %s', (kind) => {
  let { ids, admin, visitor } = {} as StaffApp;
  const clock = new TestClock(START);
  const send = ownCustomers('ewaybill');
  const today = istDate(clock.now());

  useStaffApp(kind, { clock }, (app) => ({ ids, admin, visitor } = app));

  const invoiced = (plates: number) => invoiceToBengaluru({ ids, admin, visitor }, send, clock, plates);
  const ship = (id: number, dispatch: Record<string, unknown>) =>
    admin.request<Refusal>('PATCH', `/api/admin/orders/${id}/status`, {
      payload: {
        status: 'shipped',
        dispatch: {
          transporter: 'Kerala Roadways',
          docketNumber: 'KRW/2030/88123',
          vehicleNumber: 'KL 07 AB 1234',
          expectedOn: addDays(today, 3),
          ewayBillNumber: '331002345678',
          ...dispatch,
        },
      },
    });
  const fileOf = (id: number) => admin.get<EwayBillFile & Refusal>(`/api/admin/orders/${id}/eway-bill`);

  it('an inter-state order over ₹50,000: Part A from the invoice, then Part B from the dispatch; without distance refused', async () => {
    // 100 plates at 560.00 = 56,000.00 at 5% (IGST 2,800.00); 2 cups 520.00 at 18% (93.60); delivery 50.00 at 18%
    // (9.00). Taxable 56,570.00, IGST 2,902.60; 59,472.60 rounds to 59,473.00 (+0.40).
    const order = await invoiced(100);
    const before = await fileOf(order.id);
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.headers['content-disposition']).toMatch(/^attachment; filename="eway-bill-GL-2030-31-\d{4}\.json"$/);
    expect(schemaErrors(SCHEMA, before.body)).toEqual([]);
    const [bill] = before.body.billLists;
    expect(bill).toMatchObject({
      fromGstin: '32AAACG1234A1ZN',
      toGstin: BENGALURU_BUYER.gstin,
      toPincode: 560001,
      toStateCode: 29,
      totalValue: 56_520,
      igstValue: 2_902.6,
      OthValue: 50.4,
      totInvValue: 59_473,
      transDistance: 0,
    });
    expect(bill).not.toHaveProperty('transMode');

    // Dispatched without the distance: taken (the form asks, the portal can work it out), but no file then.
    expect((await ship(order.id, {})).status).toBe(200);
    const refused = await fileOf(order.id);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/the dispatch has no distance; give the distance in km in the dispatch details$/);
    expect(refused.body.errors).toHaveProperty('distanceKm');

    const tooFar = await ship(order.id, { distanceKm: '5000' });
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.errors).toMatchObject({ 'dispatch.distanceKm': 'Distance must be whole km from 1 to 4,000' });
    const badId = await ship(order.id, { distanceKm: '560', transporterId: '32AAACG1234A1ZM' });
    expect(badId.status).toBe(400);
    expect(badId.body.errors).toHaveProperty(['dispatch.transporterId']);

    const shipped = await ship(order.id, { distanceKm: '560', transporterId: '32aaacg1234a1zn', transportDocDate: today });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    const after = await fileOf(order.id);
    expect(after.status).toBe(200);
    expect(schemaErrors(SCHEMA, after.body)).toEqual([]);
    expect(after.body.billLists[0]).toMatchObject({
      transMode: 1,
      transDistance: 560,
      transporterId: '32AAACG1234A1ZN',
      transDocNo: 'KRW/2030/88123',
      transDocDate: '03/12/2030',
      vehicleNo: 'KL07AB1234',
      vehicleType: 'R',
    });
  });

  it("the dispatch address is the settings': changed, the next file leaves from the new address", async () => {
    const order = await invoiced(100);
    const { settings } = (await admin.get<SettingsAnswer>('/api/admin/settings')).body;
    const godown = {
      street: 'Plot 7, KINFRA Park',
      locality: 'Kalamassery',
      city: 'Ernakulam',
      state: 'Kerala',
      postalCode: '683503',
    };
    const saved = await admin.request('PUT', '/api/admin/settings/dispatch', { payload: { address: godown } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const file = await fileOf(order.id);
    expect(schemaErrors(SCHEMA, file.body)).toEqual([]);
    expect(file.body.billLists[0]).toMatchObject({
      fromAddr1: 'Plot 7, KINFRA Park',
      fromPlace: 'Kalamassery',
      fromPincode: 683503,
      actualFromStateCode: 32,
    });
    await admin.request('PUT', '/api/admin/settings/dispatch', { payload: settings.dispatch });
  });

  it("the days' file: every invoice over ₹50,000 issued in them, checked against the schema; bad days refused", async () => {
    const big = await invoiced(120);
    const small = await invoiced(3);
    const response = await admin.get<EwayBillFile & Refusal>(`/api/admin/reports/eway-bills?from=${today}&to=${today}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(schemaErrors(SCHEMA, response.body)).toEqual([]);
    const numbers = response.body.billLists.map((bill) => bill.docNo);
    const invoiceNumber = async (id: number) =>
      (await admin.get<{ invoice: { number: string } }>(`/api/admin/orders/${id}/invoice`)).body.invoice.number;
    expect(numbers).toContain(await invoiceNumber(big.id));
    expect(numbers).not.toContain(await invoiceNumber(small.id));

    const backwards = await admin.get<Refusal>(`/api/admin/reports/eway-bills?from=${today}&to=2030-12-01`);
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toMatchObject({ to: "'to' must not be before 'from'" });
    expect((await admin.get<Refusal>('/api/admin/reports/eway-bills?from=2030-12-01')).status).toBe(400);
    const none = await admin.get<Refusal>('/api/admin/reports/eway-bills?from=2030-01-01&to=2030-01-31');
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('No invoice from 2030-01-01 to 2030-01-31 is over ₹50,000: there is no e-way bill to make');

    const uninvoiced = await send(visitor, [browserLine(ids, ROUND, '8 inch', 1)]);
    expect((await fileOf(uninvoiced.id)).status).toBe(404);
  });

  it("the month's Tally XML: well-formed, a Sales voucher an invoice and a Receipt a payment, each balancing", async () => {
    const order = await invoiced(90);
    const paid = await admin.post(`/api/admin/orders/${order.id}/payments`, {
      amount: '10000.00',
      receivedOn: today,
      method: 'bank-transfer',
      reference: 'UTR2030120300001',
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const response = await admin.download('/api/admin/reports/tally?month=2030-12');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="tally-vouchers-2030-12.xml"');
    const xml = response.body;
    expect(validate(xml)).toBe(true);
    const vouchers = [...xml.matchAll(/<VOUCHER VCHTYPE="([^"]+)"[\s\S]*?<\/VOUCHER>/g)];
    expect(vouchers.filter((voucher) => voucher[1] === 'Receipt')).toHaveLength(1);
    expect(vouchers.filter((voucher) => voucher[1] === 'Sales').length).toBeGreaterThanOrEqual(4);
    for (const [voucher] of vouchers) {
      const amounts = [...voucher.matchAll(/<AMOUNT>(-?)(\d+\.\d{2})<\/AMOUNT>/g)];
      expect(amounts.reduce((sum, [, minus, value]) => sum + (minus ? -1 : 1) * toPaise(value as string), 0)).toBe(0);
    }
    expect((await admin.get<Refusal>('/api/admin/reports/tally?month=2030-13')).status).toBe(400);
  });
});
