// The GSTR-1 tables of November 2026 from five invoices and two credit notes, every figure worked by hand.
import fs from 'node:fs';

import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';

import { creditNoteOf } from '#domains/invoice/credit-note.fixture.ts';
import {
  type CreditNoteDocument,
  type CreditRequest,
  invoiceBasis,
  type InvoiceDocument,
  invoiceDocument,
} from '#domains/invoice/model.ts';
import { priceQuote, type QuoteLineInput } from '#domains/quote/model.ts';
import type { GstStateCode } from '#domains/tax/gst.ts';

import { type Gstr1, gstr1, type TaxAmounts } from './gstr1.ts';
import { GSTR1_TABLES, gstr1Table, type Gstr1TableName } from './gstr1-csv.ts';
import { gstr1Gstn } from './gstr1-gstn.ts';

const line = (productName: string, hsnCode: string, gstRate: 5 | 18, quantity: number, price: number): QuoteLineInput => ({
  productName,
  options: '',
  hsnCode,
  gstRate,
  quantity,
  unitsPerCarton: 100,
  unitType: 'pieces',
  price,
});
const PLATE = (quantity: number, price: number) => line('Areca Leaf Round Plate', '14049090', 5, quantity, price);
const CUP = (quantity: number) => line('Bagasse Cup 200 ml', '48236900', 18, quantity, 260_00);

function issued(serial: number, lines: QuoteLineInput[], delivery: number, place: GstStateCode, gstin: string | null) {
  return invoiceDocument({
    number: `GL/2026-27/${String(serial).padStart(4, '0')}`,
    date: `2026-11-${String(serial - 30).padStart(2, '0')}`,
    enquiry: 1000 + serial,
    basis: invoiceBasis(null, priceQuote(lines, delivery, place, '32'), place, gstin),
    shipTo: { name: `Customer ${serial}`, address: 'Somewhere 600001' },
    dueOn: '2026-12-31',
    payTo: { upi: null, bank: null },
  });
}

function credited(
  serial: number,
  invoice: InvoiceDocument,
  request: CreditRequest,
): { note: CreditNoteDocument; invoice: InvoiceDocument } {
  const number = `CN/2026-27/000${serial}`;
  return { note: creditNoteOf(invoice, request, { number, date: '2026-11-30', reason: 'Returned' }), invoice };
}

// 41, B2B within Kerala: 3 plates-cartons at 560.00 (5%) = 1,680.00, CGST = SGST = 42.00; 2 cups at 260.00 (18%) =
//     520.00, 46.80 each; delivery 50.00 at 18%, 4.50 each. Taxable 2,250.00, CGST = SGST = 93.30, total 2,437.00.
const b2bKerala = issued(41, [PLATE(3, 560_00), CUP(2)], 50_00, '32', '32BBBCK5678L1Z4');
// 42, B2C small within Kerala: 10 × 1,150.00 = 11,500.00 at 5%, CGST = SGST = 287.50; total 12,075.00.
const b2cKerala = issued(42, [PLATE(10, 1_150_00)], 0, '32', null);
// 43, B2C small to Karnataka: 5 cups = 1,300.00, IGST 234.00; delivery 500.00, IGST 90.00. Taxable 1,800.00,
//     IGST 324.00, total 2,124.00.
const b2cKarnataka = issued(43, [CUP(5)], 500_00, '29', null);
// 44, B2C large to Tamil Nadu: 200 × 650.00 = 1,30,000.00 at 5%, IGST 6,500.00; total 1,36,500.00 (over 1,00,000).
const b2cLarge = issued(44, [PLATE(200, 650_00)], 0, '33', null);
// 45, B2B to Karnataka: 100 × 560.00 = 56,000.00 at 5%, IGST 2,800.00; total 58,800.00.
const b2bKarnataka = issued(45, [PLATE(100, 560_00)], 0, '29', '29CCCCB4321M1ZG');

// CN 3: 4 cartons of invoice 42 back: 4,600.00 at 5%, CGST = SGST = 115.00; total 4,830.00 (B2C small: netted in 7).
const returned = credited(3, b2cKerala, { lines: [{ line: 1, quantity: 4 }], delivery: false });
// CN 4: invoice 41's delivery: 50.00 at 18%, 4.50 each, total 59.00 (to a registered buyer: 9B CDNR).
const deliveryBack = credited(4, b2bKerala, { lines: [], delivery: true });

