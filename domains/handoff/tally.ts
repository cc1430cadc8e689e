/**
 * A month's books as the XML TallyPrime's Import Data takes (Gateway of Tally > Import > Transactions): one Sales
 * voucher an invoice, one Credit Note voucher a credit note, one Receipt voucher a payment, every one balancing to the
 * paisa. Ledgers are named by `tallyLedgers()`; the figures are the stored documents', never taxed again. The format
 * and the choices: docs/decisions/502-hand-offs-e-way-bill-tally-and-e-invoice.md.
 */
import type { CreditNoteDocument, InvoiceDocument, Party, StateOnDocument } from '#domains/invoice/model.ts';
import type { PaymentMethod } from '#domains/invoice/payments.ts';
import { TALLY_RATE, type TallySettings } from '#domains/settings/schema.ts';
import type { TaxedLine } from '#domains/tax/document.ts';
import type { GstRate, LineTax } from '#domains/tax/gst.ts';
import { type Paise, toDecimalString } from '#lib/money.ts';

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

/**
 * The Tally section's first values: the names and the accounting vouchers the export wrote before the accountant
 * could set them, so a shop's file is the same until they are saved.
 */
export const TALLY_DEFAULTS: TallySettings = {
  sales: `Sales @ ${TALLY_RATE}%`,
  delivery: 'Delivery Charges',
  cgst: 'Output CGST',
  sgst: 'Output SGST',
  igst: 'Output IGST',
  roundOff: 'Round Off',
  cash: 'Cash',
  bank: 'Bank',
  unit: 'Carton',
  detail: 'none',
};

