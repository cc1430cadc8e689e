// A month's Tally XML from invoices, a credit note and payments: well-formed, every voucher balancing to the paisa,
// the sales and tax ledgers adding up to the month's GSTR-1 figures, a Malayalam party name kept as written.
import { parse, validate } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';

import { creditNoteOf } from '#domains/invoice/credit-note.fixture.ts';
import { invoiceBasis, invoiceDocument } from '#domains/invoice/model.ts';
import { priceQuote, type QuoteLineInput } from '#domains/quote/model.ts';
import { ROUND_PLATES } from '#domains/quote/quote-lines.fixture.ts';
import { type TallySettings, tallySettingsSchema } from '#domains/settings/schema.ts';
import type { GstStateCode } from '#domains/tax/gst.ts';
import { toPaise } from '#lib/money.ts';

import { gstr1 } from './gstr1.ts';
import { TALLY_DEFAULTS, tallyLedgers, tallyVouchers, tallyXml } from './tally.ts';

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
const note = creditNoteOf(
  kerala,
  { lines: [{ line: 1, quantity: 1 }], delivery: true },
  { number: 'CN/2026-27/0001', date: '2026-11-30', reason: 'One carton broken' },
);

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

/** The month again, in the accountant's names and with the lines' detail where they chose. */
const chosen = (detail: TallySettings['detail']) => {
  const settings: TallySettings = {
    ...TALLY_DEFAULTS,
    sales: 'വിൽപന {rate}% (Sales)',
    cgst: 'CGST Payable',
    sgst: 'SGST Payable',
    igst: 'IGST Payable',
    roundOff: 'Rounding Off',
    unit: 'Ctn',
    detail,
  };
  return tallyXml('Green Leaf', tallyVouchers([kerala, karnataka, odd], [note], [], settings));
};

type Allocation = { LEDGERNAME: string; ISDEEMEDPOSITIVE: 'Yes' | 'No'; AMOUNT: string };
type Item = Allocation & {
  STOCKITEMNAME: string;
  GSTHSNNAME: string;
  RATE: string;
  ACTUALQTY: string;
  BILLEDQTY: string;
  'ACCOUNTINGALLOCATIONS.LIST': Allocation;
};
type InvoiceVoucher = Omit<Voucher, 'LEDGERENTRIES.LIST'> & {
  ISINVOICE?: string;
  PERSISTEDVIEW: string;
  'LEDGERENTRIES.LIST': Array<Entry & { GSTHSNNAME?: string }>;
  'ALLINVENTORYENTRIES.LIST'?: Item[];
};
const vouchersOf = (text: string): InvoiceVoucher[] =>
  (
    parse(text, {
      parseNodeValue: false,
      ignoreAttributes: true,
      arrayMode: /^(TALLYMESSAGE|LEDGERENTRIES\.LIST|ALLINVENTORYENTRIES\.LIST)$/,
      tagValueProcessor: (value: string) =>
        value.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name as keyof typeof XML_ENTITIES]),
    }) as { ENVELOPE: { BODY: { IMPORTDATA: { REQUESTDATA: { TALLYMESSAGE: Array<{ VOUCHER: InvoiceVoucher }> } } } } }
  ).ENVELOPE.BODY.IMPORTDATA.REQUESTDATA.TALLYMESSAGE.map((message) => message.VOUCHER);

