// The quote's document view: every renderer (page, print, e-mail, PDF) draws these rows and sums, so they must add
// up, carry the delivery's tax, round to the rupee, and print terms that follow the quote. Figures worked by hand.
import { describe, expect, it } from 'vitest';

import { EARLIER_ISSUER } from '#domains/settings/shop.ts';
import { GST_STATE_CHOICES } from '#domains/tax/gst.ts';

import { priceQuote, type QuoteContent, quoteDocument, type QuoteLineInput, quoteTerms, quoteWarnings } from './model.ts';
import { ROUND_PLATES as ROUND } from './quote-lines.fixture.ts';

const CUP = {
  productName: 'Bagasse Cup 200 ml',
  options: '',
  hsnCode: '48236900',
  gstRate: 18,
  quantity: 2,
  unitsPerCarton: 100,
  unitType: 'items',
  price: 26_000,
};
const PARTY = { displayId: 1042, customerName: 'അനിത മേനോൻ', deliveryLocation: '14/220 Temple Road, Kochi, Kerala 682024' };

function content(place: '32' | '29', delivery: number, overrides: Partial<QuoteContent> = {}): QuoteContent {
  const priced = priceQuote([ROUND, CUP], delivery, place, '32');
  return {
    version: 1,
    lines: priced.lines,
    delivery,
    totals: priced.totals,
    placeOfSupply: place,
    customerGstin: null,
    billingName: null,
    billingAddress: null,
    validUntil: '2026-12-03',
    note: null,
    // 10:30 AM IST on Thursday 26 November 2026.
    sentAt: new Date('2026-11-26T05:00:00Z'),
    issuer: EARLIER_ISSUER,
    ...overrides,
  };
}

describe('the quote document', () => {
  it('within Kerala: each row with CGST and SGST, delivery as its own row taxed at the highest rate, rows adding up', () => {
    const view = quoteDocument(content('32', 5_000), PARTY);
    expect(view.taxHeads).toEqual(['CGST', 'SGST']);
    // 3 × 560.00 = 1,680.00 at 5 %: 42.00 + 42.00 = 1,764.00. 2 × 260.00 = 520.00 at 18 %: 46.80 + 46.80 =
    // 613.60. Delivery 50.00 at 18 %: 4.50 + 4.50 = 59.00.
    expect(
      view.rows.map((row) => [
        row.description,
        row.quantityText,
        row.rate?.text ?? null,
        row.taxable.text,
        ...row.taxRates,
        ...row.taxes.map((tax) => tax.text),
        row.amount.text,
      ]),
    ).toEqual([
      ['Areca Leaf Round Plate', '3 cartons', '₹560.00', '₹1,680.00', '2.5%', '2.5%', '₹42.00', '₹42.00', '₹1,764.00'],
      ['Bagasse Cup 200 ml', '2 cartons', '₹260.00', '₹520.00', '9%', '9%', '₹46.80', '₹46.80', '₹613.60'],
      ['Delivery', '', null, '₹50.00', '9%', '9%', '₹4.50', '₹4.50', '₹59.00'],
    ]);
    expect(view.rows[0]?.detail).toBe('Size: 8 inch · 100 plates a carton');
    // 1,764.00 + 613.60 + 59.00 = 2,436.60; rounded to 2,437.00 with +0.40. Each head at each rate: 42.00 at 2.5 %,
    // 46.80 + 4.50 = 51.30 at 9 %; 93.30 in all.
    expect(view.sums.map((sum) => [sum.label, sum.text])).toEqual([
      ['Taxable value', '₹2,250.00'],
      ['CGST 2.5%', '₹42.00'],
      ['CGST 9%', '₹51.30'],
      ['SGST 2.5%', '₹42.00'],
      ['SGST 9%', '₹51.30'],
      ['Round off', '+₹0.40'],
      ['Total', '₹2,437.00'],
    ]);
    const rows = view.rows.reduce((sum, row) => sum + row.amount.paise, 0);
    expect(rows + 40).toBe(view.total.paise);
    expect(view.total.paise).toBe(243_700);
    expect(view.amountInWords).toBe('Rupees Two Thousand Four Hundred Thirty-Seven Only');
  });

  it('to another state: one IGST column; no delivery row without a charge; a round-off down is signed', () => {
    const view = quoteDocument(content('29', 0), PARTY);
    expect(view.taxHeads).toEqual(['IGST']);
    expect(view.rows.map((row) => row.description)).toEqual(['Areca Leaf Round Plate', 'Bagasse Cup 200 ml']);
    // 1,680.00 × 5 % = 84.00; 520.00 × 18 % = 93.60; 2,200.00 + 177.60 = 2,377.60, rounded to 2,378.00.
    expect(view.rows.map((row) => row.taxes.map((tax) => tax.text))).toEqual([['₹84.00'], ['₹93.60']]);
    expect(view.rows.map((row) => row.taxRates)).toEqual([['5%'], ['18%']]);
    expect(view.sums.map((sum) => [sum.label, sum.text])).toEqual([
      ['Taxable value', '₹2,200.00'],
      ['IGST 5%', '₹84.00'],
      ['IGST 18%', '₹93.60'],
      ['Round off', '+₹0.40'],
      ['Total', '₹2,378.00'],
    ]);
    expect(view.total.text).toBe('₹2,378.00');
    // Cups at 259.80: 519.60 at 18 % = 93.528, 93.53 to the paisa. 1,680.00 + 519.60 = 2,199.60 taxable, 84.00 +
    // 93.53 = 177.53 tax, 2,377.13 in all: rounded down to 2,377.00, round-off −0.13.
    const down = quoteDocument(content('29', 0, priceQuoteContent([ROUND, { ...CUP, price: 25_980 }], 0, '29')), PARTY);
    expect(down.sums.find((sum) => sum.label === 'Round off')?.text).toBe('−₹0.13');
    expect(down.total.text).toBe('₹2,377.00');
  });

  it('names the parties, the facts and the version it revises; the note and a signatory line', () => {
    const view = quoteDocument(content('32', 5_000, { version: 2, customerGstin: '32AAACG1234A1ZN', note: 'നന്ദി' }), PARTY);
    expect(view.title).toBe('Quotation');
    expect(view.number).toBe('Q-1042-2');
    expect(view.facts).toEqual([
      { label: 'Date', value: '26 November 2026' },
      { label: 'Valid until', value: 'Thursday 3 December 2026' },
      { label: 'Enquiry', value: '#1042' },
      { label: 'Revises', value: 'Q-1042-1' },
    ]);
    expect(view.parties).toEqual([
      {
        heading: 'Quotation for',
        lines: ['അനിത മേനോൻ', PARTY.deliveryLocation, 'GSTIN 32AAACG1234A1ZN', 'Place of supply: Kerala (32)'],
      },
    ]);
    expect(view.note).toBe('നന്ദി');
    expect(view.signatory).toEqual({
      for: 'For Green Leaf Eco Tableware Private Limited',
      name: null,
      title: 'Authorised signatory',
      signature: null,
    });
    expect(view.supplier.gstin).toBe('32AAACG1234A1ZN');
  });
});