const report = gstr1(
  '2026-11',
  '32AAACG1234A1ZN',
  [b2bKerala, b2cKerala, b2cKarnataka, b2cLarge, b2bKarnataka],
  [returned, deliveryBack],
);
/** The rows as arrays of the named columns, in that order: one report line a line of the test. */
const columns = <Row, Key extends keyof Row>(rows: readonly Row[], keys: readonly Key[]) =>
  rows.map((row) => keys.map((key) => row[key]));
const amounts = (taxable: number, igst: number, cgst: number, sgst: number): TaxAmounts => ({ taxable, igst, cgst, sgst });

describe('GSTR-1 of a month', () => {
  it('B2B: one row per invoice and rate, with the recipient’s GSTIN, the invoice’s value and place of supply', () => {
    expect(
      columns(report.b2b.rows, [
        'recipientGstin',
        'invoiceNumber',
        'invoiceValue',
        'placeOfSupply',
        'rate',
        'taxable',
        'igst',
        'cgst',
        'sgst',
      ]),
    ).toEqual([
      ['32BBBCK5678L1Z4', 'GL/2026-27/0041', 2_437_00, '32-Kerala', 5, 1_680_00, 0, 42_00, 42_00],
      // 18%: the cups 520.00 and the delivery 50.00; CGST 46.80 + 4.50 = 51.30.
      ['32BBBCK5678L1Z4', 'GL/2026-27/0041', 2_437_00, '32-Kerala', 18, 570_00, 0, 51_30, 51_30],
      ['29CCCCB4321M1ZG', 'GL/2026-27/0045', 58_800_00, '29-Karnataka', 5, 56_000_00, 2_800_00, 0, 0],
    ]);
    expect(report.b2b.rows[0]).toMatchObject({ invoiceDate: '2026-11-11', reverseCharge: 'N', invoiceType: 'Regular B2B' });
    expect(report.b2b.totals).toEqual(amounts(58_250_00, 2_800_00, 93_30, 93_30));
  });

  it('B2C large: the inter-state invoice over ₹1,00,000 alone; B2C small by state and rate, net of its credit note', () => {
    expect(report.b2cl.rows).toEqual([
      {
        invoiceNumber: 'GL/2026-27/0044',
        invoiceDate: '2026-11-14',
        invoiceValue: 1_36_500_00,
        placeOfSupply: '33-Tamil Nadu',
        rate: 5,
        ...amounts(1_30_000_00, 6_500_00, 0, 0),
      },
    ]);
    expect(report.b2cs.rows).toEqual([
      { type: 'OE', supplyType: 'Inter-State', placeOfSupply: '29-Karnataka', rate: 18, ...amounts(1_800_00, 324_00, 0, 0) },
      // 11,500.00 − 4,600.00 = 6,900.00; 287.50 − 115.00 = 172.50.
      { type: 'OE', supplyType: 'Intra-State', placeOfSupply: '32-Kerala', rate: 5, ...amounts(6_900_00, 0, 172_50, 172_50) },
    ]);
  });

  it('credit notes: to a registered buyer in CDNR with the invoice they refer to; none in CDNUR', () => {
    expect(report.cdnr.rows).toEqual([
      {
        recipientGstin: '32BBBCK5678L1Z4',
        recipientName: 'Customer 41',
        noteNumber: 'CN/2026-27/0004',
        noteDate: '2026-11-30',
        noteType: 'C',
        noteValue: 59_00,
        placeOfSupply: '32-Kerala',
        invoiceNumber: 'GL/2026-27/0041',
        invoiceDate: '2026-11-11',
        rate: 18,
        ...amounts(50_00, 0, 4_50, 4_50),
      },
    ]);
    expect(report.cdnur.rows).toEqual([]);
  });

  it('HSN summary, B2B and B2C apart, in cartons, net of credit notes; delivery goes with its principal line', () => {
    expect(
      columns(report.hsnB2b.rows, ['hsnCode', 'rate', 'uqc', 'quantity', 'taxable', 'igst', 'cgst', 'sgst', 'totalValue']),
    ).toEqual([
      // 3 + 100 cartons; 1,680.00 + 56,000.00; IGST 2,800.00; CGST = SGST 42.00. Value 57,680 + 2,800 + 84 = 60,564.00.
      ['14049090', 5, 'CTN', 103, 57_680_00, 2_800_00, 42_00, 42_00, 60_564_00],
      // The cups 520.00 with 46.80 each, the delivery 50.00 added and credited again: 520.00 + 93.60 = 613.60.
      ['48236900', 18, 'CTN', 2, 520_00, 0, 46_80, 46_80, 613_60],
    ]);
    expect(columns(report.hsnB2c.rows, ['hsnCode', 'rate', 'quantity', 'taxable', 'igst', 'cgst', 'sgst', 'totalValue'])).toEqual(
      [
        // 10 − 4 + 200 cartons; 6,900.00 + 1,30,000.00; IGST 6,500.00; CGST = SGST 172.50. Value 1,43,745.00.
        ['14049090', 5, 206, 1_36_900_00, 6_500_00, 172_50, 172_50, 1_43_745_00],
        // 5 cups 1,300.00 and delivery 500.00, IGST 324.00: 2,124.00.
        ['48236900', 18, 5, 1_800_00, 324_00, 0, 0, 2_124_00],
      ],
    );
  });

  it('documents issued: first and last number, how many, none cancelled', () => {
    expect(report.documents).toEqual([
      { nature: 'Invoices for outward supply', from: 'GL/2026-27/0041', to: 'GL/2026-27/0045', total: 5, cancelled: 0, net: 5 },
      { nature: 'Credit Note', from: 'CN/2026-27/0003', to: 'CN/2026-27/0004', total: 2, cancelled: 0, net: 2 },
    ]);
    // A number missing from the range shows as cancelled.
    const gap = gstr1('2026-11', '32AAACG1234A1ZN', [b2bKerala, b2bKarnataka], []);
    expect(gap.documents[0]).toMatchObject({ total: 5, cancelled: 3, net: 2 });
  });

  it('adds up: the invoices’ totals, the notes’ totals, and every table against them', () => {
    // Taxable 2,250 + 11,500 + 1,800 + 1,30,000 + 56,000 = 2,01,550.00; IGST 324 + 6,500 + 2,800 = 9,624.00;
    // CGST = SGST 93.30 + 287.50 = 380.80; values 2,437 + 12,075 + 2,124 + 1,36,500 + 58,800 = 2,11,936.00.
    expect(report.summary.invoices).toEqual({ count: 5, value: 2_11_936_00, ...amounts(2_01_550_00, 9_624_00, 380_80, 380_80) });
    // 4,600 + 50 = 4,650.00; CGST = SGST 115.00 + 4.50 = 119.50; values 4,830 + 59 = 4,889.00.
    expect(report.summary.creditNotes).toEqual({ count: 2, value: 4_889_00, ...amounts(4_650_00, 0, 119_50, 119_50) });
    expect(report.summary.net).toEqual(amounts(1_96_900_00, 9_624_00, 261_30, 261_30));
    const sum = (...tables: TaxAmounts[]) =>
      tables.reduce((total, t) =>
        amounts(total.taxable + t.taxable, total.igst + t.igst, total.cgst + t.cgst, total.sgst + t.sgst),
      );
    const less = (a: TaxAmounts, b: TaxAmounts) =>
      amounts(a.taxable - b.taxable, a.igst - b.igst, a.cgst - b.cgst, a.sgst - b.sgst);
    // Sales tables (B2C small already net of its notes) less the notes reported on their own = the month's net.
    expect(
      less(sum(report.b2b.totals, report.b2cl.totals, report.b2cs.totals), sum(report.cdnr.totals, report.cdnur.totals)),
    ).toEqual(report.summary.net);
    expect(sum(report.hsnB2b.totals, report.hsnB2c.totals)).toEqual(report.summary.net);
  });

  it('a month without documents has empty tables', () => {
    const empty = gstr1('2026-12', '32AAACG1234A1ZN', [], []);
    expect(empty.b2b.rows).toEqual([]);
    expect(empty.summary.invoices).toEqual({ count: 0, value: 0, ...amounts(0, 0, 0, 0) });
    expect(empty.documents[0]).toEqual({
      nature: 'Invoices for outward supply',
      from: null,
      to: null,
      total: 0,
      cancelled: 0,
      net: 0,
    });
  });
});

