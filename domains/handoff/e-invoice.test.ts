// The invoice registration portal's JSON from issued documents, each checked against the INV-01 schema fixture with the
// figures worked by hand; the portal's answer read back, its signed QR code decoded and checked against the document.
import { verify } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { creditNoteOf } from '#domains/invoice/credit-note.fixture.ts';
import type { DispatchFrom } from '#domains/invoice/dispatch.ts';
import { invoiceBasis, invoiceDocument } from '#domains/invoice/model.ts';
import { priceQuote, type QuoteLineInput } from '#domains/quote/model.ts';
import { CUPS, ROUND_PLATES } from '#domains/quote/quote-lines.fixture.ts';
import { EARLIER_ISSUER } from '#domains/settings/shop.ts';
import { gstinCheckCharacter, type GstStateCode } from '#domains/tax/gst.ts';
import { schemaErrors } from '#lib/json-schema.fixture.ts';

import { cancellationProblem, DELIVERY_SAC, type EInvoice, eInvoiceOf, irpAnswerProblem, signedQrFacts } from './e-invoice.ts';
import { IRN, irpAnswerFor, TEST_IRP_PUBLIC_KEY } from './irp-answer.fixture.ts';

const SCHEMA = 'e-invoice-inv01.schema.json';
const KARNATAKA_GSTIN = '29CCCCB4321M1ZG';
const KERALA_GSTIN = `32BBBCK5678L1Z${gstinCheckCharacter('32BBBCK5678L1Z')}`;
const plates = (quantity: number): QuoteLineInput => ({ ...ROUND_PLATES, quantity });
/** A godown in Kalamassery: the cartons leave from there, not from the registered office in Aluva. */
const GODOWN: DispatchFrom = {
  address1: 'Plot 7, KINFRA Park',
  address2: 'HMT Colony',
  place: 'Kalamassery',
  pincode: '683503',
  stateCode: '32',
};

function invoice(place: GstStateCode, gstin: string | null, address: string) {
  return invoiceDocument({
    number: 'GL/2026-27/0045',
    date: '2026-11-26',
    enquiry: 1045,
    basis: invoiceBasis(null, priceQuote([plates(100), CUPS], 50_00, place, '32'), place, gstin),
    shipTo: { name: 'Bengaluru Caterers Private Limited', address },
    dueOn: '2026-12-03',
    payTo: { upi: null, bank: null },
  });
}
const BENGALURU = '12 MG Road, Shivajinagar, Bengaluru, Karnataka 560001';
const KOCHI = '14/220 Temple Road, Edappally, Kochi, Kerala 682024';

const jsonOf = (...args: Parameters<typeof eInvoiceOf>): EInvoice => {
  const result = eInvoiceOf(...args);
  if (!result.ok) throw new Error(result.message);
  expect(schemaErrors(SCHEMA, result.json)).toEqual([]);
  return result.json;
};
/** What the portal checks: the items add up to the totals, and the totals to the invoice's value. */
const paise = (rupees: number) => Math.round(rupees * 100);
function expectAddsUp(json: EInvoice) {
  const sum = (pick: (item: EInvoice['ItemList'][number]) => number) =>
    json.ItemList.reduce((total, item) => total + paise(pick(item)), 0);
  const { ValDtls: v } = json;
  expect(sum((item) => item.AssAmt)).toBe(paise(v.AssVal));
  expect(sum((item) => item.CgstAmt)).toBe(paise(v.CgstVal));
  expect(sum((item) => item.SgstAmt)).toBe(paise(v.SgstVal));
  expect(sum((item) => item.IgstAmt)).toBe(paise(v.IgstVal));
  expect(sum((item) => item.TotItemVal) + paise(v.RndOffAmt)).toBe(paise(v.TotInvVal));
}

