/**
 * The GST tax invoice and the credit note as documents: what GST law asks each one to carry, stored
 * whole when it is issued and never changed. A credit note takes back part or all of one invoice, line by line.
 * Amounts are integer paise.
 */
import type { PaymentDetails } from '#domains/settings/payment-details.ts';
import { EARLIER_ISSUER } from '#domains/settings/shop.ts';
import type { DocumentTotals, EInvoiceRecord, Issuer, TaxedLine } from '#domains/tax/document.ts';
import {
  amountInWords,
  GST_STATES,
  type GstStateCode,
  isGstStateCode,
  type LineTax,
  lineTax,
  taxTotals,
} from '#domains/tax/gst.ts';
import type { Language } from '#lib/language.ts';
import type { Paise } from '#lib/money.ts';

import type { DispatchDetails } from './dispatch.ts';
import type { PaymentMethod, PaymentPosition, PaymentState } from './payments.ts';

/** A state as a document prints it: 'Kerala (32)'. */
export interface StateOnDocument {
  code: GstStateCode;
  name: string;
}

export const stateOnDocument = (code: GstStateCode): StateOnDocument => ({ code, name: GST_STATES[code] });

/** The supplier or the recipient. */
export interface Party {
  name: string;
  address: string;
  /** Null for a recipient who is not registered for GST. */
  gstin: string | null;
  /** The state of registration (from the GSTIN); null for an unregistered recipient. */
  state: StateOnDocument | null;
}

/**
 * Who is billed, as a quote or the staff's confirmed lines name them (Bill to): the GSTIN holder's legal name and
 * address when they are not the customer's name and the delivery address (null: those).
 */
export interface BillingParty {
  name: string | null;
  address: string | null;
}

/** Where the goods go (Ship to): the customer who enquired and the delivery address. */
export interface ShipTo {
  name: string;
  address: string;
}

/** A document's tax totals: one shape for quotes, invoices and credit notes. */
export type { DocumentTotals } from '#domains/tax/document.ts';

/** What an invoice is made from: the accepted quote, or the lines the staff confirmed without one. */
export interface InvoiceBasis {
  /** 'Q-1042-2', or null when the staff confirmed the lines without a quote. */
  quoteNumber: string | null;
  lines: TaxedLine[];
  /** The delivery charge with its tax (at the principal supply's rate), when there is one. */
  delivery: LineTax | null;
  totals: DocumentTotals;
  placeOfSupply: GstStateCode;
  customerGstin: string | null;
  billing: BillingParty;
}

/**
 * An invoice's basis from lines priced the way a quote prices them (domains/quote/model.ts priceQuote): the accepted quote's
 * own figures, or the lines the staff confirmed.
 */
export function invoiceBasis(
  quoteNumber: string | null,
  priced: { lines: readonly TaxedLine[]; totals: DocumentTotals & { delivery: LineTax | null } },
  placeOfSupply: GstStateCode,
  customerGstin: string | null,
  billing: BillingParty = { name: null, address: null },
): InvoiceBasis {
  const { taxable, cgst, sgst, igst, roundOff, total, delivery } = priced.totals;
  return {
    quoteNumber,
    lines: priced.lines.map((line) => ({
      productName: line.productName,
      options: line.options,
      hsnCode: line.hsnCode,
      gstRate: line.gstRate,
      quantity: line.quantity,
      unitsPerCarton: line.unitsPerCarton,
      unitType: line.unitType,
      price: line.price,
      taxable: line.taxable,
      cgst: line.cgst,
      sgst: line.sgst,
      igst: line.igst,
    })),
    delivery,
    totals: { taxable, cgst, sgst, igst, roundOff, total },
    placeOfSupply,
    customerGstin,
    billing,
  };
}

