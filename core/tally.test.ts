// A month's Tally XML from invoices, a credit note and payments: well-formed, every voucher balancing to the paisa,
// the sales and tax ledgers adding up to the month's GSTR-1 figures, a Malayalam party name kept as written.
import { parse, validate } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';

import type { GstStateCode } from './gst.ts';
import { gstr1 } from './gstr1.ts';
import { creditFor, creditNoteDocument, invoiceBasis, invoiceDocument } from './invoice.ts';
import { toPaise } from './money.ts';
import { priceQuote, type QuoteLineInput } from './quote.ts';
import { ROUND_PLATES } from './quote-lines.fixture.ts';
import { tallyLedgers, tallyVouchers, tallyXml } from './tally.ts';

/** Cartons of 8-inch plates (5%) or, at 18%, of 200 ml cups. */
const line = (hsnCode: string, gstRate: 5 | 18, quantity: number, price: number): QuoteLineInput =>
  gstRate === 5
    ? { ...ROUND_PLATES, quantity, price }
    : { ...ROUND_PLATES, productName: 'Bagasse Cup 200 ml', options: '', hsnCode, gstRate, quantity, price };
const MALAYALAM = 'ശ്രീ കൃഷ്ണ കാറ്ററേഴ്സ് & Sons';

function issued(
  serial: number,
  lines: QuoteLineInput[],
  delivery: number,
  place: GstStateCode,
  name: string,
  gstin: string | null,
) {
  return invoiceDocument({
    number: `GL/2026-27/${String(serial).padStart(4, '0')}`,
    date: `2026-11-${String(serial - 30).padStart(2, '0')}`,
    enquiry: 1000 + serial,
    basis: invoiceBasis(null, priceQuote(lines, delivery, place, '32'), place, gstin),
    shipTo: { name, address: 'Temple Road, Thrissur 680001' },
    dueOn: '2026-12-31',
    payTo: { upi: null, bank: null },
  });
}

// 41: B2B within Kerala, 3 plates at 560.00 (5%) and 2 cups at 260.00 (18%), delivery 50.00: total 2,437.00 (+0.40).
const kerala = issued(
  41,
  [line('14049090', 5, 3, 560_00), line('48236900', 18, 2, 260_00)],
  50_00,
  '32',
  MALAYALAM,
  '32BBBCK5678L1Z4',
);
// 42: B2C to Karnataka, 5 cups = 1,300.00, IGST 234.00; delivery 500.00, IGST 90.00: total 2,124.00.
const karnataka = issued(42, [line('48236900', 18, 5, 260_00)], 500_00, '29', 'Bengaluru Caterers', null);
// 43: B2C within Kerala, 7 plates at 333.33 = 2,333.31 at 5%, 58.33 each: 2,449.97 rounds to 2,450.00 (+0.03).
const odd = issued(43, [line('14049090', 5, 7, 333_33)], 0, '32', 'Aluva Hotel', null);
const credit = creditFor(kerala, [], { lines: [{ line: 1, quantity: 1 }], delivery: true });
if (!credit.ok) throw new Error(credit.message);
const note = creditNoteDocument({
  number: 'CN/2026-27/0001',
  date: '2026-11-30',
  reason: 'One carton broken',
  invoice: kerala,
  credit,
});

const vouchers = tallyVouchers(
  [kerala, karnataka, odd],
  [note],
  [
    { invoice: kerala, amount: 1_000_00, receivedOn: '2026-11-20', method: 'upi', reference: '412345678901' },
    { invoice: odd, amount: 2_450_00, receivedOn: '2026-11-21', method: 'cash', reference: null },
  ],
);
const xml = tallyXml('Green Leaf Eco Tableware Private Limited', vouchers);

