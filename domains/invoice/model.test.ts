import { describe, expect, it } from 'vitest';

import { priceQuote, type QuoteLineInput } from '#domains/quote/model.ts';
import { CUPS as CUP, ROUND_PLATES as ROUND } from '#domains/quote/quote-lines.fixture.ts';
import { EARLIER_ISSUER } from '#domains/settings/shop.ts';
import { type GstStateCode } from '#domains/tax/gst.ts';

import {
  creditFor,
  creditNoteDocument,
  type CreditResult,
  invoiceBasis,
  type InvoiceDocument,
  invoiceDocument,
  recipientOf,
} from './model.ts';

/** An invoice of these lines, priced as a quote is (domains/quote/model.ts). */
function invoiceOf(
  number: string,
  lines: QuoteLineInput[],
  delivery: number,
  placeOfSupply: GstStateCode,
  gstin: string | null = null,
): InvoiceDocument {
  return invoiceDocument({
    number,
    date: '2026-11-26',
    enquiry: 1042,
    basis: invoiceBasis('Q-1042-1', priceQuote(lines, delivery, placeOfSupply, '32'), placeOfSupply, gstin),
    shipTo: { name: 'Anitha Menon', address: '14/220 Temple Road, Edappally, Kochi, Kerala 682024' },
    dueOn: '2026-12-03',
    payTo: { upi: { id: 'greenleaf@okaxis', name: 'Green Leaf' }, bank: null },
  });
}

const ok = (result: CreditResult) => {
  if (!result.ok) throw new Error(result.message);
  return result;
};

describe('the tax invoice', () => {
  it('carries supplier, recipient with GSTIN and state, place of supply, lines, delivery with tax, round-off, words', () => {
    const invoice = invoiceOf('GL/2026-27/0001', [ROUND, CUP], 50_00, '32', '32BBBCK5678L1Z4');
    expect(invoice.supplier).toEqual({
      name: 'Green Leaf Eco Tableware Private Limited',
      address: 'Building No. 14/220, Market Road, near Aluva Railway Station, Aluva, Ernakulam, Kerala 683101',
      gstin: '32AAACG1234A1ZN',
      state: { code: '32', name: 'Kerala' },
    });
    expect(invoice.recipient).toMatchObject({ gstin: '32BBBCK5678L1Z4', state: { code: '32', name: 'Kerala' } });
    expect(invoice).toMatchObject({ placeOfSupply: { code: '32', name: 'Kerala' }, intraState: true, reverseCharge: false });
    // 3 × 560.00 = 1,680.00 at 5%: 42.00 + 42.00; 2 × 260.00 = 520.00 at 18%: 46.80 + 46.80; delivery 50.00 at 18%:
    // 4.50 + 4.50. Taxable 2,250.00, CGST = SGST = 93.30, 2,436.60 rounds to 2,437.00 (+0.40).
    expect(invoice.lines.map((line) => [line.taxable, line.cgst, line.sgst, line.igst])).toEqual([
      [168_000, 4_200, 4_200, 0],
      [52_000, 4_680, 4_680, 0],
    ]);
    expect(invoice.delivery).toEqual({ taxable: 5_000, rate: 18, cgst: 450, sgst: 450, igst: 0 });
    expect(invoice.totals).toEqual({ taxable: 225_000, cgst: 9_330, sgst: 9_330, igst: 0, roundOff: 40, total: 243_700 });
    expect(invoice.totalInWords).toBe('Rupees Two Thousand Four Hundred Thirty-Seven Only');
    expect(invoice.signatory).toBe(`For ${EARLIER_ISSUER.name}`);
  });

  it('an unregistered recipient has no GSTIN and no state of registration', () => {
    expect(recipientOf({ name: null, address: null }, { name: 'Biju', address: 'Aluva 683101' }, null)).toEqual({
      name: 'Biju',
      address: 'Aluva 683101',
      gstin: null,
      state: null,
    });
  });

  it('bills the legal name and address the quote gave, and ships to the enquiry', () => {
    const ship = { name: 'Anitha Menon', address: 'Hall 3, Marine Drive, Kochi, Kerala 682031' };
    const billing = { name: 'Menon Caterers LLP', address: '14/220 Temple Road, Edappally, Kochi, Kerala 682024' };
    expect(recipientOf(billing, ship, '32BBBCK5678L1Z4')).toEqual({
      ...billing,
      gstin: '32BBBCK5678L1Z4',
      state: { code: '32', name: 'Kerala' },
    });
    // Only a legal name: billed at the delivery address.
    expect(recipientOf({ name: 'Menon Caterers LLP', address: null }, ship, null).address).toBe(ship.address);
    const invoice = invoiceDocument({
      number: 'GL/2026-27/0002',
      date: '2026-11-26',
      enquiry: 1042,
      basis: invoiceBasis(null, priceQuote([ROUND], 0, '32', '32'), '32', '32BBBCK5678L1Z4', billing),
      shipTo: ship,
      dueOn: '2026-12-03',
      payTo: { upi: null, bank: null },
    });
    expect(invoice.recipient.name).toBe('Menon Caterers LLP');
    expect(invoice.shipTo).toEqual(ship);
    // The credit note keeps both, as the invoice had them.
    const note = creditNoteDocument({
      number: 'CN/2026-27/0001',
      date: '2026-11-27',
      reason: 'Damaged in transit',
      invoice,
      credit: ok(creditFor(invoice, [], { everything: true })),
    });
    expect([note.recipient, note.shipTo]).toEqual([invoice.recipient, ship]);
  });
});