describe('the Tally settings', () => {
  it('by default write the file as it was before the settings: the same names, accounting vouchers', () => {
    expect(tallyXml('Green Leaf', tallyVouchers([kerala], [note], [], TALLY_DEFAULTS))).toBe(
      tallyXml('Green Leaf', tallyVouchers([kerala], [note], [])),
    );
    expect(xml).not.toContain('GSTHSNNAME');
    expect(xml).not.toContain('ALLINVENTORYENTRIES');
  });

  it('name the ledgers the accountant’s way, the rate in the sales ledger’s name', () => {
    const [sale] = vouchersOf(chosen('none'));
    expect(sale?.['LEDGERENTRIES.LIST'].map((entry) => entry.LEDGERNAME)).toEqual([
      MALAYALAM,
      'വിൽപന 5% (Sales)',
      'വിൽപന 18% (Sales)',
      'Delivery Charges',
      'CGST Payable',
      'SGST Payable',
      'Rounding Off',
    ]);
  });

  it('on the ledger lines: a sales line a rate and HSN, each naming its HSN; every voucher balances', () => {
    const text = chosen('ledger');
    expect(validate(text)).toBe(true);
    const read = vouchersOf(text);
    const sales = read[0]?.['LEDGERENTRIES.LIST'].filter((entry) => entry.GSTHSNNAME) ?? [];
    expect(sales.map((entry) => [entry.LEDGERNAME, entry.GSTHSNNAME, entry.AMOUNT])).toEqual([
      ['വിൽപന 5% (Sales)', '14049090', '1680.00'],
      ['വിൽപന 18% (Sales)', '48236900', '520.00'],
    ]);
    for (const voucher of read) {
      expect(voucher.PERSISTEDVIEW).toBe('Accounting Voucher View');
      expect(
        voucher['LEDGERENTRIES.LIST'].reduce((sum, entry) => sum + paiseOf(entry.AMOUNT), 0),
        voucher.VOUCHERNUMBER,
      ).toBe(0);
    }
  });

  it('as inventory entries: an item invoice whose stock items add up to each sales ledger and balance the voucher', () => {
    const text = chosen('inventory');
    expect(validate(text)).toBe(true);
    expect(text).toContain('<VOUCHER VCHTYPE="Sales" ACTION="Create" OBJVIEW="Invoice Voucher View">');
    const read = vouchersOf(text);
    const [sale] = read;
    expect(sale?.PARTYLEDGERNAME).toBe(MALAYALAM);
    expect(sale?.ISINVOICE).toBe('Yes');
    expect(sale?.PERSISTEDVIEW).toBe('Invoice Voucher View');
    expect(
      sale?.['ALLINVENTORYENTRIES.LIST']?.map((item) => [
        item.STOCKITEMNAME,
        item.GSTHSNNAME,
        item.RATE,
        item.ACTUALQTY,
        item.BILLEDQTY,
        item.AMOUNT,
        item['ACCOUNTINGALLOCATIONS.LIST'].LEDGERNAME,
        item['ACCOUNTINGALLOCATIONS.LIST'].AMOUNT,
      ]),
    ).toEqual([
      [
        `${ROUND_PLATES.productName} (${ROUND_PLATES.options})`,
        '14049090',
        '560.00/Ctn',
        '3 Ctn',
        '3 Ctn',
        '1680.00',
        'വിൽപന 5% (Sales)',
        '1680.00',
      ],
      ['Bagasse Cup 200 ml', '48236900', '260.00/Ctn', '2 Ctn', '2 Ctn', '520.00', 'വിൽപന 18% (Sales)', '520.00'],
    ]);
    // No sales ledger line beside the items: their allocations are the sales.
    expect(sale?.['LEDGERENTRIES.LIST'].map((entry) => entry.LEDGERNAME)).toEqual([
      MALAYALAM,
      'Delivery Charges',
      'CGST Payable',
      'SGST Payable',
      'Rounding Off',
    ]);
    const noneVouchers = vouchersOf(chosen('none'));
    for (const [index, voucher] of read.entries()) {
      const items = voucher['ALLINVENTORYENTRIES.LIST'] ?? [];
      const ledgers = voucher['LEDGERENTRIES.LIST'].reduce((sum, entry) => sum + paiseOf(entry.AMOUNT), 0);
      const stock = items.reduce((sum, item) => sum + paiseOf(item.AMOUNT), 0);
      expect(ledgers + stock, voucher.VOUCHERNUMBER).toBe(0);
      for (const item of items) {
        expect(item['ACCOUNTINGALLOCATIONS.LIST'].AMOUNT).toBe(item.AMOUNT);
        expect(item.ISDEEMEDPOSITIVE).toBe(item.AMOUNT.startsWith('-') ? 'Yes' : 'No');
      }
      // Each rate's items add up to what the accounting voucher puts on that rate's sales ledger.
      const salesOf = (name: string) =>
        (noneVouchers[index]?.['LEDGERENTRIES.LIST'] ?? [])
          .filter((entry) => entry.LEDGERNAME === name)
          .reduce((sum, entry) => sum + paiseOf(entry.AMOUNT), 0);
      for (const name of new Set(items.map((item) => item['ACCOUNTINGALLOCATIONS.LIST'].LEDGERNAME))) {
        const allocated = items
          .filter((item) => item['ACCOUNTINGALLOCATIONS.LIST'].LEDGERNAME === name)
          .reduce((sum, item) => sum + paiseOf(item.AMOUNT), 0);
        expect(allocated, `${voucher.VOUCHERNUMBER} ${name}`).toBe(salesOf(name));
      }
    }
    // The credit note debits its stock items.
    const credited = read.find((voucher) => voucher.VOUCHERTYPENAME === 'Credit Note');
    expect(credited?.['ALLINVENTORYENTRIES.LIST']?.map((item) => [item.ISDEEMEDPOSITIVE, item.AMOUNT, item.ACTUALQTY])).toEqual([
      ['Yes', '-560.00', '1 Ctn'],
    ]);
  });

  it('refuses an empty or too long name, a sales ledger without {rate}, and two ledgers Tally reads as one', () => {
    const refusal = (changes: Partial<TallySettings>) => {
      const result = tallySettingsSchema.safeParse({ ...TALLY_DEFAULTS, ...changes });
      return result.success ? null : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
    };
    expect(refusal({})).toBeNull();
    expect(refusal({ cash: 'Bank', bank: 'Bank' })).toBeNull();
    expect(refusal({ cgst: '  ' })).toEqual([['cgst', 'CGST ledger is required']]);
    expect(refusal({ igst: 'I'.repeat(101) })).toEqual([['igst', 'IGST ledger is too long']]);
    expect(refusal({ sales: 'Sales' })).toEqual([
      ['sales', 'The sales ledger’s name holds {rate} once, where the rate goes: Sales @ {rate}%'],
    ]);
    expect(refusal({ sgst: 'output-cgst.' })).toEqual([
      ['sgst', 'Tally reads this as the CGST ledger’s name: give each ledger its own'],
    ]);
    expect(refusal({ detail: 'stock' as TallySettings['detail'] })?.[0]?.[0]).toBe('detail');
  });
});
