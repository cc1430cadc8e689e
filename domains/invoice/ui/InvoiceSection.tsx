import { Smartphone } from 'lucide-react';

import { useT } from '#app/lib/language.ts';
import { DocumentActions } from '#app/ui/DocumentActions.tsx';
import { Rich } from '#app/ui/Rich.tsx';
import type { CustomerInvoice } from '#domains/invoice/invoice-view.ts';
import { QrCode } from '#domains/invoice/ui/QrCode.tsx';
import { TaxDocument } from '#domains/tax/ui/TaxDocument.tsx';
import { msg } from '#lib/i18n/translate.ts';

/**
 * The tax invoice on the status page: where its payment stands and what is left to pay, the UPI payment request (a
 * button that opens the UPI app on a phone, its QR code on a wider screen to scan with one), the bank account as
 * text, the PDF and a print view of the invoice alone; credit notes and the dispatch below it.
 */
export function InvoiceSection({ invoice, api }: { invoice: CustomerInvoice; api: string }) {
  const { payment, upi, dispatch } = invoice;
  const t = useT();
  return (
    <section
      aria-labelledby="invoice-heading"
      className="print-alone mt-8 rounded-xl border border-stone-300 p-4 print:border-0 print:p-0"
    >
      <TaxDocument
        view={invoice.document}
        heading={
          <h2 id="invoice-heading" tabIndex={-1} className="text-lg font-bold text-leaf-900">
            {t('Tax invoice {number}', { number: invoice.number })}
          </h2>
        }
        status={
          <>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4 print:hidden">
              <div>
                <dt className="text-sm text-stone-600">{t('Payment')}</dt>
                <dd className={`font-bold ${payment.overdue ? 'text-red-800' : 'text-stone-900'}`}>{payment.status}</dd>
              </div>
              <div>
                <dt className="text-sm text-stone-600">{t('Invoice total')}</dt>
                <dd className="font-semibold whitespace-nowrap">{payment.total}</dd>
              </div>
              <div>
                <dt className="text-sm text-stone-600">{t('Paid')}</dt>
                <dd className="font-semibold whitespace-nowrap">{payment.paid}</dd>
              </div>
              <div>
                <dt className="text-sm text-stone-600">{t('Amount due')}</dt>
                <dd className="font-bold whitespace-nowrap">{payment.balance}</dd>
              </div>
            </dl>
            {payment.refundDue && (
              <p className="mt-2 font-semibold text-leaf-900 print:hidden">
                {t('We will refund {amount} to you: you paid more than the invoice comes to after its credit notes.', {
                  amount: payment.refundDue,
                })}
              </p>
            )}
            {invoice.refunds.map((refund) => (
              <p key={refund} className="mt-2 font-semibold text-leaf-900 print:hidden">
                {refund}
              </p>
            ))}
          </>
        }
        pay={
          upi && (
            <div className="w-full sm:w-auto print:w-auto">
              <a href={upi.link} className="btn-primary min-h-11 w-full sm:hidden print:hidden">
                <Smartphone aria-hidden="true" className="size-4" /> {t('Pay by UPI · {amount}', { amount: upi.amount })}
              </a>
              <figure className="hidden text-center sm:block print:block">
                <QrCode
                  picture={upi.qr}
                  label={t('QR code: pay {amount} to {id} by UPI', { amount: upi.amount, id: upi.id })}
                  className="size-40 print:size-32"
                />
                <figcaption className="mt-1 text-xs text-stone-700">{t('Scan with any UPI app to pay')}</figcaption>
              </figure>
            </div>
          )
        }
      />

      <DocumentActions pdf={`${api}/invoice/pdf`} download={t('Download invoice (PDF)')} print={t('Print invoice')} />

      {dispatch && (
        <div className="mt-6 print:hidden">
          <h3 className="font-bold text-leaf-900">{t('Dispatch')}</h3>
          <p className="mt-1">
            <Rich
              message={
                dispatch.vehicleNumber
                  ? msg('With {transporter}, docket / LR number {docket}, vehicle {vehicle}. Expected by {date}.')
                  : msg('With {transporter}, docket / LR number {docket}. Expected by {date}.')
              }
              values={{
                transporter: dispatch.transporter,
                docket: <strong>{dispatch.docketNumber}</strong>,
                vehicle: dispatch.vehicleNumber,
                date: dispatch.expectedOn,
              }}
            />
          </p>
        </div>
      )}

      {invoice.creditNotes.length > 0 && (
        <div className="mt-6 print:hidden">
          <h3 className="font-bold text-leaf-900">{t('Credit notes')}</h3>
          <ul className="mt-1 space-y-1">
            {invoice.creditNotes.map((note, index) => (
              <li key={note.number} className="flex flex-wrap items-center justify-between gap-2">
                <span>{t('{number} of {date}: {total}', { number: note.number, date: note.date, total: note.total })}</span>
                <a href={`${api}/credit-notes/${index + 1}/pdf`} className="btn-ghost min-h-11" download>
                  PDF<span className="sr-only"> {t('of credit note {number}', { number: note.number })}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
