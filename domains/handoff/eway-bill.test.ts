// The e-way bill portal's bulk JSON from issued invoices: each file checked against the schema fixture, the figures
// worked by hand.
import { describe, expect, it } from 'vitest';

import { type DispatchDetails, shopDispatchFrom } from '#domains/invoice/dispatch.ts';
import { invoiceBasis, invoiceDocument } from '#domains/invoice/model.ts';
import { priceQuote, type QuoteLineInput } from '#domains/quote/model.ts';
import { demoShop } from '#domains/settings/demo-shop.ts';
import type { DispatchSettings } from '#domains/settings/schema.ts';
import type { GstStateCode } from '#domains/tax/gst.ts';
import { schemaErrors } from '#lib/json-schema.fixture.ts';

import { addressFields, type EwayBill, ewayBillFile, ewayBillOf } from './eway-bill.ts';

const SCHEMA = 'eway-bill-bulk.schema.json';
const plates = (quantity: number, price: number): QuoteLineInput => ({
  productName: 'Areca Leaf Round Plate',
  options: 'Size: 10 inch',
  hsnCode: '14049090',
  gstRate: 5,
  quantity,
  unitsPerCarton: 100,
  unitType: 'pieces',
  price,
});
const cups = (quantity: number): QuoteLineInput => ({
  productName: 'Bagasse Cup 200 ml',
  options: '',
  hsnCode: '48236900',
  gstRate: 18,
  quantity,
  unitsPerCarton: 50,
  unitType: 'pieces',
  price: 260_00,
});

function invoice(lines: QuoteLineInput[], delivery: number, place: GstStateCode, gstin: string | null, address: string) {
  return invoiceDocument({
    number: 'GL/2026-27/0045',
    date: '2026-11-26',
    enquiry: 1045,
    basis: invoiceBasis(null, priceQuote(lines, delivery, place, '32'), place, gstin),
    shipTo: { name: 'Bengaluru Caterers', address },
    dueOn: '2026-12-03',
    payTo: { upi: null, bank: null },
  });
}

/** The demo shop's settings dispatch from its registered address, as a fresh install's seed has it. */
const DEMO_DISPATCH: DispatchSettings = {
  address: demoShop.address,
};

const dispatch: DispatchDetails = {
  transporter: 'Kerala Roadways',
  docketNumber: 'KRW/2026/88123',
  vehicleNumber: 'KL07AB1234',
  expectedOn: '2026-11-29',
  ewayBillNumber: null,
  distanceKm: 560,
  transportMode: 'road',
  transporterId: '32AAACG1234A1ZN',
  transportDocDate: '2026-11-26',
};

const billOf = (...args: Parameters<typeof ewayBillOf>): EwayBill => {
  const result = ewayBillOf(...args);
  if (!result.ok) throw new Error(result.message);
  expect(schemaErrors(SCHEMA, ewayBillFile([result.bill]))).toEqual([]);
  return result.bill;
};
/** The parts the portal adds up to the invoice's value: they must come to its total. */
const partsSum = (bill: EwayBill) =>
  Math.round((bill.totalValue + bill.cgstValue + bill.sgstValue + bill.igstValue + bill.OthValue) * 100);