/** A fixture of tests/fixtures/gstr1: the offline tool's header lines, the UQC list, GSTN's upload schema. */
const fixture = (name: string) => fs.readFileSync(new URL(`../../tests/fixtures/gstr1/${name}`, import.meta.url), 'utf8');
const csvOf = (month: Gstr1, table: Gstr1TableName) => gstr1Table(month, table).map((row) => row.join(','));
/** The rupees of one column of a CSV's data rows, summed in paise. */
const columnSum = (month: Gstr1, table: Gstr1TableName, heading: string) => {
  const [header = [], ...rows] = gstr1Table(month, table);
  const at = header.indexOf(heading);
  return rows.reduce((sum, row) => sum + Math.round(Number(row[at]) * 100), 0);
};
const validate = new Ajv({ allErrors: true }).compile(JSON.parse(fixture('gstr1-schema.json')) as object);
const expectValid = (upload: unknown) => {
  expect(validate(upload), JSON.stringify(validate.errors)).toBe(true);
};
/** The upload's taxable values of one section, in paise. */
const taxableOf = (items: ReadonlyArray<{ itm_det: { txval: number } }>) =>
  items.reduce((sum, item) => sum + Math.round(item.itm_det.txval * 100), 0);

describe('GSTR-1 files for the portal', () => {
  // CN 5: 20 cartons of the B2C large invoice 44 back (13,000.00 at 5%, IGST 650.00, 13,650.00): to an unregistered
  // buyer against a B2C large invoice, reported one by one in CDNUR as B2CL.
  const largeBack = credited(5, b2cLarge, { lines: [{ line: 1, quantity: 20 }], delivery: false });
  const month = gstr1(
    '2026-11',
    '32AAACG1234A1ZN',
    [b2bKerala, b2cKerala, b2cKarnataka, b2cLarge, b2bKarnataka],
    [returned, deliveryBack, largeBack],
  );

  it('each CSV’s header line is the offline tool template’s, and nothing follows but data rows', () => {
    for (const table of GSTR1_TABLES) {
      const [header, ...rows] = csvOf(month, table);
      expect(`${header}\n`, table).toBe(fixture(`${table}.csv`));
      expect(
        rows.some((row) => /total/i.test(row)),
        table,
      ).toBe(false);
    }
    expect(csvOf(month, 'b2b').slice(1)).toEqual([
      '32BBBCK5678L1Z4,Customer 41,GL/2026-27/0041,11-Nov-2026,2437.00,32-Kerala,N,,Regular B2B,,5,1680.00,',
      '32BBBCK5678L1Z4,Customer 41,GL/2026-27/0041,11-Nov-2026,2437.00,32-Kerala,N,,Regular B2B,,18,570.00,',
      '29CCCCB4321M1ZG,Customer 45,GL/2026-27/0045,15-Nov-2026,58800.00,29-Karnataka,N,,Regular B2B,,5,56000.00,',
    ]);
    expect(csvOf(month, 'b2cl').slice(1)).toEqual(['GL/2026-27/0044,14-Nov-2026,136500.00,33-Tamil Nadu,,5,130000.00,,']);
    expect(csvOf(month, 'cdnr').slice(1)).toEqual([
      '32BBBCK5678L1Z4,Customer 41,CN/2026-27/0004,30-Nov-2026,C,32-Kerala,N,Regular B2B,59.00,,18,50.00,',
    ]);
    expect(csvOf(month, 'cdnur').slice(1)).toEqual(['B2CL,CN/2026-27/0005,30-Nov-2026,C,33-Tamil Nadu,13650.00,,5,13000.00,']);
    expect(csvOf(month, 'docs').slice(1)).toEqual([
      'Invoices for outward supply,GL/2026-27/0041,GL/2026-27/0045,5,0',
      'Credit Note,CN/2026-27/0003,CN/2026-27/0005,3,0',
    ]);
    // Each table has exactly its rows: one per invoice and rate, state and rate, note and rate, code and rate.
    expect(gstr1Table(month, 'hsn-b2c')).toHaveLength(month.hsnB2c.rows.length + 1);
  });

  it('the HSN summaries write cartons as the template’s UQC, with the delivery under its principal line’s code', () => {
    const uqcList = fixture('uqc.txt').trim().split('\n');
    for (const table of ['hsn-b2b', 'hsn-b2c'] as const) {
      const [header = [], ...rows] = gstr1Table(month, table);
      const uqc = header.indexOf('UQC');
      for (const row of rows) expect(uqcList).toContain(row[uqc]);
    }
    // Invoice 43's delivery (500.00 at 18%) goes with the cups' code 48236900, with no cartons of its own.
    expect(csvOf(month, 'hsn-b2c').slice(1)).toEqual([
      '14049090,Areca Leaf Round Plate,Vegetable products, n.e.s.,CTN-CARTONS,186,5,123900.00,5850.00,172.50,172.50,',
      '48236900,Bagasse Cup 200 ml,Trays, plates, cups of paper,CTN-CARTONS,5,18,1800.00,324.00,0.00,0.00,',
    ]);
  });

  it('the upload JSON follows GSTN’s schema, and its figures are the CSVs’', () => {
    const upload = gstr1Gstn(month);
    expectValid(upload);
    expect(upload).toMatchObject({ gstin: '32AAACG1234A1ZN', fp: '112026' });
    expect(upload.b2b?.[0]).toEqual({
      ctin: '32BBBCK5678L1Z4',
      inv: [
        {
          inum: 'GL/2026-27/0041',
          idt: '11-11-2026',
          val: 2437,
          pos: '32',
          rchrg: 'N',
          inv_typ: 'R',
          itms: [
            { num: 1, itm_det: { rt: 5, txval: 1680, camt: 42, samt: 42, csamt: 0 } },
            { num: 2, itm_det: { rt: 18, txval: 570, camt: 51.3, samt: 51.3, csamt: 0 } },
          ],
        },
      ],
    });
    expect(upload.cdnur).toEqual([
      {
        typ: 'B2CL',
        ntty: 'C',
        nt_num: 'CN/2026-27/0005',
        nt_dt: '30-11-2026',
        val: 13650,
        pos: '33',
        itms: [{ num: 1, itm_det: { rt: 5, txval: 13000, iamt: 650, csamt: 0 } }],
      },
    ]);
    const invoicesOf = <Invoice extends { itms: Array<{ itm_det: { txval: number } }> }>(
      groups: ReadonlyArray<{ inv?: Invoice[]; nt?: Invoice[] }> = [],
    ) => groups.flatMap((group) => [...(group.inv ?? []), ...(group.nt ?? [])]).flatMap((invoice) => invoice.itms);
    expect(taxableOf(invoicesOf(upload.b2b))).toBe(columnSum(month, 'b2b', 'Taxable Value'));
    expect(taxableOf(invoicesOf(upload.b2cl))).toBe(columnSum(month, 'b2cl', 'Taxable Value'));
    expect(taxableOf(invoicesOf(upload.cdnr))).toBe(columnSum(month, 'cdnr', 'Taxable Value'));
    expect(taxableOf((upload.cdnur ?? []).flatMap((note) => note.itms))).toBe(columnSum(month, 'cdnur', 'Taxable Value'));
    expect(upload.b2cs?.reduce((sum, row) => sum + Math.round(row.txval * 100), 0)).toBe(
      columnSum(month, 'b2cs', 'Taxable Value'),
    );
    for (const [key, table] of [
      ['hsn_b2b', 'hsn-b2b'],
      ['hsn_b2c', 'hsn-b2c'],
    ] as const) {
      const rows = upload.hsn[key] ?? [];
      const sum = (pick: (row: (typeof rows)[number]) => number) =>
        rows.reduce((total, row) => total + Math.round(pick(row) * 100), 0);
      expect(
        sum((row) => row.txval),
        key,
      ).toBe(columnSum(month, table, 'Taxable Value'));
      expect(
        sum((row) => row.iamt),
        key,
      ).toBe(columnSum(month, table, 'Integrated Tax Amount'));
      expect(
        sum((row) => row.camt),
        key,
      ).toBe(columnSum(month, table, 'Central Tax Amount'));
    }
    // And the CSVs' are the report's: B2B + B2C large + B2C small less the notes, and the HSN summaries, are the net.
    const net = month.summary.net.taxable;
    const sales = ['b2b', 'b2cl', 'b2cs'] as const;
    const notes = ['cdnr', 'cdnur'] as const;
    expect(
      sales.reduce((sum, table) => sum + columnSum(month, table, 'Taxable Value'), 0) -
        notes.reduce((sum, table) => sum + columnSum(month, table, 'Taxable Value'), 0),
    ).toBe(net);
    expect(columnSum(month, 'hsn-b2b', 'Taxable Value') + columnSum(month, 'hsn-b2c', 'Taxable Value')).toBe(net);
  });

  it('a month whose credit note exceeds its sales exports, its figures below zero', () => {
    const negative = gstr1('2026-12', '32AAACG1234A1ZN', [], [{ ...returned, note: { ...returned.note, date: '2026-12-02' } }]);
    expect(csvOf(negative, 'b2cs').slice(1)).toEqual(['OE,32-Kerala,,5,-4600.00,,']);
    expect(csvOf(negative, 'hsn-b2c').slice(1)).toEqual([
      '14049090,Areca Leaf Round Plate,Vegetable products, n.e.s.,CTN-CARTONS,-4,5,-4600.00,0.00,-115.00,-115.00,',
    ]);
    expect(csvOf(negative, 'docs').slice(1)).toEqual(['Credit Note,CN/2026-27/0003,CN/2026-27/0003,1,0']);
    const upload = gstr1Gstn(negative);
    expectValid(upload);
    expect(upload.b2cs).toEqual([
      { sply_ty: 'INTRA', typ: 'OE', pos: '32', rt: 5, txval: -4600, camt: -115, samt: -115, csamt: 0 },
    ]);
  });
});
