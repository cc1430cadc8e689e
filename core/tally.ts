/**
 * A month's books as the XML TallyPrime's Import Data takes (Gateway of Tally > Import > Transactions): one Sales
 * voucher an invoice, one Credit Note voucher a credit note, one Receipt voucher a payment, every one balancing to the
 * paisa. Ledgers are named by `tallyLedgers()`; the figures are the stored documents', never taxed again. The format
 * and the choices: docs/decisions/503-tally-vouchers-xml.md.
 */
import type { GstRate, LineTax } from './gst.ts';
import type { CreditNoteDocument, InvoiceDocument, Party, StateOnDocument } from './invoice.ts';
import { type Paise, toDecimalString } from './money.ts';
import type { PaymentMethod } from './payments.ts';
import type { TaxedLine } from './tax-document.ts';

/** The ledgers the vouchers post to, as the accountant's Tally company names them. */
export interface TallyLedgerNames {
  /** The sales ledger of a rate: 'Sales @ 5%'. */
  sales: (rate: GstRate) => string;
  delivery: string;
  cgst: string;
  sgst: string;
  igst: string;
  roundOff: string;
  /** Where a payment by this method lands. */
  receivedIn: (method: PaymentMethod) => string;
}

/** The ledger names: the one place that gives them (defaults until the shop's settings hold the accountant's own). */
export function tallyLedgers(): TallyLedgerNames {
  return {
    sales: (rate) => `Sales @ ${rate}%`,
    delivery: 'Delivery Charges',
    cgst: 'Output CGST',
    sgst: 'Output SGST',
    igst: 'Output IGST',
    roundOff: 'Round Off',
    receivedIn: (method) => (method === 'cash' ? 'Cash' : 'Bank'),
  };
}

/** A payment as the month's receipts list it, with the party it came from. */
export interface TallyReceipt {
  invoice: Pick<InvoiceDocument, 'number' | 'recipient'>;
  amount: Paise;
  receivedOn: string;
  method: PaymentMethod;
  reference: string | null;
}

/** One ledger line: a debit is negative, a credit positive, as Tally's AMOUNT has it. */
export interface TallyEntry {
  ledger: string;
  amount: Paise;
  party: boolean;
}

export interface TallyVoucher {
  type: 'Sales' | 'Credit Note' | 'Receipt';
  number: string;
  date: string;
  party: Party;
  placeOfSupply: StateOnDocument | null;
  reference: string | null;
  narration: string;
  entries: TallyEntry[];
}

/** The taxable value, tax and round-off of a document as credits (a sale) or debits (a credit note: `sign` −1). */
function taxEntries(
  document: { lines: readonly TaxedLine[]; delivery: LineTax | null; totals: InvoiceDocument['totals'] },
  sign: 1 | -1,
  ledgers: TallyLedgerNames,
): TallyEntry[] {
  const byRate = new Map<GstRate, Paise>();
  for (const line of document.lines) byRate.set(line.gstRate, (byRate.get(line.gstRate) ?? 0) + line.taxable);
  const entries: TallyEntry[] = [...byRate].map(([rate, taxable]) => ({
    ledger: ledgers.sales(rate),
    amount: sign * taxable,
    party: false,
  }));
  if (document.delivery) entries.push({ ledger: ledgers.delivery, amount: sign * document.delivery.taxable, party: false });
  const { cgst, sgst, igst, roundOff } = document.totals;
  for (const [ledger, amount] of [
    [ledgers.cgst, cgst],
    [ledgers.sgst, sgst],
    [ledgers.igst, igst],
    [ledgers.roundOff, roundOff],
  ] as const) {
    if (amount !== 0) entries.push({ ledger, amount: sign * amount, party: false });
  }
  return entries;
}

