/**
 * The view model of a document that leaves the shop with GST on it: a quotation today, a tax invoice or a credit
 * note later. It holds every figure and every text as the document shows them, worked out once here; the page, the
 * print view, the e-mail (HTML and plain text) and the PDF only lay it out.
 *
 * Build one with `taxDocument()` from lines whose tax is already worked out (domains/tax/gst.ts `quoteTax`), the parties and
 * the document's own facts (number, dates) and terms.
 */
import { type Translate, translator } from '#lib/i18n/translate.ts';
import { unitsIn } from '#lib/i18n/units.ts';
import type { Language } from '#lib/language.ts';
import { formatCartons, formatRupees, type Paise } from '#lib/money.ts';

import { amountInWords, type GstRate, type LineTax } from './gst.ts';

/** The documents' English, which is every document's unless its customer wrote in another language. */
const english = translator('en');

/** An amount with the text every renderer prints for it ('₹2,437.00'). */
export interface Amount {
  paise: Paise;
  text: string;
}

export const amountOf = (paise: Paise): Amount => ({ paise, text: formatRupees(paise) });

/** One row of the line table: a product line, or a charge such as delivery (no quantity, no rate). */
export interface DocumentRow {
  description: string;
  /** The chosen options and the pack: 'Size: 8 inch · 25 pieces a carton'; null for a charge. */
  detail: string | null;
  /** HSN code ('' when none was given: the review calls that out). */
  hsn: string;
  /** Cartons; null for a charge. */
  quantity: number | null;
  /** '500 cartons', or '' for a charge. */
  quantityText: string;
  /** Price of one carton before tax; null for a charge. */
  rate: Amount | null;
  taxable: Amount;
  gstRate: GstRate;
  /** Each tax head's own rate, in the document's `taxHeads` order: ['2.5%', '2.5%'] or ['5%']. */
  taxRates: string[];
  /** One per tax head, in the document's `taxHeads` order. */
  taxes: Amount[];
  /** Taxable value and its tax. */
  amount: Amount;
}

/** A line of the totals block; round-off's text carries its sign ('−₹0.40'). */
interface DocumentSum {
  label: string;
  amount: Amount;
  text: string;
  strong: boolean;
}

interface DocumentParty {
  /** 'Quotation for', 'Bill to', 'Ship to'. */
  heading: string;
  lines: string[];
}

/**
 * The delivery as its own block (Rule 46(o)): the name and address the goods go to, with the state of delivery
 * (`place`, 'Kerala (32)'); only when it is not the party billed, whose block already says it.
 */
export function shipToParties(
  billed: { name: string; address: string | null },
  shipTo: { name: string; address: string | null } | undefined,
  place: string,
  t: Translate = english,
): DocumentParty[] {
  if (!shipTo || (shipTo.name === billed.name && shipTo.address === billed.address)) return [];
  return [
    {
      heading: t('Ship to'),
      lines: [shipTo.name, ...(shipTo.address ? [shipTo.address] : []), t('State: {state}', { state: place })],
    },
  ];
}

/** Where an invoice's payment stands and how to pay what is due, printed under its totals. */
export interface DocumentPayment {
  /** 'Unpaid', 'Part paid', 'Paid', with '(overdue)' after the payment terms. */
  status: string;
  /** '₹1,200.00 due by Thursday 10 December 2026'; null when nothing is due. */
  due: string | null;
  /** 'Friday 4 December 2026': the day the last payment arrived, once the invoice is paid; else null. */
  paidOn: string | null;
  /** The ways to pay as text: the UPI ID, the bank account, the reference to quote. */
  lines: string[];
  /** The `upi://pay` link for what is due, drawn as a QR code on paper; null when the shop takes no UPI. */
  upiLink: string | null;
}

export interface TaxDocumentView {
  /** 'Quotation', 'Tax invoice', 'Credit note'. */
  title: string;
  number: string;
  /** The document's facts beside its number: date, validity, the enquiry it answers. */
  facts: Array<{ label: string; value: string }>;
  supplier: { name: string; address: string; contact: string; gstin: string; logo: string | null };
  /** SPECIMEN_MARK on a document issued while the shop was the demo, else null. */
  specimen: string | null;
  parties: DocumentParty[];
  /** ['CGST', 'SGST'] within the shop's state, ['IGST'] to another. */
  taxHeads: string[];
  rows: DocumentRow[];
  sums: DocumentSum[];
  total: Amount;
  amountInWords: string;
  note: string | null;
  terms: string[];
  signatory: { for: string; name: string | null; title: string; signature: string | null };
  /** The customer's language when it is not English: its renderers write their own labels in it. */
  language?: Language;
  /** An invoice's payment: where it stands and how to pay; absent on quotes and credit notes. */
  payment?: DocumentPayment | null;
  /** The invoice registration portal's IRN, acknowledgement and signed QR code, once recorded (e-invoicing). */
  registration?: DocumentRegistration | null;
}