describe('credit notes', () => {
  const invoice = invoiceOf('GL/2026-27/0001', [ROUND, CUP], 50_00, '32');

  it('for a cancelled order: everything, to the paisa of the invoice', () => {
    const credit = ok(creditFor(invoice, [], { everything: true }));
    expect(credit.lines.map((line) => [line.line, line.quantity, line.taxable, line.cgst, line.sgst])).toEqual([
      [1, 3, 168_000, 4_200, 4_200],
      [2, 2, 52_000, 4_680, 4_680],
    ]);
    expect(credit.delivery).toEqual(invoice.delivery);
    expect(credit.totals).toEqual(invoice.totals);
    expect(creditFor(invoice, [credit], { everything: true })).toEqual({
      ok: false,
      message: 'Everything on this invoice is already credited',
    });
  });

  it('for a changed order: cartons of a line at the invoiced price and rate, then the rest, adding up to the invoice', () => {
    const odd = invoiceOf('GL/2026-27/0002', [{ ...ROUND, quantity: 2, price: 100_10 }], 0, '32');
    // 2 × 100.10 = 200.20 at 5%: CGST = SGST = 5.005, rounded half up to 5.01; 210.22 rounds to 210.00 (−0.22).
    expect(odd.totals).toEqual({ taxable: 20_020, cgst: 501, sgst: 501, igst: 0, roundOff: -22, total: 21_000 });
    // One carton back: 100.10 at 2.5% = 2.5025, so 2.50 each; 105.10 rounds to 105.00 (−0.10).
    const first = ok(creditFor(odd, [], { lines: [{ line: 1, quantity: 1 }], delivery: false }));
    expect(first.lines[0]).toMatchObject({ line: 1, quantity: 1, taxable: 10_010, cgst: 250, sgst: 250 });
    expect(first.totals).toEqual({ taxable: 10_010, cgst: 250, sgst: 250, igst: 0, roundOff: -10, total: 10_500 });
    // The last carton takes what is left, 5.01 − 2.50 = 2.51 each (worked afresh it would be 2.50 again and a paisa
    // of the invoice's tax would never be credited).
    const rest = ok(creditFor(odd, [creditNoteOf(odd, first)], { everything: true }));
    expect(rest.lines[0]).toMatchObject({ quantity: 1, taxable: 10_010, cgst: 251, sgst: 251 });
    expect(first.totals.cgst + rest.totals.cgst).toBe(odd.totals.cgst);
    expect(first.totals.taxable + rest.totals.taxable).toBe(odd.totals.taxable);
  });

  it('the delivery charge once, and never more cartons than are left', () => {
    const delivery = ok(creditFor(invoice, [], { lines: [], delivery: true }));
    expect(delivery.totals).toEqual({ taxable: 5_000, cgst: 450, sgst: 450, igst: 0, roundOff: 0, total: 5_900 });
    const earlier = [creditNoteOf(invoice, delivery)];
    expect(creditFor(invoice, earlier, { lines: [], delivery: true })).toMatchObject({
      ok: false,
      message: 'The delivery charge is not on this invoice or is already credited',
    });
    expect(creditFor(invoice, earlier, { lines: [{ line: 2, quantity: 3 }], delivery: false })).toMatchObject({
      ok: false,
      message: 'Line 2 (Bagasse Cup 200 ml) has 2 carton(s) left to credit, not 3',
    });
    expect(creditFor(invoice, earlier, { lines: [{ line: 6, quantity: 1 }], delivery: false })).toMatchObject({
      ok: false,
      message: 'The invoice has no line 6',
    });
    expect(
      creditFor(invoice, earlier, {
        lines: [
          { line: 1, quantity: 1 },
          { line: 1, quantity: 1 },
        ],
        delivery: false,
      }),
    ).toMatchObject({ ok: false, message: 'Line 1 is named twice' });
    expect(creditFor(invoice, earlier, { lines: [], delivery: false })).toMatchObject({ ok: false });
  });

  it('the document refers to its invoice and keeps its parties and place of supply', () => {
    const note = creditNoteOf(invoice, ok(creditFor(invoice, [], { everything: true })));
    expect(note).toMatchObject({
      number: 'CN/2026-27/0001',
      invoice: { number: 'GL/2026-27/0001', date: '2026-11-26', total: 243_700 },
      recipient: invoice.recipient,
      placeOfSupply: invoice.placeOfSupply,
      totalInWords: 'Rupees Two Thousand Four Hundred Thirty-Seven Only',
    });
  });
});

function creditNoteOf(invoice: InvoiceDocument, credit: Extract<CreditResult, { ok: true }>) {
  return creditNoteDocument({ number: 'CN/2026-27/0001', date: '2026-11-28', reason: 'Cancelled', invoice, credit });
}
