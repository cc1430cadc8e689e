/**
 * The tax invoice and the credit note as documents every tier lays out (domains/tax/document.ts): the GST fields each
 * must carry, the lines as issued, and for an invoice the ways to pay what is still due. The page, the print view,
 * the e-mail and the PDF draw these and work out nothing.
 */
import { dayText } from '#domains/enquiry/reply-promise.ts';
import { EARLIER_ISSUER } from '#domains/settings/shop.ts';
import { RETURNS_TERM } from '#domains/settings/terms.ts';
import { type QrPicture, upiAmount } from '#domains/settings/upi.ts';
import { type DocumentPayment, shipToParties, taxDocument, type TaxDocumentView, taxedRows } from '#domains/tax/document.ts';
import { dateText } from '#lib/calendar.ts';
import { translator } from '#lib/i18n/translate.ts';
import type { Language } from '#lib/language.ts';
import { formatRupees } from '#lib/money.ts';

import type { CreditNoteDocument, InvoiceDocument, Party, ShipTo, StateOnDocument } from './model.ts';
import { PAYMENT_STATE_WORDS, type PaymentPosition, type PaymentState } from './payments.ts';

/** 'Kerala (32)'. */
export const stateText = (state: StateOnDocument): string => `${state.name} (${state.code})`;

/**
 * The party billed as the 'Bill to' block prints them (Rule 46(f)): the GSTIN holder's legal name and address, the
 * GSTIN and its state when registered; then the delivery as 'Ship to' when it goes elsewhere (Rule 46(o)).
 */
function parties(recipient: Party, shipTo: ShipTo | undefined, placeOfSupply: StateOnDocument) {
  return [billTo(recipient, placeOfSupply), ...shipToParties(recipient, shipTo, stateText(placeOfSupply))];
}

function billTo(recipient: Party, placeOfSupply: StateOnDocument) {
  return {
    heading: 'Bill to',
    lines: [
      recipient.name,
      ...(recipient.address ? [recipient.address] : []),
      recipient.gstin ? `GSTIN ${recipient.gstin}` : 'Unregistered (no GSTIN)',
      ...(recipient.state ? [`State: ${stateText(recipient.state)}`] : []),
      `Place of supply: ${stateText(placeOfSupply)}`,
    ],
  };
}

/** The supplier's own state, labelled as the supplier's so that it is not read as the recipient's or the place of supply. */
const supplierState = (supplier: Party) =>
  supplier.state ? [{ label: "Supplier's state", value: stateText(supplier.state) }] : [];

/**
 * How to pay what is still due: the UPI link (a QR code on paper and wide screens, a button on phones) and the bank
 * account as text. Once nothing is due it says so instead, and a paid invoice the day it was paid (`lastPaidOn`, the
 * last payment's day).
 */
export function paymentBlock(
  invoice: InvoiceDocument,
  position: PaymentPosition,
  upiLink: string | null,
  lastPaidOn: string | null,
): DocumentPayment {
  const { status } = paymentSummary(position);
  if (position.balance === 0) {
    const paidOn = position.state === 'paid' && lastPaidOn ? dayText(lastPaidOn) : null;
    return { status, due: null, paidOn, lines: paidOn ? [`Paid on ${paidOn}.`] : [], upiLink: null };
  }
  const { upi, bank } = invoice.payTo;
  const bankLines = bank
    ? [`Bank transfer to ${bank.accountName}`, `Account ${bank.account} · IFSC ${bank.ifsc}${bank.bank ? ` · ${bank.bank}` : ''}`]
    : [];
  const upiLines = upi && upiLink ? [`UPI: ${upi.id} (${upi.name})`] : [];
  // More than the UPI ID takes in one payment: the bank transfer first, and UPI for what one payment may be.
  const capped = upi && upiLink ? upiAmount(upi, position.balance) : position.balance;
  const ways =
    capped < position.balance
      ? [
          ...bankLines,
          ...upiLines,
          `UPI takes up to ${formatRupees(capped)} a payment: the UPI request is for ${formatRupees(capped)}, the rest ${bank ? 'by bank transfer or ' : ''}by UPI once that payment reaches us.`,
        ]
      : [...upiLines, ...bankLines];
  return {
    status,
    due: `${formatRupees(position.balance)} due by ${dayText(position.dueOn)}`,
    paidOn: null,
    lines: [
      ...ways,
      ...(upi || bank ? [`Please quote ${invoice.number} with your payment.`] : ['Please call us to arrange the payment.']),
    ],
    upiLink: upi ? upiLink : null,
  };
}

/**
 * What GST law asks of every issued document, laid out once for the invoice and the credit note: the reverse-charge
 * answer and the supplier's state after the document's own facts, the recipient billed, the lines as issued, and the
 * certification closing the terms.
 */