describe('the e-way bill JSON', () => {
  it('an inter-state B2B invoice with IGST: Part A and Part B, valid against the schema', () => {
    // 100 × 560.00 = 56,000.00 at 5%, IGST 2,800.00; delivery 500.00 at 5%, IGST 25.00. Total 59,325.00.
    const document = invoice(
      [plates(100, 560_00)],
      500_00,
      '29',
      '29CCCCB4321M1ZG',
      '12 MG Road, Shivajinagar, Bengaluru, Karnataka 560001',
    );
    const bill = billOf(document, dispatch, shopDispatchFrom(DEMO_DISPATCH));
    expect(bill).toMatchObject({
      userGstin: '32AAACG1234A1ZN',
      supplyType: 'O',
      subSupplyType: 1,
      docType: 'INV',
      docNo: 'GL/2026-27/0045',
      docDate: '26/11/2026',
      fromGstin: '32AAACG1234A1ZN',
      fromPincode: 683101,
      fromStateCode: 32,
      actualFromStateCode: 32,
      toGstin: '29CCCCB4321M1ZG',
      toTrdName: 'Bengaluru Caterers',
      toAddr1: '12 MG Road, Shivajinagar',
      toPlace: 'Bengaluru',
      toPincode: 560001,
      toStateCode: 29,
      totalValue: 56_000,
      cgstValue: 0,
      sgstValue: 0,
      igstValue: 2_825,
      OthValue: 500,
      totInvValue: 59_325,
      transMode: 1,
      transDistance: 560,
      transporterName: 'Kerala Roadways',
      transporterId: '32AAACG1234A1ZN',
      transDocNo: 'KRW/2026/88123',
      transDocDate: '26/11/2026',
      vehicleNo: 'KL07AB1234',
      vehicleType: 'R',
      mainHsnCode: 14049090,
    });
    expect(bill.itemList).toEqual([
      {
        itemNo: 1,
        productName: 'Areca Leaf Round Plate',
        productDesc: 'Size: 10 inch',
        hsnCode: 14049090,
        quantity: 100,
        qtyUnit: 'CTN',
        taxableAmount: 56_000,
        cgstRate: 0,
        sgstRate: 0,
        igstRate: 5,
        cessRate: 0,
        cessNonAdvol: 0,
      },
    ]);
    expect(partsSum(bill)).toBe(document.totals.total);
  });

  it('the transaction type: regular, bill to one place and ship to another, dispatched from a godown, and both', () => {
    const delivered = '12 MG Road, Shivajinagar, Bengaluru, Karnataka 560001';
    const billed = invoiceDocument({
      number: 'GL/2026-27/0046',
      date: '2026-11-26',
      enquiry: 1046,
      basis: invoiceBasis(null, priceQuote([plates(100, 560_00)], 0, '29', '32'), '29', '29CCCCB4321M1ZG', {
        name: 'Bengaluru Caterers Private Limited',
        address: '3rd Floor, 44 Residency Road, Bengaluru, Karnataka 560025',
      }),
      shipTo: { name: 'Bengaluru Caterers', address: delivered },
      dueOn: '2026-12-03',
      payTo: { upi: null, bank: null },
    });
    const regular = invoice([plates(100, 560_00)], 0, '29', '29CCCCB4321M1ZG', delivered);
    const godown = shopDispatchFrom({
      address: {
        street: 'Godown 3, KINFRA Park',
        locality: 'Kalamassery',
        city: 'Ernakulam',
        state: 'Kerala',
        postalCode: '683503',
      },
    });
    const home = shopDispatchFrom(DEMO_DISPATCH);
    expect(billOf(regular, dispatch, home).transType).toBe(1);
    const both = billOf(billed, dispatch, godown);
    expect([billOf(billed, dispatch, home).transType, billOf(regular, dispatch, godown).transType, both.transType]).toEqual([
      2, 3, 4,
    ]);
    // Billed to the buyer's GSTIN and name; the goods go to the delivery address.
    expect(both).toMatchObject({
      toGstin: '29CCCCB4321M1ZG',
      toTrdName: 'Bengaluru Caterers Private Limited',
      toPincode: 560001,
    });
  });

  it('an intra-state B2B invoice: CGST and SGST at half the rate, the round-off in the other value', () => {
    // 80 × 560.00 = 44,800.00 at 5% (1,120.00 + 1,120.00); 2 cups 520.00 at 18% (46.80 + 46.80); delivery 50.00 at
    // 18% (4.50 + 4.50). Taxable 45,370.00, CGST = SGST = 1,171.30; 47,712.60 rounds to 47,713.00 (+0.40).
    const document = invoice(
      [plates(80, 560_00), cups(2)],
      50_00,
      '32',
      '32BBBCK5678L1Z4',
      '14/220 Temple Road, Edappally, Kochi, Kerala 682024',
    );
    const bill = billOf(document, { ...dispatch, distanceKm: 18, transporterId: null }, shopDispatchFrom(DEMO_DISPATCH));
    expect(bill).toMatchObject({
      toStateCode: 32,
      toPlace: 'Kochi',
      toAddr1: '14/220 Temple Road, Edappally',
      totalValue: 45_320,
      cgstValue: 1_171.3,
      sgstValue: 1_171.3,
      igstValue: 0,
      OthValue: 50.4,
      totInvValue: 47_713,
      transDistance: 18,
    });
    expect(bill).not.toHaveProperty('transporterId');
    expect(bill.itemList.map((item) => [item.hsnCode, item.cgstRate, item.sgstRate, item.igstRate])).toEqual([
      [14049090, 2.5, 2.5, 0],
      [48236900, 9, 9, 0],
    ]);
    expect(partsSum(bill)).toBe(document.totals.total);
  });

  it('a B2C consignment over ₹50,000 before its dispatch: to URP, Part A alone, the distance left to the portal', () => {
    // 100 × 560.00 = 56,000.00 at 5% within Kerala: CGST = SGST = 1,400.00, total 58,800.00.
    const document = invoice([plates(100, 560_00)], 0, '32', null, 'Hotel Sea View\nBeach Road, Kozhikode 673 001');
    const bill = billOf(document, null, shopDispatchFrom(DEMO_DISPATCH));
    expect(bill).toMatchObject({
      toGstin: 'URP',
      toPincode: 673001,
      toAddr1: 'Hotel Sea View, Beach Road',
      toPlace: 'Kozhikode',
    });
    expect(bill.transDistance).toBe(0);
    for (const key of ['transMode', 'transDocNo', 'vehicleNo', 'transporterName']) expect(bill).not.toHaveProperty(key);
    expect(partsSum(bill)).toBe(document.totals.total);
  });

  it('several bills in one file; refuses, naming what is missing, a dispatch without distance and what the portal would refuse', () => {
    const from = shopDispatchFrom(DEMO_DISPATCH);
    const kerala = invoice([plates(100, 560_00)], 0, '32', null, 'Market Road, Aluva, Kerala 683101');
    const karnataka = invoice([plates(100, 560_00)], 0, '29', '29CCCCB4321M1ZG', 'MG Road, Bengaluru 560001');
    expect(schemaErrors(SCHEMA, ewayBillFile([billOf(kerala, null, from), billOf(karnataka, dispatch, from)]))).toEqual([]);
    expect(ewayBillOf(karnataka, { ...dispatch, distanceKm: null }, from)).toEqual({
      ok: false,
      field: 'distanceKm',
      message: 'Invoice GL/2026-27/0045: the dispatch has no distance; give the distance in km in the dispatch details',
    });
    // One pincode at both ends: at most 100 km.
    expect(ewayBillOf(kerala, { ...dispatch, distanceKm: 120 }, from)).toMatchObject({ ok: false, field: 'distanceKm' });
    expect(ewayBillOf(karnataka, { ...dispatch, docketNumber: 'KRW/2026-27/000088123' }, from)).toMatchObject({
      ok: false,
      field: 'docketNumber',
    });
    const noPincode = invoice([plates(100, 560_00)], 0, '29', null, 'MG Road, Bengaluru');
    expect(ewayBillOf(noPincode, null, from)).toMatchObject({ ok: false, field: 'deliveryLocation' });
    const noHsn = invoice([{ ...cups(300), hsnCode: '' }], 0, '29', null, 'MG Road, Bengaluru 560001');
    expect(ewayBillOf(noHsn, null, from)).toMatchObject({
      ok: false,
      message: 'Invoice GL/2026-27/0045: line 1 (Bagasse Cup 200 ml) has no HSN code',
    });
    // The schema itself refuses what the portal would: a distance past 4,000 km, a vehicle without its type.
    const bill = billOf(karnataka, dispatch, from);
    expect(schemaErrors(SCHEMA, ewayBillFile([{ ...bill, transDistance: 4001 }]))).toEqual([
      '/billLists/0/transDistance must be <= 4000',
    ]);
    const { vehicleType: _type, ...untyped } = bill;
    expect(schemaErrors(SCHEMA, ewayBillFile([untyped as EwayBill]))).toContain(
      "/billLists/0 must have required property 'vehicleType'",
    );
  });

  it('splits a long delivery address into the portal’s two lines of 120 characters, keeping parts whole', () => {
    const long = `${'Warehouse 4, '.repeat(12)}Whitefield, Bengaluru, Karnataka 560066`;
    const fields = addressFields(long);
    expect(fields.place).toBe('Bengaluru');
    expect(fields.line1.length).toBeLessThanOrEqual(120);
    expect(fields.line2.length).toBeLessThanOrEqual(120);
    expect(fields.line2.endsWith('Whitefield')).toBe(true);
  });
});