/** The month's vouchers: the invoices, then the credit notes, then the receipts, each in the order given. */
export function tallyVouchers(
  invoices: readonly InvoiceDocument[],
  creditNotes: readonly CreditNoteDocument[],
  receipts: readonly TallyReceipt[],
  ledgers: TallyLedgerNames = tallyLedgers(),
): TallyVoucher[] {
  const sales = invoices.map((invoice): TallyVoucher => ({
    type: 'Sales',
    number: invoice.number,
    date: invoice.date,
    party: invoice.recipient,
    placeOfSupply: invoice.placeOfSupply,
    reference: null,
    narration: `Enquiry #${invoice.enquiry}`,
    entries: [{ ledger: invoice.recipient.name, amount: -invoice.totals.total, party: true }, ...taxEntries(invoice, 1, ledgers)],
  }));
  const notes = creditNotes.map((note): TallyVoucher => ({
    type: 'Credit Note',
    number: note.number,
    date: note.date,
    party: note.recipient,
    placeOfSupply: note.placeOfSupply,
    reference: note.invoice.number,
    narration: `${note.reason} (against invoice ${note.invoice.number})`,
    entries: [{ ledger: note.recipient.name, amount: note.totals.total, party: true }, ...taxEntries(note, -1, ledgers)],
  }));
  const received = receipts.map((receipt): TallyVoucher => ({
    type: 'Receipt',
    number: `${receipt.invoice.number}/${receipt.receivedOn}`,
    date: receipt.receivedOn,
    party: receipt.invoice.recipient,
    placeOfSupply: null,
    reference: receipt.invoice.number,
    narration: [`Against invoice ${receipt.invoice.number}`, receipt.reference].filter(Boolean).join(', '),
    entries: [
      { ledger: ledgers.receivedIn(receipt.method), amount: -receipt.amount, party: false },
      { ledger: receipt.invoice.recipient.name, amount: receipt.amount, party: true },
    ],
  }));
  return [...sales, ...notes, ...received];
}

const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);
const tag = (name: string, value: string): string => `<${name}>${escapeXml(value)}</${name}>`;
/** Paise as Tally's AMOUNT: '-2437.00', '93.30'. */
const tallyAmount = (paise: Paise): string => `${paise < 0 ? '-' : ''}${toDecimalString(Math.abs(paise))}`;

function voucherXml(voucher: TallyVoucher): string {
  const registration = voucher.party.gstin ? 'Regular' : 'Unregistered/Consumer';
  return [
    `<VOUCHER VCHTYPE="${escapeXml(voucher.type)}" ACTION="Create" OBJVIEW="Accounting Voucher View">`,
    tag('DATE', voucher.date.replaceAll('-', '')),
    tag('VOUCHERTYPENAME', voucher.type),
    tag('VOUCHERNUMBER', voucher.number),
    voucher.reference ? tag('REFERENCE', voucher.reference) : '',
    tag('PARTYLEDGERNAME', voucher.party.name),
    tag('PARTYNAME', voucher.party.name),
    tag('GSTREGISTRATIONTYPE', registration),
    voucher.party.gstin ? tag('PARTYGSTIN', voucher.party.gstin) : '',
    voucher.placeOfSupply ? tag('PLACEOFSUPPLY', voucher.placeOfSupply.name) : '',
    voucher.placeOfSupply ? tag('STATENAME', voucher.placeOfSupply.name) : '',
    tag('NARRATION', voucher.narration),
    tag('PERSISTEDVIEW', 'Accounting Voucher View'),
    ...voucher.entries.map((entry) =>
      [
        '<LEDGERENTRIES.LIST>',
        tag('LEDGERNAME', entry.ledger),
        tag('ISDEEMEDPOSITIVE', entry.amount < 0 ? 'Yes' : 'No'),
        tag('ISPARTYLEDGER', entry.party ? 'Yes' : 'No'),
        tag('AMOUNT', tallyAmount(entry.amount)),
        '</LEDGERENTRIES.LIST>',
      ].join(''),
    ),
    '</VOUCHER>',
  ]
    .filter(Boolean)
    .join('\n');
}

/** The Import Data envelope with the month's vouchers, for the company `company` (as its name is in Tally). */
export function tallyXml(company: string, vouchers: readonly TallyVoucher[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<ENVELOPE>',
    '<HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER>',
    '<BODY><IMPORTDATA>',
    `<REQUESTDESC><REPORTNAME>Vouchers</REPORTNAME><STATICVARIABLES>${tag('SVCURRENTCOMPANY', company)}</STATICVARIABLES></REQUESTDESC>`,
    '<REQUESTDATA>',
    ...vouchers.map((voucher) => `<TALLYMESSAGE xmlns:UDF="TallyUDF">\n${voucherXml(voucher)}\n</TALLYMESSAGE>`),
    '</REQUESTDATA>',
    '</IMPORTDATA></BODY>',
    '</ENVELOPE>',
    '',
  ].join('\n');
}