describe('the e-invoice JSON (INV-01 1.1)', () => {
  it('an inter-state B2B invoice with IGST: the parties, the goods and the delivery as a service, valid', () => {
    // 100 × 560.00 = 56,000.00 at 5%, IGST 2,800.00; 2 cups 520.00 at 18%, IGST 93.60; delivery 50.00 at 18%, IGST
    // 9.00. Taxable 56,570.00, IGST 2,902.60; 59,472.60 rounds to 59,473.00 (+0.40).
    const json = jsonOf(invoice('29', KARNATAKA_GSTIN, BENGALURU), GODOWN, EARLIER_ISSUER);
    expect(json).toMatchObject({
      Version: '1.1',
      TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' },
      DocDtls: { Typ: 'INV', No: 'GL/2026-27/0045', Dt: '26/11/2026' },
      SellerDtls: {
        Gstin: '32AAACG1234A1ZN',
        Addr1: 'Building No. 14/220, Market Road, near Aluva Railway Station, Aluva',
        Loc: 'Ernakulam',
        Pin: 683101,
        Stcd: '32',
      },
      BuyerDtls: {
        Gstin: KARNATAKA_GSTIN,
        LglNm: 'Bengaluru Caterers Private Limited',
        Pos: '29',
        Addr1: '12 MG Road, Shivajinagar',
        Loc: 'Bengaluru',
        Pin: 560001,
        Stcd: '29',
      },
      DispDtls: { Addr1: 'Plot 7, KINFRA Park, HMT Colony', Loc: 'Kalamassery', Pin: 683503, Stcd: '32' },
      ShipDtls: { Gstin: KARNATAKA_GSTIN, Pin: 560001, Stcd: '29' },
      ValDtls: { AssVal: 56_570, CgstVal: 0, SgstVal: 0, IgstVal: 2_902.6, RndOffAmt: 0.4, TotInvVal: 59_473 },
    });
    expect(json.ItemList[0]).toMatchObject({
      SlNo: '1',
      PrdDesc: 'Areca Leaf Round Plate, Size: 8 inch',
      IsServc: 'N',
      HsnCd: '14049090',
      Qty: 100,
      Unit: 'CTN',
      UnitPrice: 560,
      TotAmt: 56_000,
      AssAmt: 56_000,
      GstRt: 5,
      IgstAmt: 2_800,
      CgstAmt: 0,
      TotItemVal: 58_800,
    });
    expect(json.ItemList[2]).toMatchObject({
      IsServc: 'Y',
      HsnCd: DELIVERY_SAC,
      Qty: 1,
      Unit: 'OTH',
      AssAmt: 50,
      GstRt: 18,
      IgstAmt: 9,
    });
    expect(json).not.toHaveProperty('RefDtls');
    expectAddsUp(json);
  });

  it('an intra-state B2B invoice: CGST and SGST at half the rate each', () => {
    // Plates 56,000.00: 1,400.00 + 1,400.00; cups 520.00: 46.80 + 46.80; delivery 50.00: 4.50 + 4.50. Taxable
    // 56,570.00, CGST = SGST = 1,451.30; 59,472.60 rounds to 59,473.00 (+0.40).
    const json = jsonOf(invoice('32', KERALA_GSTIN, KOCHI), GODOWN, EARLIER_ISSUER);
    expect(json.BuyerDtls).toMatchObject({ Gstin: KERALA_GSTIN, Pos: '32', Stcd: '32', Loc: 'Kochi', Pin: 682024 });
    expect(json.ValDtls).toMatchObject({ AssVal: 56_570, CgstVal: 1_451.3, SgstVal: 1_451.3, IgstVal: 0, TotInvVal: 59_473 });
    expect(json.ItemList[1]).toMatchObject({
      AssAmt: 520,
      GstRt: 18,
      CgstAmt: 46.8,
      SgstAmt: 46.8,
      IgstAmt: 0,
      TotItemVal: 613.6,
    });
    expectAddsUp(json);
  });

  it('a credit note: document type CRN, the invoice it refers to, its own figures', () => {
    // 10 cartons back: 5,600.00 at 5%, IGST 280.00; 5,880.00, no round-off.
    const issued = invoice('29', KARNATAKA_GSTIN, BENGALURU);
    const note = creditNoteOf(
      issued,
      { lines: [{ line: 1, quantity: 10 }], delivery: false },
      { number: 'CN/2026-27/0003', date: '2026-11-28', reason: 'Damaged in transit' },
    );
    const json = jsonOf(note, GODOWN, null);
    expect(json.DocDtls).toEqual({ Typ: 'CRN', No: 'CN/2026-27/0003', Dt: '28/11/2026' });
    expect(json.RefDtls).toEqual({ PrecDocDtls: [{ InvNo: 'GL/2026-27/0045', InvDt: '26/11/2026' }] });
    expect(json.ValDtls).toMatchObject({ AssVal: 5_600, IgstVal: 280, RndOffAmt: 0, TotInvVal: 5_880 });
    expect(json.ItemList).toHaveLength(1);
    expect(json.SellerDtls).not.toHaveProperty('Ph');
    expectAddsUp(json);
  });

  it('refused, naming why: a B2C invoice, a delivery address without pincode, a number the portal does not take', () => {
    const b2c = eInvoiceOf(invoice('32', null, KOCHI), GODOWN, EARLIER_ISSUER);
    expect(b2c).toMatchObject({ ok: false, field: 'customerGstin' });
    expect(!b2c.ok && b2c.message).toMatch(/^Invoice GL\/2026-27\/0045: the customer has no GSTIN \(a B2C supply\)/);
    const noPin = eInvoiceOf(invoice('29', KARNATAKA_GSTIN, '12 MG Road, Bengaluru'), GODOWN, EARLIER_ISSUER);
    expect(noPin).toMatchObject({ ok: false, field: 'deliveryLocation' });
    const long = eInvoiceOf({ ...invoice('29', KARNATAKA_GSTIN, BENGALURU), number: 'GLEX/2026-27/00451' }, GODOWN, null);
    expect(long).toMatchObject({ ok: false, field: 'number' });
  });
});

