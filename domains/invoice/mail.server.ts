/**
 * The customer's e-mails after the yes: invoice issued, payment received, credit note, dispatched, delivered,
 * cancelled, on the one HTML layout (./layout.tsx) with its plain-text alternative; the invoice and the credit note as
 * the same document rows every other tier shows. Each names the order and has the status page's button when the
 * enquiry has a link.
 */
import { dayText } from '#domains/enquiry/reply-promise.ts';
import { cancelledNotice, deliveredNotice } from '#domains/invoice/customer-notices.ts';
import type { DispatchDetails } from '#domains/invoice/dispatch.ts';
import { creditNoteView, invoiceView } from '#domains/invoice/invoice-view.ts';
import type { CreditNoteDocument, InvoiceDocument } from '#domains/invoice/model.ts';
import {
  PAYMENT_METHOD_WORDS,
  PAYMENT_STATE_WORDS,
  type PaymentMethod,
  type PaymentPosition,
} from '#domains/invoice/payments.ts';
import type { PaymentDetails } from '#domains/settings/payment-details.ts';
import type { PublicShop } from '#domains/settings/shop.ts';
import { upiAmount } from '#domains/settings/upi.ts';
import { documentTable } from '#domains/tax/mail.server.ts';
import { dateText } from '#lib/calendar.ts';
import { formatRupees, type Paise } from '#lib/money.ts';
import { type MailPay, type MailTable, renderMail } from '#platform/mail/layout.tsx';
import type { MailAttachment, OutgoingMail } from '#platform/mail/outbox.ts';

/** Who the e-mail is for, and their enquiry's status page (null when the staff revoked its link). */
export interface Addressee {
  displayId: number;
  customerName: string;
  customerEmail: string;
  statusUrl: string | null;
}

/** What a letter after the yes says; the greeting, the status page's button and the sign-off are the same in each. */
interface Letter {
  subject: string;
  intro: string[];
  table?: MailTable;
  facts?: Array<{ label: string; value: string }>;
  outro?: string[];
  /** The status page's button: what the customer finds there. */
  button?: string;
}

/** A letter's content for the layout: the greeting, the status page's button and the sign-off are the same in each. */
/** The letter's parts on the shop's layout (the reminders' e-mail of an invoice builds on them too). */
export function letterContent(shop: PublicShop, to: Addressee, content: Letter) {
  return {
    shop,
    to: to.customerEmail,
    subject: content.subject,
    greeting: `Dear ${to.customerName},`,
    intro: content.intro,
    ...(content.table && { table: content.table }),
    ...(content.facts && { facts: content.facts }),
    ...(to.statusUrl && { button: { label: content.button ?? 'Follow your order', href: to.statusUrl } }),
    ...(content.outro && { outro: content.outro }),
  };
}

function letter(shop: PublicShop, to: Addressee, content: Letter): OutgoingMail {
  return renderMail(letterContent(shop, to, content));
}

/** The bank transfer, as text; the UPI request is the letter's own button and QR code. */
function bankTransfer(payTo: PaymentDetails, reference: string): string | null {
  const { bank } = payTo;
  if (!bank) return null;
  return `By bank transfer to ${bank.accountName}, account ${bank.account}, IFSC ${bank.ifsc}${bank.bank ? ` (${bank.bank})` : ''}; please write ${reference} as the remark.`;
}

/** The UPI request for the amount due: its `upi://pay` link and that link as a QR code's PNG. */
export interface UpiRequest {
  link: string;
  qrPng: Buffer;
}

const UPI_QR_CID = 'upi-qr';

/** How to pay `amount` on an invoice: the bank transfer's words for the letter and the UPI request as its pay block. */
interface Paying {
  /** The bank transfer (or a call) after the button when UPI does not lead; nothing when the pay block says it. */
  outro: string[];
  pay: MailPay | undefined;
  /** The UPI request's QR code, a picture of the letter. */
  attachments: MailAttachment[];
}

/**
 * The ways to pay `amount` on `invoice`: the UPI request (button and QR code) within the payee's limit, and the bank
 * transfer with the invoice's number as the remark. Above the limit the bank transfer leads and the UPI request asks
 * for what one payment may be.
 */
export function payingOf(invoice: InvoiceDocument, amount: Paise, upi: UpiRequest | null): Paying {
  const { payTo } = invoice;
  const byUpi = payTo.upi && upi ? payTo.upi : null;
  const bank = bankTransfer(payTo, invoice.number);
  const upiAsks = byUpi ? upiAmount(byUpi, amount) : amount;
  const bankLeads = byUpi !== null && upiAsks < amount;
  const outro = bank && !bankLeads ? [bank] : bank || byUpi ? [] : ['Please call us to arrange the payment.'];
  if (!byUpi || !upi) return { outro, pay: undefined, attachments: [] };
  return {
    outro,
    pay: {
      text: bankLeads
        ? [
            ...(bank ? [bank] : []),
            `By UPI to ${byUpi.id} (${byUpi.name}), up to ${formatRupees(upiAsks)} a payment: the button and the QR code ask for ${formatRupees(upiAsks)}; the rest ${bank ? 'by bank transfer, or ' : ''}by UPI once that payment reaches us.`,
          ].join('\n')
        : `By UPI to ${byUpi.id} (${byUpi.name}): on a phone the button opens your UPI app; on a computer, scan the QR code with any UPI app.`,
      button: { label: `Pay ${formatRupees(upiAsks)} by UPI`, href: upi.link },
      qr: { cid: UPI_QR_CID, alt: `QR code to pay ${formatRupees(upiAsks)} by UPI to ${byUpi.id}` },
    },
    attachments: [{ filename: 'upi-qr.png', contentType: 'image/png', base64: upi.qrPng.toString('base64'), cid: UPI_QR_CID }],
  };
}