/** The ledger names: the one place that gives them, from the shop's Tally settings. */
export function tallyLedgers(settings: TallySettings = TALLY_DEFAULTS): TallyLedgerNames {
  return {
    sales: (rate) => settings.sales.replace(TALLY_RATE, String(rate)),
    delivery: settings.delivery,
    cgst: settings.cgst,
    sgst: settings.sgst,
    igst: settings.igst,
    roundOff: settings.roundOff,
    receivedIn: (method) => (method === 'cash' ? settings.cash : settings.bank),
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

/** One ledger line: a debit is negative, a credit positive, as Tally's AMOUNT has it; a sales line may name its HSN. */
export interface TallyEntry {
  ledger: string;
  amount: Paise;
  party: boolean;
  hsn?: string;
}

/** One inventory entry of an item invoice: a line as a stock item, its amount allocated to the sales ledger of its rate. */
export interface TallyItem {
  stockItem: string;
  hsn: string;
  quantity: number;
  unit: string;
  /** A carton's price, before tax. */
  rate: Paise;
  /** Signed as a ledger line: a sale's credit positive, a credit note's debit negative. */
  amount: Paise;
  ledger: string;
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
  /** The inventory entries of an item invoice (the 'inventory' detail); none otherwise. */
  items: TallyItem[];
}

/** A line's stock item: its product, and its options when it has them ('Areca Plate (Size: 10 inch)'). */
const stockItemOf = (line: TaxedLine): string => (line.options ? `${line.productName} (${line.options})` : line.productName);

/**
 * The taxable value, tax and round-off of a document as credits (a sale) or debits (a credit note: `sign` −1): the
 * lines' value on a sales ledger line a rate ('none'), a rate and HSN ('ledger'), or as inventory entries allocated to
 * the sales ledgers ('inventory'); then delivery, the tax heads and the round-off as ledger lines.
 */
function taxEntries(
  document: { lines: readonly TaxedLine[]; delivery: LineTax | null; totals: InvoiceDocument['totals'] },
  sign: 1 | -1,
  settings: TallySettings,
): Pick<TallyVoucher, 'entries' | 'items'> {
  const ledgers = tallyLedgers(settings);
  const entries: TallyEntry[] = [];
  const items: TallyItem[] = [];
  if (settings.detail === 'inventory') {
    for (const line of document.lines) {
      items.push({
        stockItem: stockItemOf(line),
        hsn: line.hsnCode,
        quantity: line.quantity,
        unit: settings.unit,
        rate: line.price,
        amount: sign * line.taxable,
        ledger: ledgers.sales(line.gstRate),
      });
    }
  } else {
    // One sales line a rate, or a rate and HSN, in the order the lines first have them.
    const groups = new Map<string, TallyEntry>();
    for (const line of document.lines) {
      const byHsn = settings.detail === 'ledger';
      const key = byHsn ? `${line.gstRate}/${line.hsnCode}` : String(line.gstRate);
      const group = groups.get(key) ?? {
        ledger: ledgers.sales(line.gstRate),
        amount: 0,
        party: false,
        ...(byHsn ? { hsn: line.hsnCode } : {}),
      };
      group.amount += sign * line.taxable;
      groups.set(key, group);
    }
    entries.push(...groups.values());
  }
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
  return { entries, items };
}

/** The party's line first, then the document's. */
const withParty = (party: TallyEntry, { entries, items }: Pick<TallyVoucher, 'entries' | 'items'>) => ({
  entries: [party, ...entries],
  items,
});

/** The month's vouchers: the invoices, then the credit notes, then the receipts, each in the order given. */
export function tallyVouchers(
  invoices: readonly InvoiceDocument[],
  creditNotes: readonly CreditNoteDocument[],
  receipts: readonly TallyReceipt[],
  settings: TallySettings = TALLY_DEFAULTS,
): TallyVoucher[] {
  const ledgers = tallyLedgers(settings);
  const sales = invoices.map((invoice): TallyVoucher => ({
    type: 'Sales',
    number: invoice.number,
    date: invoice.date,
    party: invoice.recipient,
    placeOfSupply: invoice.placeOfSupply,
    reference: null,
    narration: `Enquiry #${invoice.enquiry}`,
    ...withParty(
      { ledger: invoice.recipient.name, amount: -invoice.totals.total, party: true },
      taxEntries(invoice, 1, settings),
    ),
  }));
  const notes = creditNotes.map((note): TallyVoucher => ({
    type: 'Credit Note',
    number: note.number,
    date: note.date,
    party: note.recipient,
    placeOfSupply: note.placeOfSupply,
    reference: note.invoice.number,
    narration: `${note.reason} (against invoice ${note.invoice.number})`,
    ...withParty({ ledger: note.recipient.name, amount: note.totals.total, party: true }, taxEntries(note, -1, settings)),
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
    items: [],
  }));
  return [...sales, ...notes, ...received];
}

const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);
const tag = (name: string, value: string): string => `<${name}>${escapeXml(value)}</${name}>`;
/** Paise as Tally's AMOUNT: '-2437.00', '93.30'. */
const tallyAmount = (paise: Paise): string => `${paise < 0 ? '-' : ''}${toDecimalString(Math.abs(paise))}`;

const deemedPositive = (amount: Paise): string => tag('ISDEEMEDPOSITIVE', amount < 0 ? 'Yes' : 'No');

function entryXml(entry: TallyEntry): string {
  return [
    '<LEDGERENTRIES.LIST>',
    tag('LEDGERNAME', entry.ledger),
    entry.hsn ? tag('GSTHSNNAME', entry.hsn) : '',
    deemedPositive(entry.amount),
    tag('ISPARTYLEDGER', entry.party ? 'Yes' : 'No'),
    tag('AMOUNT', tallyAmount(entry.amount)),
    '</LEDGERENTRIES.LIST>',
  ].join('');
}

/** An inventory entry: the stock item, its HSN, rate and quantity in the unit, and its allocation to the sales ledger. */
function itemXml(item: TallyItem): string {
  const quantity = `${item.quantity} ${item.unit}`;
  return [
    '<ALLINVENTORYENTRIES.LIST>',
    tag('STOCKITEMNAME', item.stockItem),
    tag('GSTHSNNAME', item.hsn),
    deemedPositive(item.amount),
    tag('RATE', `${toDecimalString(item.rate)}/${item.unit}`),
    tag('AMOUNT', tallyAmount(item.amount)),
    tag('ACTUALQTY', quantity),
    tag('BILLEDQTY', quantity),
    '<ACCOUNTINGALLOCATIONS.LIST>',
    tag('LEDGERNAME', item.ledger),
    deemedPositive(item.amount),
    tag('AMOUNT', tallyAmount(item.amount)),
    '</ACCOUNTINGALLOCATIONS.LIST>',
    '</ALLINVENTORYENTRIES.LIST>',
  ].join('');
}

function voucherXml(voucher: TallyVoucher): string {
  const registration = voucher.party.gstin ? 'Regular' : 'Unregistered/Consumer';
  // An item invoice is Tally's Invoice Voucher View; everything else an accounting voucher.
  const invoice = voucher.items.length > 0;
  const view = invoice ? 'Invoice Voucher View' : 'Accounting Voucher View';
  return [
    `<VOUCHER VCHTYPE="${escapeXml(voucher.type)}" ACTION="Create" OBJVIEW="${view}">`,
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
    invoice ? tag('ISINVOICE', 'Yes') : '',
    tag('PERSISTEDVIEW', view),
    ...voucher.entries.map(entryXml),
    ...voucher.items.map(itemXml),
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
