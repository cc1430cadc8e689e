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
import type { Translate } from '#lib/i18n/translate.ts';
import type { Language } from '#lib/language.ts';
import { formatRupees, type Paise } from '#lib/money.ts';
import { serverTranslator } from '#platform/i18n/translator.ts';
import { type MailPay, type MailTable, renderMail } from '#platform/mail/layout.tsx';
import type { MailAttachment, OutgoingMail } from '#platform/mail/outbox.ts';

/** Who the e-mail is for, and their enquiry's status page (null when the staff revoked its link). */
export interface Addressee {
  displayId: number;
  customerName: string;
  customerEmail: string;
  statusUrl: string | null;
  /** The language the enquiry was sent in: its e-mails are written in it (English when left out). */
  language?: Language;
}

/** The addressee's language and its messages. */
export function wordsOf(to: Addressee): { language: Language; t: Translate } {
  const language = to.language ?? 'en';
  return { language, t: serverTranslator(language) };
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

/**
 * A letter's content for the shop's layout: the greeting, the status page's button and the sign-off are the same in
 * each (the reminders' e-mail of an invoice builds on them too).
 */
export function letterContent(shop: PublicShop, to: Addressee, content: Letter) {
  const { language, t } = wordsOf(to);
  return {
    shop,
    to: to.customerEmail,
    subject: content.subject,
    greeting: t('Dear {name},', { name: to.customerName }),
    intro: content.intro,
    ...(content.table && { table: content.table }),
    ...(content.facts && { facts: content.facts }),
    ...(to.statusUrl && { button: { label: content.button ?? t('Follow your order'), href: to.statusUrl } }),
    ...(content.outro && { outro: content.outro }),
    ...(language === 'en' ? {} : { language }),
  };
}

function letter(shop: PublicShop, to: Addressee, content: Letter): OutgoingMail {
  return renderMail(letterContent(shop, to, content));
}

/** The bank transfer, as text; the UPI request is the letter's own button and QR code. */
function bankTransfer(payTo: PaymentDetails, reference: string, t: Translate): string | null {
  const { bank } = payTo;
  if (!bank) return null;
  const values = { name: bank.accountName, account: bank.account, ifsc: bank.ifsc, bank: bank.bank ?? '', reference };
  return bank.bank
    ? t('By bank transfer to {name}, account {account}, IFSC {ifsc} ({bank}); please write {reference} as the remark.', values)
    : t('By bank transfer to {name}, account {account}, IFSC {ifsc}; please write {reference} as the remark.', values);
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
export function payingOf(
  invoice: InvoiceDocument,
  amount: Paise,
  upi: UpiRequest | null,
  t: Translate = serverTranslator('en'),
): Paying {
  const { payTo } = invoice;
  const byUpi = payTo.upi && upi ? payTo.upi : null;
  const bank = bankTransfer(payTo, invoice.number, t);
  const upiAsks = byUpi ? upiAmount(byUpi, amount) : amount;
  const bankLeads = byUpi !== null && upiAsks < amount;
  const outro = bank && !bankLeads ? [bank] : bank || byUpi ? [] : [t('Please call us to arrange the payment.')];
  if (!byUpi || !upi) return { outro, pay: undefined, attachments: [] };
  const values = { id: byUpi.id, name: byUpi.name, amount: formatRupees(upiAsks) };
  return {
    outro,
    pay: {
      text: bankLeads
        ? [
            ...(bank ? [bank] : []),
            bank
              ? t(
                  'By UPI to {id} ({name}), up to {amount} a payment: the button and the QR code ask for {amount}; the rest by bank transfer, or by UPI once that payment reaches us.',
                  values,
                )
              : t(
                  'By UPI to {id} ({name}), up to {amount} a payment: the button and the QR code ask for {amount}; the rest by UPI once that payment reaches us.',
                  values,
                ),
          ].join('\n')
        : t(
            'By UPI to {id} ({name}): on a phone the button opens your UPI app; on a computer, scan the QR code with any UPI app.',
            values,
          ),
      button: { label: t('Pay {amount} by UPI', values), href: upi.link },
      qr: { cid: UPI_QR_CID, alt: t('QR code to pay {amount} by UPI to {id}', values) },
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
  const { language, t } = wordsOf(to);
  const paying = payingOf(invoice, total, upi, t);
  const values = { number: invoice.number, order: to.displayId, date: dateText(invoice.date, language) };
  const mail = renderMail({
    ...letterContent(shop, to, {
      subject: t('Tax invoice {number} for your order #{order}', values),
      intro: [
        t('Here is our tax invoice {number} of {date} for your order #{order}.', values),
        t('Total: {total} ({words}), GST included.', { total: formatRupees(total), words: invoice.totalInWords }) +
          '\n' +
          t('Please pay by {day}.', { day: dayText(invoice.dueOn, language) }),
      ],
      table: documentTable(invoiceView(invoice, null, language)),
      button: t('See, download or print your invoice'),
      outro: [
        ...paying.outro,
        ...(to.statusUrl ? [t('On your order’s page: the invoice as a PDF and each payment as it reaches us.')] : []),
        t('The invoice is attached as a PDF ({file}).', { file: pdf.filename }),
        t('No payment is taken on our website: we confirm each payment by e-mail when it reaches us.'),
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
  const { language, t } = wordsOf(to);
  const received = {
    amount: formatRupees(payment.amount),
    date: dateText(payment.receivedOn, language),
    method: t(PAYMENT_METHOD_WORDS[payment.method]),
    reference: payment.reference ?? '',
    number: invoiceNumber,
  };
  return letter(shop, to, {
    subject: t('Payment received for invoice {number}', { number: invoiceNumber }),
    intro: [
      payment.reference
        ? t('Thank you: we received {amount} on {date} by {method} (reference {reference}) for invoice {number}.', received)
        : t('Thank you: we received {amount} on {date} by {method} for invoice {number}.', received),
      `${t('Paid so far: {paid} of {due}.', { paid: formatRupees(position.paid), due: formatRupees(position.due) })} ${
        position.balance > 0
          ? t('Still to pay: {amount}.', { amount: formatRupees(position.balance) })
          : t('Invoice {number}: {state}.', { number: invoiceNumber, state: t(PAYMENT_STATE_WORDS[position.state]) })
      }`,
    ],
    ...(position.balance > 0 && { button: t('See what is left to pay') }),
  });
}

export function creditNoteMail(shop: PublicShop, to: Addressee, note: CreditNoteDocument, pdf: MailAttachment): OutgoingMail {
  const { language, t } = wordsOf(to);
  const mail = letter(shop, to, {
    subject: t('Credit note {number} for invoice {invoice}', { number: note.number, invoice: note.invoice.number }),
    intro: [
      t('We have issued credit note {number} of {date} against invoice {invoice}: {total} ({words}), GST included.', {
        number: note.number,
        date: dateText(note.date, language),
        invoice: note.invoice.number,
        total: formatRupees(note.totals.total),
        words: note.totalInWords,
      }),
      t('Reason: {reason}', { reason: note.reason }),
    ],
    table: documentTable(creditNoteView(note, language)),
    outro: [
      t('It lowers what you owe on the invoice; if you have paid more than that, we will refund the difference.'),
      t('The credit note is attached as a PDF ({file}).', { file: pdf.filename }),
    ],
  });
  return { ...mail, attachments: [pdf] };
}

export function dispatchedMail(shop: PublicShop, to: Addressee, dispatch: DispatchDetails): OutgoingMail {
  const { language, t } = wordsOf(to);
  const transporter = dispatch.transporter;
  return letter(shop, to, {
    subject: t('Your order #{number} is on its way', { number: to.displayId }),
    intro: [t('Your cartons have left {place} with {transporter}.', { place: shop.address.locality, transporter })],
    facts: [
      { label: t('Transporter'), value: transporter },
      { label: t('Docket / LR number'), value: dispatch.docketNumber },
      ...(dispatch.vehicleNumber ? [{ label: t('Vehicle'), value: dispatch.vehicleNumber }] : []),
      ...(dispatch.ewayBillNumber ? [{ label: t('E-way bill'), value: dispatch.ewayBillNumber }] : []),
      { label: t('Expected delivery'), value: dayText(dispatch.expectedOn, language) },
    ],
    outro: [t('Quote the docket number to {transporter} to ask where the cartons are.', { transporter })],
  });
}

export function deliveredMail(shop: PublicShop, to: Addressee): OutgoingMail {
  const notice = deliveredNotice(to.displayId, shop.name, wordsOf(to).t);
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
  const { t } = wordsOf(to);
  const notice = cancelledNotice(to.displayId, invoiceNumber, creditNotes, t);
  const mail = letter(shop, to, {
    subject: notice.subject,
    intro: notice.lines,
    ...(pdf && { outro: [t('The credit note is attached as a PDF ({file}).', { file: pdf.filename })] }),
    button: invoiceNumber ? t('Your order') : t('Your enquiry'),
  });
  return pdf ? { ...mail, attachments: [pdf] } : mail;
}
