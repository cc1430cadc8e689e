/**
 * The customer's e-mails after the yes: invoice issued, payment received, credit note, dispatched, delivered,
 * cancelled. Plain text for now; each names the enquiry and ends with the status link when the enquiry has one.
 */
import { business } from '../../../core/business.ts';
import { dateText } from '../../../core/calendar.ts';
import type { DispatchDetails } from '../../../core/dispatch.ts';
import type { CreditNoteDocument, InvoiceDocument } from '../../../core/invoice.ts';
import { formatRupees } from '../../../core/money.ts';
import {
  PAYMENT_METHOD_WORDS,
  PAYMENT_STATE_WORDS,
  type PaymentDetails,
  type PaymentMethod,
  type PaymentPosition,
} from '../../../core/payments.ts';
import { dayText } from '../../../core/reply-promise.ts';
import { terms } from '../../../core/terms.ts';
import type { OutgoingMail } from './outbox.ts';

/** Who the e-mail is for, and their enquiry's status page (null when the staff revoked its link). */
export interface Addressee {
  displayId: number;
  customerName: string;
  customerEmail: string;
  statusUrl: string | null;
}

function letter(to: Addressee, subject: string, body: string[]): OutgoingMail {
  return {
    to: to.customerEmail,
    replyTo: business.email,
    subject,
    text: [
      `Dear ${to.customerName},`,
      '',
      ...body,
      '',
      ...(to.statusUrl ? [`Follow your order: ${to.statusUrl}`, ''] : []),
      `Questions? Call ${business.phone} (${business.hours.text}) or reply to this e-mail.`,
      '',
      business.name,
    ].join('\n'),
  };
}

/** The ways to pay, as text: the UPI link for the amount due, the bank account. */
function howToPay(payTo: PaymentDetails, upiLink: string | null, reference: string): string[] {
  const ways = [
    ...(payTo.upi && upiLink
      ? [`- By UPI to ${payTo.upi.id} (${payTo.upi.name}); on a phone this link opens your UPI app: ${upiLink}`]
      : []),
    ...(payTo.bank
      ? [
          `- By bank transfer to ${payTo.bank.accountName}, account ${payTo.bank.account}, IFSC ${payTo.bank.ifsc}${payTo.bank.bank ? ` (${payTo.bank.bank})` : ''}; please write ${reference} as the remark.`,
        ]
      : []),
  ];
  return ways.length > 0 ? ['How to pay:', ...ways] : ['Please call us to arrange the payment.'];
}

export function invoiceIssuedMail(to: Addressee, invoice: InvoiceDocument, upiLink: string | null): OutgoingMail {
  return letter(to, `Tax invoice ${invoice.number} for your order #${to.displayId}`, [
    `Here is our tax invoice ${invoice.number} of ${dateText(invoice.date)} for your order #${to.displayId}.`,
    '',
    `Total: ${formatRupees(invoice.totals.total)} (${invoice.totalInWords}), GST included.`,
    `Please pay by ${dayText(invoice.dueOn)}.`,
    '',
    ...howToPay(invoice.payTo, upiLink, invoice.number),
    '',
    'No payment is taken on our website: we confirm each payment by e-mail when it reaches us.',
  ]);
}

export function paymentReceivedMail(
  to: Addressee,
  invoiceNumber: string,
  payment: { amount: number; receivedOn: string; method: PaymentMethod; reference: string | null },
  position: PaymentPosition,
): OutgoingMail {
  return letter(to, `Payment received for invoice ${invoiceNumber}`, [
    `Thank you: we received ${formatRupees(payment.amount)} on ${dateText(payment.receivedOn)} by ${PAYMENT_METHOD_WORDS[payment.method]}${payment.reference ? ` (reference ${payment.reference})` : ''} for invoice ${invoiceNumber}.`,
    '',
    `Paid so far: ${formatRupees(position.paid)} of ${formatRupees(position.due)}. ${
      position.balance > 0
        ? `Still to pay: ${formatRupees(position.balance)}.`
        : `Invoice ${invoiceNumber}: ${PAYMENT_STATE_WORDS[position.state]}.`
    }`,
  ]);
}

export function creditNoteMail(to: Addressee, note: CreditNoteDocument): OutgoingMail {
  return letter(to, `Credit note ${note.number} for invoice ${note.invoice.number}`, [
    `We have issued credit note ${note.number} of ${dateText(note.date)} against invoice ${note.invoice.number}: ${formatRupees(note.totals.total)} (${note.totalInWords}), GST included.`,
    `Reason: ${note.reason}`,
    '',
    'It lowers what you owe on the invoice; if you have paid more than that, we will refund the difference.',
  ]);
}

export function dispatchedMail(to: Addressee, dispatch: DispatchDetails): OutgoingMail {
  return letter(to, `Your order #${to.displayId} is on its way`, [
    `Your cartons have left ${business.locality} with ${dispatch.transporter}.`,
    '',
    `Docket / LR number: ${dispatch.docketNumber}`,
    ...(dispatch.vehicleNumber ? [`Vehicle: ${dispatch.vehicleNumber}`] : []),
    ...(dispatch.ewayBillNumber ? [`E-way bill: ${dispatch.ewayBillNumber}`] : []),
    `Expected delivery: ${dayText(dispatch.expectedOn)}`,
  ]);
}

export function deliveredMail(to: Addressee): OutgoingMail {
  return letter(to, `Your order #${to.displayId} was delivered`, [
    `Your order #${to.displayId} was delivered. Thank you for choosing ${business.name}.`,
    '',
    `If a carton arrived damaged or short, reply to this e-mail with a photo and we will put it right. Unopened cartons can be returned within ${terms.returns.days} days of delivery.`,
  ]);
}

export function cancelledMail(to: Addressee, invoiceNumber: string | null): OutgoingMail {
  // Before an invoice it is still an enquiry to the customer; after one, an order.
  const what = invoiceNumber ? 'order' : 'enquiry';
  return letter(to, `Your ${what} #${to.displayId} was cancelled`, [
    `Your ${what} #${to.displayId} was cancelled.`,
    ...(invoiceNumber
      ? ['', `A credit note against invoice ${invoiceNumber} follows, and anything you have paid will be refunded.`]
      : []),
    '',
    'If this is not what you expected, please call us.',
  ]);
}