describe('the terms under a quote', () => {
  it('follow its own delivery charge and place, never the catalogue’s ₹50 for Kerala', () => {
    const charged = quoteTerms({ delivery: 50_000, placeOfSupply: '32', validUntil: '2026-12-03', issuer: EARLIER_ISSUER });
    expect(charged).toContain('Delivery to Kerala: ₹500.00 before GST, shown as its own line.');
    expect(charged).toContain('Valid until Thursday 3 December 2026; after that, please ask us for a new quotation.');
    const free = quoteTerms({ delivery: 0, placeOfSupply: '29', validUntil: '2026-12-03', issuer: EARLIER_ISSUER });
    expect(free).toContain('Delivery to Karnataka at no charge.');
    expect([...charged, ...free].join(' ')).not.toContain('₹50 ');
  });
});

describe('the review’s cautions', () => {
  it('a ₹0 line, a price more than a quarter below the catalogue, a missing HSN code, no delivery charge', () => {
    const line = { label: 'Cup', listPrice: 26_000, hsnCode: '48236900' };
    expect(quoteWarnings([{ ...line, price: 26_000 }], 5_000)).toEqual([]);
    // 19,500 is exactly 25 % below 26,000: not yet far below; 19,499 is.
    expect(quoteWarnings([{ ...line, price: 19_500 }], 5_000)).toEqual([]);
    expect(quoteWarnings([{ ...line, price: 19_499 }], 5_000)).toEqual([
      "Cup is at ₹194.99 a carton, 25% below the catalogue's ₹260.00.",
    ]);
    expect(quoteWarnings([{ ...line, price: 0, hsnCode: '' }], 0)).toEqual([
      'Cup is priced at ₹0.00.',
      'Cup has no HSN code (its product may have been deleted).',
      'There is no delivery charge: delivery is free on this quote.',
    ]);
  });
});

describe('the states of the quote form', () => {
  it('are listed by name, Andaman first and West Bengal last, Kerala among them', () => {
    const names = GST_STATE_CHOICES.map(([, name]) => name);
    expect(names[0]).toBe('Andaman and Nicobar Islands');
    expect(names.at(-1)).toBe('West Bengal');
    expect([...names].sort()).toEqual(names);
    expect(GST_STATE_CHOICES).toContainEqual(['32', 'Kerala']);
    expect(GST_STATE_CHOICES).toHaveLength(36);
  });
});

/** The priced lines and totals of `lines`, as content overrides. */
function priceQuoteContent(lines: QuoteLineInput[], delivery: number, place: '32' | '29'): Partial<QuoteContent> {
  const priced = priceQuote(lines, delivery, place, '32');
  return { lines: priced.lines, totals: priced.totals };
}