/** A line whose tax is worked out, with what the document says about it. */
export interface TaxedRow extends LineTax {
  description: string;
  detail: string | null;
  hsn: string;
  /** Cartons, and a carton's price before tax; null for a charge. */
  quantity: number | null;
  price: Paise | null;
}

/**
 * One line of cartons with its tax: what a quote prices and stores, and what an invoice or a credit note carries from
 * it. Stored whole inside each issued document, so a later change to this shape needs a migration of those documents.
 */
export interface TaxedLine {
  productName: string;
  /** 'Size: 10 inch', or ''. */
  options: string;
  hsnCode: string;
  gstRate: GstRate;
  /** Cartons. */
  quantity: number;
  unitsPerCarton: number;
  unitType: string;
  /** A carton, before tax. */
  price: Paise;
  taxable: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
}

/** The table rows of a document's lines, then its delivery charge when there is one. */
export function taxedRows(lines: readonly TaxedLine[], delivery: LineTax | null, t: Translate = english): TaxedRow[] {
  const rows: TaxedRow[] = lines.map((line) => ({
    description: line.productName,
    detail: [line.options, t('{units} a carton', { units: unitsIn(t, line.unitsPerCarton, line.unitType) })]
      .filter(Boolean)
      .join(' · '),
    hsn: line.hsnCode,
    quantity: line.quantity,
    price: line.price,
    taxable: line.taxable,
    rate: line.gstRate,
    cgst: line.cgst,
    sgst: line.sgst,
    igst: line.igst,
  }));
  if (delivery) rows.push({ ...delivery, description: t('Delivery'), detail: null, hsn: '', quantity: null, price: null });
  return rows;
}

/** The tax totals of a document (domains/tax/gst.ts TaxTotals without its working). */
export interface DocumentTotals {
  taxable: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  /** To the nearest rupee: positive adds, negative takes away. */
  roundOff: Paise;
  total: Paise;
}

/**
 * The rate of each tax head on a line at `rate` per cent GST: half as CGST and half as SGST within the state, the
 * whole as IGST to another ('2.5%', '2.5%' or '5%'). Rule 46 asks for the rate of each head, not the combined one.
 */
export const headRates = (rate: GstRate, intraState: boolean): string[] =>
  intraState ? [`${rate / 2}%`, `${rate / 2}%`] : [`${rate}%`];

/** A round-off as documents print it: "+₹0.08", "−₹0.40". */
export const signedRupees = (paise: Paise): string => `${paise < 0 ? '−' : '+'}${formatRupees(Math.abs(paise))}`;

/** The rows of the line table, each with its tax per head and its amount. */
function documentRows(rows: readonly TaxedRow[], intraState: boolean): DocumentRow[] {
  return rows.map((row) => ({
    description: row.description,
    detail: row.detail,
    hsn: row.hsn,
    quantity: row.quantity,
    quantityText: row.quantity === null ? '' : formatCartons(row.quantity),
    rate: row.price === null ? null : amountOf(row.price),
    taxable: amountOf(row.taxable),
    gstRate: row.rate,
    taxRates: headRates(row.rate, intraState),
    taxes: intraState ? [amountOf(row.cgst), amountOf(row.sgst)] : [amountOf(row.igst)],
    amount: amountOf(row.taxable + row.cgst + row.sgst + row.igst),
  }));
}

/**
 * Taxable value, each tax head at each of its rates ('CGST 2.5%', 'CGST 9%'), round-off (when there is one) and the
 * total. Each head's sums are its rows' tax at that rate; together they are the document's total of that head.
 */