/** The issued tax invoice, whole. */
export interface InvoiceDocument {
  /** 'GL/2026-27/0001'. */
  number: string;
  /** The day of issue, 'YYYY-MM-DD' (IST). */
  date: string;
  /** The enquiry number (#1042). */
  enquiry: number;
  quoteNumber: string | null;
  supplier: Party;
  /** Bill to: the GSTIN holder's legal name and address, or the customer and the delivery address. */
  recipient: Party;
  /** Ship to: the delivery (absent on invoices issued before it was kept apart: the recipient's address). */
  shipTo?: ShipTo;
  placeOfSupply: StateOnDocument;
  intraState: boolean;
  /** Tax payable on reverse charge: never for this shop's goods, printed as 'No'. */
  reverseCharge: false;
  lines: TaxedLine[];
  delivery: LineTax | null;
  totals: DocumentTotals;
  totalInWords: string;
  /** The last day of the payment terms. */
  dueOn: string;
  /** The ways to pay as they stood at issue (an issued document never changes). */
  payTo: PaymentDetails;
  /** 'For Green Leaf Eco Tableware Private Limited': above the authorised signatory's line. */
  signatory: string;
  /** The shop as it issued the invoice (absent on invoices issued before the shop's details were settings). */
  issuer?: Issuer;
}

/** A credited line: which invoice line, and how much of it is taken back. */
export interface CreditedLine extends TaxedLine {
  /** The line's number on the invoice, from 1. */
  line: number;
}

export interface CreditNoteDocument {
  /** 'CN/2026-27/0001'. */
  number: string;
  date: string;
  reason: string;
  /** The invoice it refers to. */
  invoice: { number: string; date: string; total: Paise };
  supplier: Party;
  recipient: Party;
  /** The invoice's Ship to, carried over (absent when the invoice has none). */
  shipTo?: ShipTo;
  placeOfSupply: StateOnDocument;
  intraState: boolean;
  lines: CreditedLine[];
  delivery: LineTax | null;
  totals: DocumentTotals;
  totalInWords: string;
  signatory: string;
  /** The invoice's issuer, carried over (absent when the invoice has none). */
  issuer?: Issuer;
}

/** The shop as the supplier of a document it issues. */
export function supplierOf(issuer: Issuer): Party {
  const code = issuer.gstin.slice(0, 2);
  return {
    name: issuer.name,
    address: issuer.address,
    gstin: issuer.gstin,
    state: isGstStateCode(code) ? stateOnDocument(code) : null,
  };
}

/**
 * The party billed as the invoice names them (Rule 46(f)): the legal name and address the quote gave, else the
 * enquiry's name and delivery address; the GSTIN from the quote, its state from the GSTIN.
 */
export function recipientOf(billing: BillingParty, shipTo: ShipTo, gstin: string | null): Party {
  const code = gstin?.slice(0, 2) ?? '';
  return {
    name: billing.name ?? shipTo.name,
    address: billing.address ?? shipTo.address,
    gstin,
    state: gstin && isGstStateCode(code) ? stateOnDocument(code) : null,
  };
}

/** Where an invoice's goods go: its Ship to, or on an invoice issued before that was kept apart, the recipient's address. */
export const deliveryAddressOf = (invoice: Pick<InvoiceDocument, 'recipient' | 'shipTo'>): string =>
  invoice.shipTo?.address ?? invoice.recipient.address;

export function invoiceDocument(parts: {
  number: string;
  date: string;
  enquiry: number;
  basis: InvoiceBasis;
  /** The enquiry's customer and delivery address: Ship to, and Bill to where the basis names no other party. */
  shipTo: ShipTo;
  dueOn: string;
  payTo: PaymentDetails;
  /** The shop issuing it now (the server passes the settings in force; tests may leave the demo shop). */
  issuer?: Issuer;
}): InvoiceDocument {
  const { basis, issuer = EARLIER_ISSUER } = parts;
  const supplier = supplierOf(issuer);
  return {
    number: parts.number,
    date: parts.date,
    enquiry: parts.enquiry,
    quoteNumber: basis.quoteNumber,
    supplier,
    recipient: recipientOf(basis.billing, parts.shipTo, basis.customerGstin),
    shipTo: parts.shipTo,
    placeOfSupply: stateOnDocument(basis.placeOfSupply),
    intraState: basis.placeOfSupply === supplier.state?.code,
    reverseCharge: false,
    lines: basis.lines,
    delivery: basis.delivery,
    totals: basis.totals,
    totalInWords: amountInWords(basis.totals.total),
    dueOn: parts.dueOn,
    payTo: parts.payTo,
    signatory: `For ${issuer.name}`,
    issuer,
  };
}

