// The server's Malayalam catalogue: a document in Malayalam is made with it.
import '#platform/i18n/translator.ts';

import { describe, expect, it } from 'vitest';

import { gstr1 } from '#domains/handoff/gstr1.ts';
import { gstDate, gstr1Table } from '#domains/handoff/gstr1-csv.ts';
import { priceQuote } from '#domains/quote/model.ts';
import { ROUND_PLATES } from '#domains/quote/quote-lines.fixture.ts';
import { upiPayLink } from '#domains/settings/upi.ts';

import { documentFilename, invoiceView, paymentBlock, paymentSummary } from './invoice-view.ts';
import { invoiceBasis, invoiceDocument } from './model.ts';
import { paymentPosition } from './payments.ts';

/** 3 round plates at ₹560.00 (5%), ₹50.00 delivery (5%, the principal supply's rate), in Kerala, to a registered buyer. */
const invoice = invoiceDocument({
  number: 'GL/2026-27/0007',
  date: '2026-11-26',
  enquiry: 1042,
  basis: invoiceBasis('Q-1042-1', priceQuote([ROUND_PLATES], 50_00, '32', '32'), '32', '32BBBCK5678L1Z4'),
  shipTo: { name: 'Anitha Menon', address: 'Temple Road, Kochi 682024' },
  dueOn: '2026-12-03',
  payTo: {
    upi: { id: 'greenleaf@okaxis', name: 'Green Leaf' },
    bank: { accountName: 'Green Leaf Eco Tableware Private Limited', account: '12345678901234', ifsc: 'FDRL0001234', bank: null },
  },
});

