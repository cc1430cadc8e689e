/**
 * The tax invoice and the credit note as documents every tier lays out (domains/tax/document.ts): the GST fields each
 * must carry, the lines as issued, and for an invoice the ways to pay what is still due. The page, the print view,
 * the e-mail and the PDF draw these and work out nothing.
 */
import { dayText } from '#domains/enquiry/reply-promise.ts';
import { EARLIER_ISSUER } from '#domains/settings/shop.ts';
import { returnsTerm } from '#domains/settings/terms.ts';
import { type QrPicture, upiAmount } from '#domains/settings/upi.ts';
import { type DocumentPayment, shipToParties, taxDocument, type TaxDocumentView, taxedRows } from '#domains/tax/document.ts';
import { dateText } from '#lib/calendar.ts';
import { msg, type Translate, translator } from '#lib/i18n/translate.ts';
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
function parties(recipient: Party, shipTo: ShipTo | undefined, placeOfSupply: StateOnDocument, t: Translate) {
  return [billTo(recipient, placeOfSupply, t), ...shipToParties(recipient, shipTo, stateText(placeOfSupply), t)];
}

function billTo(recipient: Party, placeOfSupply: StateOnDocument, t: Translate) {
  return {
    heading: t('Bill to'),
    lines: [
      recipient.name,
      ...(recipient.address ? [recipient.address] : []),
      recipient.gstin ? `GSTIN ${recipient.gstin}` : t('Unregistered (no GSTIN)'),
      ...(recipient.state ? [t('State: {state}', { state: stateText(recipient.state) })] : []),
      t('Place of supply: {place}', { place: stateText(placeOfSupply) }),
    ],
  };
}

/** The supplier's own state, labelled as the supplier's so that it is not read as the recipient's or the place of supply. */
const supplierState = (supplier: Party, t: Translate) =>
  supplier.state ? [{ label: t("Supplier's state"), value: stateText(supplier.state) }] : [];

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
  language: Language = 'en',
): DocumentPayment {
  const t = translator(language);
  const { status } = paymentSummary(position, language);
  if (position.balance === 0) {
    const paidOn = position.state === 'paid' && lastPaidOn ? dayText(lastPaidOn, language) : null;
    return { status, due: null, paidOn, lines: paidOn ? [t('Paid on {day}.', { day: paidOn })] : [], upiLink: null };
  }
  const { upi, bank } = invoice.payTo;
  const bankLines = bank
    ? [
        t('Bank transfer to {name}', { name: bank.accountName }),
        t('Account {account} · IFSC {ifsc}', { account: bank.account, ifsc: bank.ifsc }) + (bank.bank ? ` · ${bank.bank}` : ''),
      ]
    : [];
  const upiLines = upi && upiLink ? [`UPI: ${upi.id} (${upi.name})`] : [];
  // More than the UPI ID takes in one payment: the bank transfer first, and UPI for what one payment may be.
  const capped = upi && upiLink ? upiAmount(upi, position.balance) : position.balance;
  const ways =
    capped < position.balance
      ? [
          ...bankLines,
          ...upiLines,
          bank
            ? t(
                'UPI takes up to {amount} a payment: the UPI request is for {amount}, the rest by bank transfer or by UPI once that payment reaches us.',
                { amount: formatRupees(capped) },
              )
            : t(
                'UPI takes up to {amount} a payment: the UPI request is for {amount}, the rest by UPI once that payment reaches us.',
                { amount: formatRupees(capped) },
              ),
        ]
      : [...upiLines, ...bankLines];
  return {
    status,
    due: t('{amount} due by {day}', { amount: formatRupees(position.balance), day: dayText(position.dueOn, language) }),
    paidOn: null,
    lines: [
      ...ways,
      ...(upi || bank
        ? [t('Please quote {number} with your payment.', { number: invoice.number })]
        : [t('Please call us to arrange the payment.')]),
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
  language: Language,
  t: Translate,
): TaxDocumentView {
  return taxDocument({
    title: own.title,
    number: issued.number,
    facts: [...own.facts, { label: t('Reverse charge'), value: t('No') }, ...supplierState(issued.supplier, t)],
    parties: parties(issued.recipient, issued.shipTo, issued.placeOfSupply, t),
    rows: taxedRows(issued.lines, issued.delivery, t),
    totals: issued.totals,
    intraState: issued.intraState,
    note: own.note,
    terms: [...own.terms, t('Certified that the particulars given above are true and correct.')],
    issuer: issued.issuer ?? EARLIER_ISSUER,
    language,
    t,
  });
}

/**
 * The tax invoice as a document, with where its payment stands (left out when `payment` is null): in the language of
 * the customer's enquiry, its title in English and in it (a legal heading).
 */
export function invoiceView(
  invoice: InvoiceDocument,
  payment: DocumentPayment | null,
  language: Language = 'en',
): TaxDocumentView {
  const t = translator(language);
  return {
    ...issuedView(
      invoice,
      {
        title: msg('Tax invoice'),
        facts: [
          { label: t('Date'), value: dateText(invoice.date, language) },
          { label: t('Due by'), value: dayText(invoice.dueOn, language) },
          { label: t('Order'), value: `#${invoice.enquiry}` },
          ...(invoice.quoteNumber ? [{ label: t('Quote'), value: invoice.quoteNumber }] : []),
        ],
        note: null,
        terms: [
          // A copy downloaded after payment says when it was paid, not when to pay.
          payment?.paidOn
            ? t('Paid on {day}, with thanks.', { day: payment.paidOn })
            : t('Please pay by {day}, quoting {number}; no payment is taken online.', {
                day: dayText(invoice.dueOn, language),
                number: invoice.number,
              }),
          t('Tax is not payable on reverse charge.'),
          returnsTerm(t),
        ],
      },
      language,
      t,
    ),
    payment,
  };
}

/** A credit note as a document, in the language of the customer's enquiry like its invoice. */
export function creditNoteView(note: CreditNoteDocument, language: Language = 'en'): TaxDocumentView {
  const t = translator(language);
  return issuedView(
    note,
    {
      title: msg('Credit note'),
      facts: [
        { label: t('Date'), value: dateText(note.date, language) },
        {
          label: t('Against invoice'),
          value: t('{number} of {date}', { number: note.invoice.number, date: dateText(note.invoice.date, language) }),
        },
      ],
      note: t('Reason: {reason}', { reason: note.reason }),
      terms: [
        t('This credit note lowers what is due on invoice {number} ({total}) by its total.', {
          number: note.invoice.number,
          total: formatRupees(note.invoice.total),
        }),
      ],
    },
    language,
    t,
  );
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

/** The filename of a document's PDF: 'Tax-invoice-GL-2026-27-0001.pdf' (by the title's English, in either language). */
export const documentFilename = (view: Pick<TaxDocumentView, 'title' | 'number'>): string =>
  `${(view.title.split(' / ')[0] as string).replace(/\s+/g, '-')}-${view.number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;

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
