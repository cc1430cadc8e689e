import type { FastifyReply } from 'fastify';

import { dayText } from '#domains/enquiry/reply-promise.ts';
import {
  creditNoteView,
  type CustomerInvoice,
  documentFilename,
  INVOICE_COPIES,
  type InvoiceCopy,
  invoiceView,
  paymentBlock,
  paymentSummary,
} from '#domains/invoice/invoice-view.ts';
import type { InvoiceTimelineFacts, OrderInvoice } from '#domains/invoice/model.ts';
import { lastPaidOn } from '#domains/invoice/payments.ts';
import { upiAmount } from '#domains/settings/upi.ts';
import { registrationOf, type TaxDocumentView } from '#domains/tax/document.ts';
import { dateText } from '#lib/calendar.ts';
import { notFound } from '#lib/errors.ts';
import { translator } from '#lib/i18n/translate.ts';
import type { Language } from '#lib/language.ts';
import { formatRupees } from '#lib/money.ts';
import type { MailAttachment } from '#platform/mail/outbox.ts';
import { type DocumentPictures, renderDocumentPdf, sendPdf } from '#platform/pdf/pdf.ts';
import { qrPicture } from '#platform/pdf/qr.ts';

/** The invoice as every renderer lays it out, with where its payment stands today and the UPI link for the balance. */
export const invoiceViewOf = (order: OrderInvoice): TaxDocumentView => ({
  ...invoiceView(
    order.invoice,
    paymentBlock(order.invoice, order.payment, order.upiLink, lastPaidOn(order.payments), order.language),
    order.language,
  ),
  registration: registrationOf(order.eInvoices, order.invoice.number),
});

/** The order's n-th credit note (from 1) as a document. */
export function creditNoteViewOf(order: OrderInvoice, n: number): TaxDocumentView {
  const note = order.creditNotes[n - 1];
  if (!note) throw notFound(`Credit note ${n} not found`);
  return { ...creditNoteView(note, order.language), registration: registrationOf(order.eInvoices, note.number) };
}

/**
 * The invoice as its customer sees it on the status page, in the page's language (the tax document in the enquiry's,
 * as it was e-mailed).
 */
export function customerInvoiceOf(order: OrderInvoice, language: Language = 'en'): CustomerInvoice {
  const t = translator(language);
  const [dispatch] = order.dispatches;
  const upi = order.invoice.payTo.upi;
  return {
    number: order.invoice.number,
    document: invoiceViewOf(order),
    payment: paymentSummary(order.payment, language),
    upi:
      upi && order.upiLink
        ? {
            link: order.upiLink,
            id: upi.id,
            amount: formatRupees(upiAmount(upi, order.payment.balance)),
            qr: qrPicture(order.upiLink),
          }
        : null,
    creditNotes: order.creditNotes.map((note) => ({
      number: note.number,
      date: dateText(note.date, language),
      total: formatRupees(note.totals.total),
    })),
    refunds: order.refunds.map((refund) =>
      t('Refunded {amount} on {date}', { amount: formatRupees(refund.amount), date: dateText(refund.paidOn, language) }),
    ),
    dispatch: dispatch
      ? {
          transporter: dispatch.transporter,
          docketNumber: dispatch.docketNumber,
          vehicleNumber: dispatch.vehicleNumber,
          expectedOn: dayText(dispatch.expectedOn, language),
        }
      : null,
  };
}

/** The timeline's facts after the yes. */
export function timelineFactsOf(order: OrderInvoice | null): InvoiceTimelineFacts {
  if (!order) return { invoice: null, payment: null, dispatch: null };
  const [dispatch] = order.dispatches;
  return {
    invoice: { number: order.invoice.number, date: order.invoice.date },
    payment: {
      state: order.payment.state,
      paid: order.payment.paid,
      due: order.payment.due,
      lastPaidOn: lastPaidOn(order.payments),
    },
    dispatch: dispatch
      ? { transporter: dispatch.transporter, docketNumber: dispatch.docketNumber, recordedAt: dispatch.recordedAt }
      : null,
  };
}

/**
 * An invoice's or a credit note's PDF download, named by its number; an invoice's copies each marked (Rule 48), the
 * customer's the original.
 */
export async function sendTaxDocumentPdf(
  reply: FastifyReply,
  view: TaxDocumentView,
  copies?: readonly InvoiceCopy[],
): Promise<FastifyReply> {
  const { server } = reply;
  const pdf = await renderTaxDocumentPdf(view, await server.documentPictures.of(view), copies);
  return sendPdf(reply, await server.documentSigner.sign(pdf), documentFilename(view));
}

/** An invoice's or a credit note's PDF as an e-mail's attachment: the file its download gives (an invoice's original). */
export async function pdfAttachment(
  view: TaxDocumentView,
  pictures: DocumentPictures,
  sign: (pdf: Buffer) => Promise<Buffer>,
  copies?: readonly InvoiceCopy[],
): Promise<MailAttachment> {
  const pdf = await sign(await renderTaxDocumentPdf(view, pictures, copies));
  return { filename: documentFilename(view), contentType: 'application/pdf', base64: pdf.toString('base64') };
}

/** The PDF of an invoice (its copies each marked, Rule 48) or a credit note, before it is signed. */
const renderTaxDocumentPdf = (view: TaxDocumentView, pictures: DocumentPictures, copies?: readonly InvoiceCopy[]) =>
  renderDocumentPdf(
    view,
    { subject: `${view.title} ${view.number}` },
    pictures,
    copies?.map((copy) => INVOICE_COPIES[copy]),
  );