function documentSums(rows: readonly TaxedRow[], totals: DocumentTotals, intraState: boolean, t: Translate): DocumentSum[] {
  const sum = (label: string, paise: Paise, strong = false): DocumentSum => ({
    label,
    amount: amountOf(Math.abs(paise)),
    text: formatRupees(Math.abs(paise)),
    strong,
  });
  const rates = [...new Set(rows.map((row) => row.rate))].sort((a, b) => a - b);
  const heads: Array<[string, (row: TaxedRow) => Paise]> = intraState
    ? [
        ['CGST', (row) => row.cgst],
        ['SGST', (row) => row.sgst],
      ]
    : [['IGST', (row) => row.igst]];
  const taxes = heads.flatMap(([head, tax], headIndex) =>
    rates.map((rate) =>
      sum(
        `${head} ${headRates(rate, intraState)[headIndex] as string}`,
        rows.filter((row) => row.rate === rate).reduce((total, row) => total + tax(row), 0),
      ),
    ),
  );
  return [
    sum(t('Taxable value'), totals.taxable),
    ...taxes,
    ...(totals.roundOff === 0 ? [] : [{ ...sum(t('Round off'), totals.roundOff), text: signedRupees(totals.roundOff) }]),
    sum(t('Total'), totals.total, true),
  ];
}

/**
 * The shop as a document was issued by it: kept with the document, so that a later change of name, address, GSTIN,
 * logo or signature leaves it as it was sent.
 */
export interface Issuer {
  /** The legal name. */
  name: string;
  address: string;
  /** '+91 98470 12345'. */
  phone: string;
  email: string;
  gstin: string;
  /** Printed under the signature line ('' on documents issued before it was a setting). */
  signatoryName: string;
  /** Content hashes of the image pipeline's files (lib/images.ts), or null. */
  logo: string | null;
  signature: string | null;
  /** Issued while the shop still had the demo details: marked SPECIMEN_MARK. */
  specimen: boolean;
}

/** The shop as a document's supplier block prints it. */
export const supplierBlock = (issuer: Issuer): TaxDocumentView['supplier'] => ({
  name: issuer.name,
  address: issuer.address,
  contact: `Phone ${issuer.phone} · ${issuer.email}`,
  gstin: issuer.gstin,
  logo: issuer.logo,
});

/** What a document issued before the shop's own details were saved says across its top. */
export const SPECIMEN_MARK = 'Specimen, not a tax invoice';

/** A whole document from its worked-out rows and totals. */
export function taxDocument(document: {
  title: string;
  number: string;
  facts: TaxDocumentView['facts'];
  parties: DocumentParty[];
  rows: readonly TaxedRow[];
  totals: DocumentTotals;
  intraState: boolean;
  note: string | null;
  terms: string[];
  issuer: Issuer;
  /** The customer's language: the labels are written in it, the title in English and in it (a legal heading). */
  language?: Language;
  t?: Translate;
}): TaxDocumentView {
  const { rows, totals, intraState, issuer, language = 'en', t = english, ...rest } = document;
  return {
    ...rest,
    title: language === 'en' ? rest.title : `${rest.title} / ${t(rest.title)}`,
    ...(language === 'en' ? {} : { language }),
    supplier: supplierBlock(issuer),
    specimen: issuer.specimen ? SPECIMEN_MARK : null,
    taxHeads: intraState ? ['CGST', 'SGST'] : ['IGST'],
    rows: documentRows(rows, intraState),
    sums: documentSums(rows, totals, intraState, t),
    total: amountOf(totals.total),
    amountInWords: amountInWords(totals.total),
    signatory: {
      for: t('For {name}', { name: issuer.name }),
      name: issuer.signatoryName || null,
      title: t('Authorised signatory'),
      signature: issuer.signature,
    },
  };
}

/** A document's registration as the staff see it: the portal's answer, and its cancellation when recorded. */
export interface EInvoiceRecord {
  /** The invoice's or the credit note's number. */
  documentNumber: string;
  irn: string;
  ackNo: string;
  ackDate: string;
  signedQrCode: string;
  recordedBy: string;
  recordedAt: string;
  cancelled: { date: string; reason: string; remark: string; recordedBy: string } | null;
}

/** What a registered document prints: the IRN, the acknowledgement and the signed QR code (Rule 48(4)). */
export interface DocumentRegistration {
  irn: string;
  ackNo: string;
  /** 'YYYY-MM-DD HH:mm:ss', as the portal gave it. */
  ackDate: string;
  /** The portal's signed QR code, drawn as a QR code. */
  signedQrCode: string;
}

/** The registration in force of a document, by its number: none before the answer, none once cancelled. */
export function registrationOf(records: readonly EInvoiceRecord[], documentNumber: string): DocumentRegistration | null {
  const record = records.find((entry) => entry.documentNumber === documentNumber && !entry.cancelled);
  return record ? { irn: record.irn, ackNo: record.ackNo, ackDate: record.ackDate, signedQrCode: record.signedQrCode } : null;
}
