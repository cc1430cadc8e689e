// GSTR-1 of a month whose credit notes exceed its sales, and the months there is no return for, on both databases.
// The figures are worked by hand in the comments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Gstr1 } from '../../core/gstr1.ts';
import type { OrderInvoice } from '../../core/invoice.ts';
import { expectBody } from '../support/accounts.ts';
import { TestClock } from '../support/clock.ts';
import { databaseKinds } from '../support/databases.ts';
import { browserLine, enquiryPayload } from '../support/enquiry.ts';
import { openStaffApp, QUOTE_LINES, type StaffApp, steps } from '../support/staff-app.ts';

/** 20 January 2032, noon in India: months no other test file uses. */
const JANUARY = Date.UTC(2032, 0, 20, 6, 30);
/** 5 February 2032, noon in India. */
const FEBRUARY = Date.UTC(2032, 1, 5, 6, 30);

describe.each(databaseKinds())('GSTR-1 months on %s', (kind) => {
  let { ctx, ids, admin, visitor } = {} as StaffApp;
  const clock = new TestClock(JANUARY);

  beforeAll(async () => {
    ({ ctx, ids, admin, visitor } = await openStaffApp(kind, { clock }));
  });
  afterAll(() => ctx?.close());

  const csv = async (month: string, table: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/reports/gstr1?month=${month}&format=csv&table=${table}`,
      headers: { cookie: `shop_session=${admin.token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n').slice(1);
  };

  it('a credit note this month against last month’s invoice: negative figures, written as numbers', async () => {
    // January: 3 cartons of round plates and 2 of cups to a buyer in Kerala with no GSTIN (B2C small):
    // 3 × 560.00 = 1,680.00 at 5% (42.00 + 42.00), 2 × 260.00 = 520.00 at 18% (46.80 + 46.80).
    const payload = enquiryPayload(
      [browserLine(ids, 'Areca Leaf Round Plate', '8 inch', 3), browserLine(ids, 'Bagasse Cup 200 ml', null, 2)],
      { customerName: 'Latha Nair', deliveryLocation: 'Market Road, Aluva, Kerala 683101' },
    );
    const sent = await steps.enquiry(visitor, payload);
    const confirmed = { lines: QUOTE_LINES, delivery: '0', placeOfSupply: '32', customerGstin: null };
    await expectBody(admin.post<OrderInvoice>(`/api/admin/orders/${sent.id}/invoice`, { confirmed }), 201);

    // February: the 3 cartons of plates come back: 1,680.00 + 42.00 CGST + 42.00 SGST = 1,764.00 credited.
    clock.set(FEBRUARY);
    ({ admin } = await steps.signInAgain(ctx));
    await expectBody(
      admin.post(`/api/admin/orders/${sent.id}/credit-notes`, { reason: 'Returned', lines: [{ line: 1, quantity: 3 }] }),
      201,
    );

    const report = await expectBody(admin.get<Gstr1>('/api/admin/reports/gstr1?month=2032-02'), 200);
    const minusPlates = { taxable: -1_680_00, igst: 0, cgst: -42_00, sgst: -42_00 };
    expect(report.b2cs.rows).toEqual([
      { type: 'OE', supplyType: 'Intra-State', placeOfSupply: '32-Kerala', rate: 5, ...minusPlates },
    ]);
    expect(report.hsnB2c.rows).toEqual([
      expect.objectContaining({ hsnCode: '14049090', rate: 5, quantity: -3, totalValue: -1_764_00, ...minusPlates }),
    ]);
    expect(report.summary.net).toEqual(minusPlates);

    expect(await csv('2032-02', 'b2cs')).toEqual([
      'OE,Intra-State,32-Kerala,5,-1680.00,0.00,-42.00,-42.00,0.00',
      'Total,,,,-1680.00,0.00,-42.00,-42.00,',
    ]);
    expect(await csv('2032-02', 'hsn-b2c')).toEqual([
      '14049090,Areca Leaf Round Plate,CTN,-3,-1764.00,5,-1680.00,0.00,-42.00,-42.00,0.00',
      'Total,,,,,,-1680.00,0.00,-42.00,-42.00,',
    ]);
    // January, as issued: the invoice's 2,200.00 and its tax, untouched by February's note.
    expect((await csv('2032-01', 'b2cs')).at(-1)).toBe('Total,,,,2200.00,0.00,88.80,88.80,');
  });

  it('a month before GST began or more than a year ahead answers 400 with the range', async () => {
    // The clock stands in February 2032: the last month with a return is February 2033.
    const range = "'month' must be from 2017-07 (when GST began) to 2033-02";
    for (const month of ['0000-01', '9999-12', '2017-06', '2033-03']) {
      for (const format of ['', '&format=csv&table=b2cs']) {
        const refused = await admin.get<{ message: string; errors: Record<string, string> }>(
          `/api/admin/reports/gstr1?month=${month}${format}`,
        );
        expect(refused.status, month).toBe(400);
        expect(refused.body).toEqual({ message: range, errors: { month: range } });
      }
    }
    for (const month of ['2017-07', '2033-02'])
      expect((await admin.get<Gstr1>(`/api/admin/reports/gstr1?month=${month}`)).status, month).toBe(200);
  });
});