describe('the invoice as a document', () => {
  it('carries the GST fields and, worked by hand, its figures', () => {
    // 3 × ₹560.00 = ₹1,680.00 + ₹50.00 delivery = ₹1,730.00 at 5%: CGST = SGST = ₹43.25; ₹1,816.50 rounds half up to
    // ₹1,817.00 (+₹0.50).
    const view = invoiceView(invoice, null);
    expect(view.title).toBe('Tax invoice');
    expect(view.facts).toEqual([
      { label: 'Date', value: '26 November 2026' },
      { label: 'Due by', value: 'Thursday 3 December 2026' },
      { label: 'Order', value: '#1042' },
      { label: 'Quote', value: 'Q-1042-1' },
      { label: 'Reverse charge', value: 'No' },
      { label: "Supplier's state", value: 'Kerala (32)' },
    ]);
    expect(view.parties[0]?.lines).toEqual([
      'Anitha Menon',
      'Temple Road, Kochi 682024',
      'GSTIN 32BBBCK5678L1Z4',
      'State: Kerala (32)',
      'Place of supply: Kerala (32)',
    ]);
    expect(view.sums.map((sum) => [sum.label, sum.text])).toEqual([
      ['Taxable value', '₹1,730.00'],
      ['CGST 2.5%', '₹43.25'],
      ['SGST 2.5%', '₹43.25'],
      ['Round off', '+₹0.50'],
      ['Total', '₹1,817.00'],
    ]);
    expect(view.amountInWords).toBe('Rupees One Thousand Eight Hundred Seventeen Only');
    expect(documentFilename(view)).toBe('Tax-invoice-GL-2026-27-0007.pdf');
  });

  it('in Malayalam: the labels, dates and terms in it, the title in both languages, the file named in English', () => {
    const view = invoiceView(invoice, null, 'ml');
    expect(view.title).toBe('Tax invoice / നികുതി ഇൻവോയ്സ്');
    expect(view.language).toBe('ml');
    expect(view.facts.slice(0, 3)).toEqual([
      { label: 'തീയതി', value: 'നവംബർ 26, 2026' },
      { label: 'അടയ്ക്കേണ്ട തീയതി', value: 'ഡിസംബർ 3, 2026, വ്യാഴം' },
      { label: 'ഓർഡർ', value: '#1042' },
    ]);
    expect(view.parties[0]?.heading).toBe('ബിൽ ചെയ്യുന്നത്');
    expect(view.parties[0]?.lines).toContain('GSTIN 32BBBCK5678L1Z4');
    expect(view.sums.map((sum) => sum.label)).toEqual(['നികുതി ബാധകമായ തുക', 'CGST 2.5%', 'SGST 2.5%', 'റൗണ്ട് ഓഫ്', 'ആകെ']);
    expect(view.terms.at(-1)).toBe('മുകളിൽ നൽകിയ വിവരങ്ങൾ സത്യവും ശരിയുമാണെന്ന് സാക്ഷ്യപ്പെടുത്തുന്നു.');
    expect(documentFilename(view)).toBe('Tax-invoice-GL-2026-27-0007.pdf');
    // English is as it always was.
    expect(invoiceView(invoice, null, 'en')).toEqual(invoiceView(invoice, null));
    expect(invoiceView(invoice, null).language).toBeUndefined();
  });

  it('the payment block asks for what is left, by UPI and bank transfer; paid, it asks for nothing', () => {
    const due = (paid: number, today = '2026-11-30') =>
      paymentPosition({ invoiced: 1_817_00, credited: 0, paid, refunded: 0 }, invoice.dueOn, today);
    const link = upiPayLink(invoice.payTo.upi!, 817_00, invoice.number);
    expect(paymentBlock(invoice, due(1_000_00), link, '2026-11-28')).toEqual({
      status: 'Part paid',
      due: '₹817.00 due by Thursday 3 December 2026',
      paidOn: null,
      lines: [
        'UPI: greenleaf@okaxis (Green Leaf)',
        'Bank transfer to Green Leaf Eco Tableware Private Limited',
        'Account 12345678901234 · IFSC FDRL0001234',
        'Please quote GL/2026-27/0007 with your payment.',
      ],
      upiLink: link,
    });
    expect(paymentBlock(invoice, due(0, '2026-12-04'), link, null).status).toBe('Unpaid (overdue)');
    expect(paymentBlock(invoice, due(1_817_00), null, '2026-11-28')).toEqual({
      status: 'Paid',
      due: null,
      paidOn: 'Saturday 28 November 2026',
      lines: ['Paid on Saturday 28 November 2026.'],
      upiLink: null,
    });
    const nowhere = { ...invoice, payTo: { upi: null, bank: null } };
    expect(paymentBlock(nowhere, due(0), null, null).lines).toEqual(['Please call us to arrange the payment.']);
  });

  it('a copy after payment says when it was paid instead of asking to pay by a day', () => {
    const position = paymentPosition(
      { invoiced: 1_817_00, credited: 0, paid: 1_817_00, refunded: 0 },
      invoice.dueOn,
      '2026-11-30',
    );
    const paid = invoiceView(invoice, paymentBlock(invoice, position, null, '2026-11-28'));
    expect(paid.terms[0]).toBe('Paid on Saturday 28 November 2026, with thanks.');
    expect(paid.terms.join(' ')).not.toContain('Please pay by');
    const unpaid = invoiceView(invoice, null);
    expect(unpaid.terms[0]).toBe('Please pay by Thursday 3 December 2026, quoting GL/2026-27/0007; no payment is taken online.');
  });

  it('the status page says what will be refunded once credit notes leave less owing than was paid, and only then', () => {
    const paidThenCredited = paymentPosition(
      { invoiced: 2_437_00, credited: 588_00, paid: 2_437_00, refunded: 0 },
      '2030-12-03',
      '2030-12-01',
    );
    expect(paymentSummary(paidThenCredited).refundDue).toBe('₹588.00');
    const partPaid = paymentPosition(
      { invoiced: 2_437_00, credited: 588_00, paid: 1_000_00, refunded: 0 },
      '2030-12-03',
      '2030-12-01',
    );
    expect(paymentSummary(partPaid).refundDue).toBeNull();
  });

  it('GSTR-1 as CSV: the offline tool’s dates, rupees with two decimals, only data rows', () => {
    expect(gstDate('2026-11-26')).toBe('26-Nov-2026');
    expect(gstDate('2027-01-05')).toBe('05-Jan-2027');
    const report = gstr1('2026-11', '32AAACG1234A1ZN', [invoice], []);
    expect(gstr1Table(report, 'b2b').slice(1)).toEqual([
      [
        '32BBBCK5678L1Z4',
        'Anitha Menon',
        'GL/2026-27/0007',
        '26-Nov-2026',
        '1817.00',
        '32-Kerala',
        'N',
        '',
        'Regular B2B',
        '',
        5,
        '1730.00',
        '',
      ],
    ]);
    expect(gstr1Table(report, 'docs').slice(1)).toEqual([
      ['Invoices for outward supply', 'GL/2026-27/0007', 'GL/2026-27/0007', 1, 0],
    ]);
  });
});