export function invoiceIssuedMail(
  shop: PublicShop,
  to: Addressee,
  invoice: InvoiceDocument,
  upi: UpiRequest | null,
  pdf: MailAttachment,
): OutgoingMail {
  const total = invoice.totals.total;
  const paying = payingOf(invoice, total, upi);
  const mail = renderMail({
    ...letterContent(shop, to, {
      subject: `Tax invoice ${invoice.number} for your order #${to.displayId}`,
      intro: [
        `Here is our tax invoice ${invoice.number} of ${dateText(invoice.date)} for your order #${to.displayId}.`,
        `Total: ${formatRupees(total)} (${invoice.totalInWords}), GST included.\nPlease pay by ${dayText(invoice.dueOn)}.`,
      ],
      table: documentTable(invoiceView(invoice, null)),
      button: 'See, download or print your invoice',
      outro: [
        ...paying.outro,
        ...(to.statusUrl ? ['On your order’s page: the invoice as a PDF and each payment as it reaches us.'] : []),
        `The invoice is attached as a PDF (${pdf.filename}).`,
        'No payment is taken on our website: we confirm each payment by e-mail when it reaches us.',
      ],
    }),
    ...(paying.pay && { pay: paying.pay }),
  });
  return { ...mail, attachments: [pdf, ...paying.attachments] };
}

export function paymentReceivedMail(
  shop: PublicShop,
  to: Addressee,
  invoiceNumber: string,
  payment: { amount: number; receivedOn: string; method: PaymentMethod; reference: string | null },
  position: PaymentPosition,
): OutgoingMail {
  return letter(shop, to, {
    subject: `Payment received for invoice ${invoiceNumber}`,
    intro: [
      `Thank you: we received ${formatRupees(payment.amount)} on ${dateText(payment.receivedOn)} by ${PAYMENT_METHOD_WORDS[payment.method]}${payment.reference ? ` (reference ${payment.reference})` : ''} for invoice ${invoiceNumber}.`,
      `Paid so far: ${formatRupees(position.paid)} of ${formatRupees(position.due)}. ${
        position.balance > 0
          ? `Still to pay: ${formatRupees(position.balance)}.`
          : `Invoice ${invoiceNumber}: ${PAYMENT_STATE_WORDS[position.state]}.`
      }`,
    ],
    ...(position.balance > 0 && { button: 'See what is left to pay' }),
  });
}

export function creditNoteMail(shop: PublicShop, to: Addressee, note: CreditNoteDocument, pdf: MailAttachment): OutgoingMail {
  const mail = letter(shop, to, {
    subject: `Credit note ${note.number} for invoice ${note.invoice.number}`,
    intro: [
      `We have issued credit note ${note.number} of ${dateText(note.date)} against invoice ${note.invoice.number}: ${formatRupees(note.totals.total)} (${note.totalInWords}), GST included.`,
      `Reason: ${note.reason}`,
    ],
    table: documentTable(creditNoteView(note)),
    outro: [
      'It lowers what you owe on the invoice; if you have paid more than that, we will refund the difference.',
      `The credit note is attached as a PDF (${pdf.filename}).`,
    ],
  });
  return { ...mail, attachments: [pdf] };
}

export function dispatchedMail(shop: PublicShop, to: Addressee, dispatch: DispatchDetails): OutgoingMail {
  return letter(shop, to, {
    subject: `Your order #${to.displayId} is on its way`,
    intro: [`Your cartons have left ${shop.address.locality} with ${dispatch.transporter}.`],
    facts: [
      { label: 'Transporter', value: dispatch.transporter },
      { label: 'Docket / LR number', value: dispatch.docketNumber },
      ...(dispatch.vehicleNumber ? [{ label: 'Vehicle', value: dispatch.vehicleNumber }] : []),
      ...(dispatch.ewayBillNumber ? [{ label: 'E-way bill', value: dispatch.ewayBillNumber }] : []),
      { label: 'Expected delivery', value: dayText(dispatch.expectedOn) },
    ],
    outro: [`Quote the docket number to ${dispatch.transporter} to ask where the cartons are.`],
  });
}

export function deliveredMail(shop: PublicShop, to: Addressee): OutgoingMail {
  const notice = deliveredNotice(to.displayId, shop.name);
  return letter(shop, to, { subject: notice.subject, intro: notice.lines });
}

export function cancelledMail(
  shop: PublicShop,
  to: Addressee,
  invoiceNumber: string | null,
  creditNotes: ReadonlyArray<{ number: string; total: Paise }>,
  /** The credit note issued with the cancellation, as a PDF. */
  pdf: MailAttachment | null = null,
): OutgoingMail {
  const notice = cancelledNotice(to.displayId, invoiceNumber, creditNotes);
  const mail = letter(shop, to, {
    subject: notice.subject,
    intro: notice.lines,
    ...(pdf && { outro: [`The credit note is attached as a PDF (${pdf.filename}).`] }),
    button: invoiceNumber ? 'Your order' : 'Your enquiry',
  });
  return pdf ? { ...mail, attachments: [pdf] } : mail;
}