/**
 * What the staff ask a credit note to take back: cartons of some lines (by their number on the invoice, from 1) and
 * the delivery charge, or everything not yet credited.
 */
export type CreditRequest = { everything: true } | { lines: Array<{ line: number; quantity: number }>; delivery: boolean };

export type CreditResult =
  | { ok: true; lines: CreditedLine[]; delivery: LineTax | null; totals: DocumentTotals }
  | { ok: false; message: string; field?: string };

/** A credit note before it is issued: what it takes back, as the server works it out for the staff to confirm. */
export type CreditNotePreview = Omit<Extract<CreditResult, { ok: true }>, 'ok'>;

/** A line's tax as domains/tax/gst.ts works with it. */
export const lineTaxOf = ({ taxable, gstRate, cgst, sgst, igst }: TaxedLine): LineTax => ({
  taxable,
  rate: gstRate,
  cgst,
  sgst,
  igst,
});
const minus = (a: LineTax, b: LineTax): LineTax => ({
  taxable: a.taxable - b.taxable,
  rate: a.rate,
  cgst: a.cgst - b.cgst,
  sgst: a.sgst - b.sgst,
  igst: a.igst - b.igst,
});

/**
 * What a new credit note takes back, given the invoice and the credit notes before it. A line's cartons are credited
 * at the invoiced price, the tax worked out as on the invoice; the last cartons of a line take exactly the tax that
 * is left, so crediting everything always returns the invoice's own figures to the paisa. The total is rounded to
 * the rupee like an invoice's.
 */
export function creditFor(
  invoice: Pick<InvoiceDocument, 'lines' | 'delivery' | 'intraState'>,
  earlier: ReadonlyArray<Pick<CreditNoteDocument, 'lines' | 'delivery'>>,
  request: CreditRequest,
): CreditResult {
  const left = invoice.lines.map((line, index) => {
    const credited = earlier.flatMap((note) => note.lines.filter((taken) => taken.line === index + 1));
    const quantity = line.quantity - credited.reduce((sum, taken) => sum + taken.quantity, 0);
    const tax = credited.reduce((rest, taken) => minus(rest, lineTaxOf(taken)), lineTaxOf(line));
    return { quantity, tax };
  });
  const deliveryLeft = invoice.delivery && !earlier.some((note) => note.delivery !== null) ? invoice.delivery : null;

  const asked =
    'everything' in request
      ? {
          lines: left.map((rest, index) => ({ line: index + 1, quantity: rest.quantity })).filter((l) => l.quantity > 0),
          delivery: true,
        }
      : request;
  const seen = new Set<number>();
  const lines: CreditedLine[] = [];
  for (const { line, quantity } of asked.lines) {
    const invoiced = invoice.lines[line - 1];
    const rest = left[line - 1];
    if (!invoiced || !rest) return { ok: false, message: `The invoice has no line ${line}`, field: 'lines' };
    if (seen.has(line)) return { ok: false, message: `Line ${line} is named twice`, field: 'lines' };
    seen.add(line);
    if (!Number.isInteger(quantity) || quantity < 1) {
      return { ok: false, message: `Line ${line}: credit at least one carton`, field: 'lines' };
    }
    if (quantity > rest.quantity) {
      return {
        ok: false,
        message: `Line ${line} (${invoiced.productName}) has ${rest.quantity} carton(s) left to credit, not ${quantity}`,
        field: 'lines',
      };
    }
    const tax =
      quantity === rest.quantity
        ? rest.tax
        : lineTax({ taxable: invoiced.price * quantity, rate: invoiced.gstRate }, invoice.intraState);
    lines.push({ ...invoiced, line, quantity, taxable: tax.taxable, cgst: tax.cgst, sgst: tax.sgst, igst: tax.igst });
  }
  if (asked.delivery && !deliveryLeft && !('everything' in request)) {
    return { ok: false, message: 'The delivery charge is not on this invoice or is already credited', field: 'delivery' };
  }
  const delivery = asked.delivery ? deliveryLeft : null;
  if (lines.length === 0 && !delivery) return { ok: false, message: 'Everything on this invoice is already credited' };
  const totals = taxTotals([...lines.map(lineTaxOf), ...(delivery ? [delivery] : [])]);
  const { taxable, cgst, sgst, igst, roundOff, total } = totals;
  return { ok: true, lines, delivery, totals: { taxable, cgst, sgst, igst, roundOff, total } };
}