type Entry = { LEDGERNAME: string; ISDEEMEDPOSITIVE: 'Yes' | 'No'; AMOUNT: string };
type Voucher = { VOUCHERTYPENAME: string; VOUCHERNUMBER: string; PARTYLEDGERNAME: string; 'LEDGERENTRIES.LIST': Entry[] };
const parsed = (): Voucher[] => {
  const document = parse(xml, {
    parseNodeValue: false,
    ignoreAttributes: true,
    arrayMode: /^(TALLYMESSAGE|LEDGERENTRIES\.LIST)$/,
    // The parser leaves entities as written; an XML reader (Tally's) reads them back.
    tagValueProcessor: (value: string) =>
      value.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name as keyof typeof XML_ENTITIES]),
  }) as {
    ENVELOPE: { BODY: { IMPORTDATA: { REQUESTDATA: { TALLYMESSAGE: Array<{ VOUCHER: Voucher }> } } } };
  };
  return document.ENVELOPE.BODY.IMPORTDATA.REQUESTDATA.TALLYMESSAGE.map((message) => message.VOUCHER);
};
const XML_ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const paiseOf = (amount: string) => (amount.startsWith('-') ? -toPaise(amount.slice(1)) : toPaise(amount));

describe('the Tally XML', () => {
  it('is well-formed Import Data of Sales, Credit Note and Receipt vouchers, the Malayalam party name kept', () => {
    expect(validate(xml)).toBe(true);
    expect(xml).toContain('<TALLYREQUEST>Import Data</TALLYREQUEST>');
    const read = parsed();
    expect(read.map((voucher) => [voucher.VOUCHERTYPENAME, voucher.VOUCHERNUMBER])).toEqual([
      ['Sales', 'GL/2026-27/0041'],
      ['Sales', 'GL/2026-27/0042'],
      ['Sales', 'GL/2026-27/0043'],
      ['Credit Note', 'CN/2026-27/0001'],
      ['Receipt', 'GL/2026-27/0041/2026-11-20'],
      ['Receipt', 'GL/2026-27/0043/2026-11-21'],
    ]);
    expect(read[0]?.PARTYLEDGERNAME).toBe(MALAYALAM);
    expect(xml).toContain('ശ്രീ കൃഷ്ണ കാറ്ററേഴ്സ് &amp; Sons');
    expect(read[0]?.['LEDGERENTRIES.LIST'].map((entry) => [entry.LEDGERNAME, entry.ISDEEMEDPOSITIVE, entry.AMOUNT])).toEqual([
      [MALAYALAM, 'Yes', '-2437.00'],
      ['Sales @ 5%', 'No', '1680.00'],
      ['Sales @ 18%', 'No', '520.00'],
      ['Delivery Charges', 'No', '50.00'],
      ['Output CGST', 'No', '93.30'],
      ['Output SGST', 'No', '93.30'],
      ['Round Off', 'No', '0.40'],
    ]);
  });

  it('balances every voucher to the paisa: debits (negative) equal credits', () => {
    for (const voucher of parsed()) {
      const entries = voucher['LEDGERENTRIES.LIST'];
      expect(
        entries.reduce((sum, entry) => sum + paiseOf(entry.AMOUNT), 0),
        voucher.VOUCHERNUMBER,
      ).toBe(0);
      for (const entry of entries) expect(entry.ISDEEMEDPOSITIVE).toBe(entry.AMOUNT.startsWith('-') ? 'Yes' : 'No');
    }
  });

  it("adds up to the month's GSTR-1: taxable value and each tax head, invoices and credit notes apart", () => {
    const report = gstr1('2026-11', '32AAACG1234A1ZN', [kerala, karnataka, odd], [{ note, invoice: kerala }]);
    const ledgers = tallyLedgers();
    const sums = (type: string) => {
      const entries = parsed()
        .filter((voucher) => voucher.VOUCHERTYPENAME === type)
        .flatMap((voucher) => voucher['LEDGERENTRIES.LIST']);
      const of = (test: (name: string) => boolean) =>
        Math.abs(entries.filter((entry) => test(entry.LEDGERNAME)).reduce((sum, entry) => sum + paiseOf(entry.AMOUNT), 0));
      return {
        taxable: of((name) => name.startsWith('Sales @') || name === ledgers.delivery),
        cgst: of((name) => name === ledgers.cgst),
        sgst: of((name) => name === ledgers.sgst),
        igst: of((name) => name === ledgers.igst),
      };
    };
    const { invoices, creditNotes } = report.summary;
    expect(sums('Sales')).toEqual({ taxable: invoices.taxable, cgst: invoices.cgst, sgst: invoices.sgst, igst: invoices.igst });
    expect(sums('Credit Note')).toEqual({
      taxable: creditNotes.taxable,
      cgst: creditNotes.cgst,
      sgst: creditNotes.sgst,
      igst: creditNotes.igst,
    });
  });
});