function issuedView(
  issued: Pick<
    InvoiceDocument,
    'number' | 'supplier' | 'recipient' | 'shipTo' | 'placeOfSupply' | 'lines' | 'delivery' | 'totals' | 'intraState' | 'issuer'
  >,
  own: { title: string; facts: TaxDocumentView['facts']; note: string | null; terms: string[] },
): TaxDocumentView {
  return taxDocument({
    title: own.title,
    number: issued.number,
    facts: [...own.facts, { label: 'Reverse charge', value: 'No' }, ...supplierState(issued.supplier)],
    parties: parties(issued.recipient, issued.shipTo, issued.placeOfSupply),
    rows: taxedRows(issued.lines, issued.delivery),
    totals: issued.totals,
    intraState: issued.intraState,
    note: own.note,
    terms: [...own.terms, 'Certified that the particulars given above are true and correct.'],
    issuer: issued.issuer ?? EARLIER_ISSUER,
  });
}

/** The tax invoice as a document, with where its payment stands (left out when `payment` is null). */
export function invoiceView(invoice: InvoiceDocument, payment: DocumentPayment | null): TaxDocumentView {
  return {
    ...issuedView(invoice, {
      title: 'Tax invoice',
      facts: [
        { label: 'Date', value: dateText(invoice.date) },
        { label: 'Due by', value: dayText(invoice.dueOn) },
        { label: 'Order', value: `#${invoice.enquiry}` },
        ...(invoice.quoteNumber ? [{ label: 'Quote', value: invoice.quoteNumber }] : []),
      ],
      note: null,
      terms: [
        // A copy downloaded after payment says when it was paid, not when to pay.
        payment?.paidOn
          ? `Paid on ${payment.paidOn}, with thanks.`
          : `Please pay by ${dayText(invoice.dueOn)}, quoting ${invoice.number}; no payment is taken online.`,
        'Tax is not payable on reverse charge.',
        RETURNS_TERM,
      ],
    }),
    payment,
  };
}

export function creditNoteView(note: CreditNoteDocument): TaxDocumentView {
  return issuedView(note, {
    title: 'Credit note',
    facts: [
      { label: 'Date', value: dateText(note.date) },
      { label: 'Against invoice', value: `${note.invoice.number} of ${dateText(note.invoice.date)}` },
    ],
    note: `Reason: ${note.reason}`,
    terms: [
      `This credit note lowers what is due on invoice ${note.invoice.number} (${formatRupees(note.invoice.total)}) by its total.`,
    ],
  });
}

/**
 * The copies of a tax invoice for goods, each marked as Rule 48 of the CGST Rules asks: the original goes to the
 * recipient, the duplicate with the goods, the triplicate stays with the shop.
 */
export const INVOICE_COPIES = {
  original: 'ORIGINAL FOR RECIPIENT',
  duplicate: 'DUPLICATE FOR TRANSPORTER',
  triplicate: 'TRIPLICATE FOR SUPPLIER',
} as const;
export type InvoiceCopy = keyof typeof INVOICE_COPIES;
export const INVOICE_COPY_NAMES = Object.keys(INVOICE_COPIES) as InvoiceCopy[];

/** The filename of a document's PDF: 'Tax-invoice-GL-2026-27-0001.pdf'. */
export const documentFilename = (view: Pick<TaxDocumentView, 'title' | 'number'>): string =>
  `${view.title.replace(/\s+/g, '-')}-${view.number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;

/** The invoice on the customer's status page: the document, where its payment stands, and how to pay. */
export interface CustomerInvoice {
  number: string;
  /** The invoice with its payment block: the page, its print view and the PDF lay out the same. */
  document: TaxDocumentView;
  payment: {
    state: PaymentState;
    /** 'Part paid', 'Unpaid (overdue)'. */
    status: string;
    total: string;
    paid: string;
    /** What is still to pay, '₹0.00' once paid. */
    balance: string;
    dueOn: string;
    overdue: boolean;
    /** What the shop will pay back (paid beyond what credit notes left owing), or null when nothing is. */
    refundDue: string | null;
  };
  /**
   * The UPI request for the balance (or the most one UPI payment may be, `amount`): a button on phones, its QR code on
   * wider screens.
   */
  upi: { link: string; id: string; amount: string; qr: QrPicture } | null;
  creditNotes: Array<{ number: string; date: string; total: string }>;
  /** The refunds paid out to the customer, each as the page says it: 'Refunded ₹46.00 on 5 December 2026'. */
  refunds: string[];
  /** The dispatch in force. */
  dispatch: { transporter: string; docketNumber: string; vehicleNumber: string | null; expectedOn: string } | null;
}

/** Where the payment stands, in the words the status page shows (in its language; the documents' in English). */
export function paymentSummary(position: PaymentPosition, language: Language = 'en'): CustomerInvoice['payment'] {
  const t = translator(language);
  const state = t(PAYMENT_STATE_WORDS[position.state]);
  return {
    state: position.state,
    status: position.overdue ? t('{state} (overdue)', { state }) : state,
    total: formatRupees(position.due),
    paid: formatRupees(position.paid),
    balance: formatRupees(position.balance),
    dueOn: dayText(position.dueOn, language),
    overdue: position.overdue,
    refundDue: position.refundDue > 0 ? formatRupees(position.refundDue) : null,
  };
}