export function creditNoteDocument(parts: {
  number: string;
  date: string;
  reason: string;
  invoice: InvoiceDocument;
  credit: Extract<CreditResult, { ok: true }>;
}): CreditNoteDocument {
  const { invoice, credit } = parts;
  return {
    number: parts.number,
    date: parts.date,
    reason: parts.reason,
    invoice: { number: invoice.number, date: invoice.date, total: invoice.totals.total },
    supplier: invoice.supplier,
    recipient: invoice.recipient,
    ...(invoice.shipTo ? { shipTo: invoice.shipTo } : {}),
    placeOfSupply: invoice.placeOfSupply,
    intraState: invoice.intraState,
    lines: credit.lines,
    delivery: credit.delivery,
    totals: credit.totals,
    totalInWords: amountInWords(credit.totals.total),
    signatory: invoice.signatory,
    ...(invoice.issuer ? { issuer: invoice.issuer } : {}),
  };
}

/** A payment as recorded. */
export interface Payment {
  id: number;
  amount: Paise;
  /** The day it arrived, 'YYYY-MM-DD'. */
  receivedOn: string;
  method: PaymentMethod;
  reference: string | null;
  recordedBy: string;
  recordedAt: string;
}

/** A refund paid out to the customer (paid beyond what credit notes left owing), as recorded. */
export interface Refund {
  id: number;
  amount: Paise;
  /** The day it was paid out, 'YYYY-MM-DD'. */
  paidOn: string;
  method: PaymentMethod;
  reference: string | null;
  note: string | null;
  recordedBy: string;
  recordedAt: string;
}

/** A dispatch as recorded: the details, the consignment's value, who and when. */
export interface Dispatch extends DispatchDetails {
  id: number;
  consignmentValue: Paise;
  recordedBy: string;
  recordedAt: string;
}

/** An order's documents and money after the yes, as the staff see it. */
export interface OrderInvoice {
  invoice: InvoiceDocument;
  issuedAt: string;
  issuedBy: string;
  creditNotes: CreditNoteDocument[];
  payments: Payment[];
  refunds: Refund[];
  payment: PaymentPosition;
  /** The customer's UPI payment link for the balance, when the shop takes UPI and something is due. */
  upiLink: string | null;
  /** Newest first; the first is the one in force. */
  dispatches: Dispatch[];
  /** The invoice registration portal's answers to the invoice and its credit notes (e-invoicing). */
  eInvoices: EInvoiceRecord[];
  /** Issued to a registered buyer while e-invoicing was on: the customer is sent it once its answer is recorded. */
  heldForIrn: boolean;
  /** The language the enquiry was sent in: its invoice and credit notes are written in it. */
  language: Language;
}

/** What an order's timeline (domains/order-file/timeline.ts) reads of its invoice, its payments and its dispatch. */
export interface InvoiceTimelineFacts {
  invoice: { number: string; date: string } | null;
  payment: { state: PaymentState; paid: Paise; due: Paise; lastPaidOn: string | null } | null;
  dispatch: { transporter: string; docketNumber: string; recordedAt: string } | null;
}
