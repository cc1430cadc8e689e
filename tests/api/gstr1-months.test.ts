// GSTR-1 of a month whose credit notes exceed its sales, the months there is no return for, a line without an HSN
// code, and a B2C large invoice with its note, on both databases. The figures are worked by hand in the comments.
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';

import type { Gstr1 } from '#domains/handoff/gstr1.ts';
import { GSTR1_TABLES } from '#domains/handoff/gstr1-csv.ts';
import type { Gstr1Gstn } from '#domains/handoff/gstr1-gstn.ts';
import type { OrderInvoice } from '#domains/invoice/model.ts';
import { expectBody } from '#tests/support/accounts.ts';
import { TestClock } from '#tests/support/clock.ts';
import { databaseKinds } from '#tests/support/databases.ts';
import { browserLine, enquiryPayload } from '#tests/support/enquiry.ts';
import { QUOTE_LINES, type StaffApp, steps, useStaffApp } from '#tests/support/staff-app.ts';

/** 20 January 2032, noon in India: months no other test file uses. */
const JANUARY = Date.UTC(2032, 0, 20, 6, 30);
/** 5 February 2032, noon in India. */
const FEBRUARY = Date.UTC(2032, 1, 5, 6, 30);
/** 10 March 2032, noon in India. */
const MARCH = Date.UTC(2032, 2, 10, 6, 30);

describe.each(databaseKinds())('GSTR-1 months on %s', (kind) => {
  let { ctx, ids, admin, visitor } = {} as StaffApp;
  const clock = new TestClock(JANUARY);

  useStaffApp(kind, { clock }, (app) => ({ ctx, ids, admin, visitor } = app));

  const csv = async (month: string, table: string) => {
    const response = await admin.download(`/api/admin/reports/gstr1?month=${month}&format=csv&table=${table}`);
    expect(response.statusCode, response.body).toBe(200);
    // The offline tool imports UTF-8 without a byte order mark.
    expect(response.body.charCodeAt(0)).not.toBe(0xfeff);
    return response.body.trimEnd().split('\r\n').slice(1);
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

    expect(await csv('2032-02', 'b2cs')).toEqual(['OE,32-Kerala,,5,-1680.00,,']);
    expect(await csv('2032-02', 'hsn-b2c')).toEqual([
      '14049090,Areca Leaf Round Plate,"Vegetable products, n.e.s.",CTN-CARTONS,-3,5,-1680.00,0.00,-42.00,-42.00,',
    ]);
    // January, as issued: the invoice's 2,200.00 at two rates, untouched by February's note.
    expect(await csv('2032-01', 'b2cs')).toEqual(['OE,32-Kerala,,5,1680.00,,', 'OE,32-Kerala,,18,520.00,,']);
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

  it('a line without an HSN code is not invoiced; a Tamil Nadu B2C invoice over ₹1 lakh and its note go one by one', async () => {
    clock.set(MARCH);
    ({ admin, visitor } = await steps.signInAgain(ctx));
    const payload = enquiryPayload(
      [browserLine(ids, 'Areca Leaf Round Plate', '8 inch', 3), browserLine(ids, 'Bagasse Cup 200 ml', null, 2)],
      { customerName: 'Selvi Raman', deliveryLocation: 'Anna Salai, Chennai, Tamil Nadu 600002' },
    );
    const sent = await steps.enquiry(visitor, payload);
    const url = `/api/admin/orders/${sent.id}/invoice`;
    const confirmed = (cupHsn: string) => ({
      confirmed: {
        lines: [
          { price: '40000.00', hsnCode: '14049090', gstRate: 5 },
          { price: '260.00', hsnCode: cupHsn, gstRate: 18 },
        ],
        delivery: '0',
        placeOfSupply: '33',
        customerGstin: null,
      },
    });
    const refused = await admin.post<{ message: string; errors: Record<string, string> }>(url, confirmed(''));
    const needed = 'Line 2 (Bagasse Cup 200 ml) needs an HSN code of at least 4 digits before it is issued';
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: needed, errors: { 'lines.1.hsnCode': needed } });
    expect((await admin.get<{ invoice: null }>(`/api/admin/orders/${sent.id}/invoice-status`)).body.invoice).toBeNull();

    // 3 × 40,000.00 = 1,20,000.00 at 5% (IGST 6,000.00) and 2 × 260.00 = 520.00 at 18% (IGST 93.60): 1,26,614.00
    // after the round-off, inter-state to a buyer with no GSTIN and over ₹1,00,000: B2C large.
    await expectBody(admin.post<OrderInvoice>(url, confirmed('4823')), 201);
    // One carton of plates back: 40,000.00 + 2,000.00 IGST = 42,000.00, against a B2C large invoice: CDNUR.
    await expectBody(
      admin.post(`/api/admin/orders/${sent.id}/credit-notes`, { reason: 'Damaged', lines: [{ line: 1, quantity: 1 }] }),
      201,
    );
    const [invoiceNumber, noteNumber] = ['GL/2031-32/', 'CN/2031-32/'];
    const b2cl = await csv('2032-03', 'b2cl');
    expect(b2cl).toEqual([
      expect.stringMatching(new RegExp(`^${invoiceNumber}\\d{4},10-Mar-2032,126614.00,33-Tamil Nadu,,5,120000.00,,$`)),
      expect.stringMatching(new RegExp(`^${invoiceNumber}\\d{4},10-Mar-2032,126614.00,33-Tamil Nadu,,18,520.00,,$`)),
    ]);
    expect(await csv('2032-03', 'cdnur')).toEqual([
      expect.stringMatching(new RegExp(`^B2CL,${noteNumber}\\d{4},10-Mar-2032,C,33-Tamil Nadu,42000.00,,5,40000.00,$`)),
    ]);
    expect(await csv('2032-03', 'b2cs')).toEqual([]);

    // The ZIP holds every table's CSV as the single downloads give it.
    const zipped = await admin.download('/api/admin/reports/gstr1?month=2032-03&format=zip');
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-disposition']).toBe('attachment; filename="GSTR-1-2032-03.zip"');
    const files = unzipSync(zipped.rawPayload);
    expect(Object.keys(files).sort()).toEqual(GSTR1_TABLES.map((table) => `GSTR-1-2032-03-${table}.csv`).sort());
    expect(
      strFromU8(files['GSTR-1-2032-03-cdnur.csv'] as Uint8Array)
        .trimEnd()
        .split('\r\n')
        .slice(1),
    ).toEqual(await csv('2032-03', 'cdnur'));

    // The portal's upload JSON: the invoice under its state in b2cl, the note in cdnur as B2CL.
    const upload = await expectBody(admin.get<Gstr1Gstn>('/api/admin/reports/gstr1?month=2032-03&format=gstn-json'), 200);
    expect(upload).toMatchObject({ fp: '032032', b2cl: [{ pos: '33', inv: [{ val: 126614 }] }] });
    expect(upload.cdnur).toEqual([expect.objectContaining({ typ: 'B2CL', val: 42000, pos: '33' })]);
  });
});