describe("the portal's answer", () => {
  const issued = invoice('29', KARNATAKA_GSTIN, BENGALURU);
  const facts = {
    number: issued.number,
    date: issued.date,
    total: issued.totals.total,
    seller: '32AAACG1234A1ZN',
    buyer: KARNATAKA_GSTIN,
  };

  it('its signed QR code decoded: a signed token naming this invoice, its date, the seller and the total', () => {
    const answer = irpAnswerFor(facts);
    const [header, payload, signature] = answer.signedQrCode.split('.') as [string, string, string];
    expect(verify('sha256', Buffer.from(`${header}.${payload}`), TEST_IRP_PUBLIC_KEY, Buffer.from(signature, 'base64url'))).toBe(
      true,
    );
    expect(signedQrFacts(answer.signedQrCode)).toMatchObject({
      SellerGstin: '32AAACG1234A1ZN',
      BuyerGstin: KARNATAKA_GSTIN,
      DocNo: 'GL/2026-27/0045',
      DocTyp: 'INV',
      DocDt: '26/11/2026',
      TotInvVal: 59_473,
      Irn: IRN,
    });
    expect(irpAnswerProblem(answer, issued)).toBeNull();
  });

  it('a mismatch refused with what differs: another number, another total, another IRN, not a token', () => {
    expect(irpAnswerProblem(irpAnswerFor({ ...facts, number: 'GL/2026-27/0046' }), issued)?.message).toBe(
      'The signed QR code names the document GL/2026-27/0046, but invoice GL/2026-27/0045 has the number GL/2026-27/0045: this answer is for another document',
    );
    expect(irpAnswerProblem(irpAnswerFor({ ...facts, total: 59_472_00 }), issued)?.message).toMatch(
      /^The signed QR code names the total 59472, but invoice GL\/2026-27\/0045 has the total 59473/,
    );
    expect(irpAnswerProblem(irpAnswerFor({ ...facts, seller: '32AAACG1234A1ZM' }), issued)?.message).toMatch(/the seller GSTIN/);
    expect(irpAnswerProblem({ ...irpAnswerFor(facts), irn: 'f'.repeat(64) }, issued)?.message).toMatch(/another IRN/);
    expect(irpAnswerProblem({ ...irpAnswerFor(facts), signedQrCode: 'a.b.c' }, issued)?.field).toBe('SignedQRCode');
  });

  it('a cancellation within 24 hours of the acknowledgement, and not after', () => {
    expect(cancellationProblem('2026-11-26 11:05:00', '2026-11-27 11:05:00')).toBeNull();
    expect(cancellationProblem('2026-11-26 11:05:00', '2026-11-27 11:05:01')).toMatch(/within 24 hours/);
    expect(cancellationProblem('2026-11-26 11:05:00', '2026-11-26 11:04:00')).toMatch(/before the acknowledgement/);
  });
});
