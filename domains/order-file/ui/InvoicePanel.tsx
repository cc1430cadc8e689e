import { Banknote, Download, FileCheck, FileMinus, FileX, Undo2 } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';

import { FileDownload } from '#app/admin/FileDownload.tsx';
import { useToast } from '#app/lib/toast.tsx';
import type { EnquiryStatus } from '#domains/enquiry/model.ts';
import { dayText } from '#domains/enquiry/reply-promise.ts';
import { EInvoiceCancelForm } from '#domains/handoff/ui/EInvoiceCancelForm.tsx';
import { IrpAnswerForm } from '#domains/handoff/ui/IrpAnswerForm.tsx';
import { lastPaidOn, PAYMENT_METHOD_WORDS, PAYMENT_STATE_WORDS } from '#domains/invoice/payments.ts';
import { CreditNoteForm } from '#domains/invoice/ui/CreditNoteForm.tsx';
import { creditNotePdfUrl, eInvoiceUrl, ewayBillUrl, invoicePdfUrl, useOrderInvoice } from '#domains/invoice/ui/invoice-api.ts';
import { IssueInvoice } from '#domains/invoice/ui/IssueInvoice.tsx';
import { MoneyForm } from '#domains/invoice/ui/MoneyForm.tsx';
import { dateText } from '#lib/calendar.ts';
import { formatRupees, type Paise } from '#lib/money.ts';

type Step = 'view' | 'payments' | 'refunds' | 'credit' | 'irp' | 'irp-cancel';

const fileName = (number: string) => number.replace(/[^A-Za-z0-9-]+/g, '-');

/** What the staff are told once money is recorded. */
const MONEY_RECORDED: Record<'payments' | 'refunds', { title: string; description: string }> = {
  payments: { title: 'Payment recorded', description: 'The customer is e-mailed a receipt.' },
  refunds: { title: 'Refund recorded', description: 'The customer’s page says it was refunded.' },
};

/**
 * After the yes, in the order details: issue the tax invoice, then where its money stands (Unpaid, Part paid, Paid,
 * overdue after the payment terms), the payments recorded and a form for the next, credit notes, the refund due
 * after them and the refunds paid out, the dispatch in force, and the invoice's PDF. After each action the summary line takes the focus and says what changed.
 */
export function InvoicePanel({ orderId, status }: { orderId: number; status: EnquiryStatus }) {
  const toast = useToast();
  const { data: order, isPending, isError } = useOrderInvoice(orderId);
  const [step, setStep] = useState<Step>('view');
  // After an action the summary takes the focus once it shows the result (after the invoice is read again). Issuing
  // is seen here, as the invoice appearing: the issuing form is gone by the time its own call would answer.
  const focusSummary = useRef(false);
  const wasMissing = useRef(false);
  const summary = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (order === null) wasMissing.current = true;
    if (order && wasMissing.current) {
      wasMissing.current = false;
      focusSummary.current = true;
      toast({
        title: `Invoice ${order.invoice.number} issued`,
        description: order.heldForIrn
          ? 'The customer is e-mailed it once the e-invoice portal’s answer is recorded.'
          : 'The customer is e-mailed it with how to pay.',
      });
    }
    if (focusSummary.current && summary.current) {
      summary.current.focus();
      focusSummary.current = false;
    }
  });
  const done = () => {
    setStep('view');
    focusSummary.current = true;
  };
  /** A step's form did its work: says what was done, and goes back to the invoice. */
  const doneWith = (message: { title: string; description: string }) => {
    toast(message);
    done();
  };

  if (isPending) return <p>Loading the invoice…</p>;
  if (isError) return <p role="alert">The invoice could not be loaded.</p>;
  if (!order) return <IssueInvoice orderId={orderId} />;

  const { invoice, payment, payments, refunds, creditNotes, dispatches, eInvoices } = order;
  const [dispatch] = dispatches;
  // The portal registers invoices to registered buyers only (B2B).
  const registrable = invoice.recipient.gstin !== null;
  const registered = eInvoices.find((record) => record.documentNumber === invoice.number);
  // An IRN in force (the invoice's or a credit note's) may be cancelled on the portal, and recorded here.
  const cancellable = eInvoices.some((record) => !record.cancelled);
  const paidOn = lastPaidOn(payments);
  return (
    <div className="space-y-3">
      <p ref={summary} tabIndex={-1} className="font-semibold">
        Invoice {invoice.number} of {dateText(invoice.date)}: {formatRupees(invoice.totals.total)} ·{' '}
        {PAYMENT_STATE_WORDS[payment.state]}
        {payment.overdue && <span className="text-red-800"> (overdue)</span>}
      </p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
        <div>
          <dt className="text-stone-600">To pay in all</dt>
          <dd className="font-semibold whitespace-nowrap">{formatRupees(payment.due)}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Paid</dt>
          <dd className="font-semibold whitespace-nowrap">{formatRupees(payment.paid)}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Still due</dt>
          <dd className="font-bold whitespace-nowrap">{formatRupees(payment.balance)}</dd>
        </div>
        {payment.state === 'paid' && paidOn ? (
          <div>
            <dt className="text-stone-600">Paid on</dt>
            <dd className="font-semibold">{dayText(paidOn)}</dd>
          </div>
        ) : (
          <div>
            <dt className="text-stone-600">Pay by</dt>
            <dd className="font-semibold">{dayText(payment.dueOn)}</dd>
          </div>
        )}
      </dl>
      {payment.refundDue > 0 && <p className="text-amber-900">Refund due to the customer: {formatRupees(payment.refundDue)}</p>}
      <MoneyList
        label="Payments received"
        entries={payments}
        text={(entry) => (
          <>
            {dateText(entry.receivedOn)}: {PAYMENT_METHOD_WORDS[entry.method]}
            {entry.reference && ` ${entry.reference}`} (by {entry.recordedBy})
          </>
        )}
      />
      <MoneyList
        label="Refunds paid out"
        entries={refunds}
        text={(entry) => (
          <>
            {dateText(entry.paidOn)}: refunded by {PAYMENT_METHOD_WORDS[entry.method]}
            {entry.reference && ` ${entry.reference}`} (by {entry.recordedBy}){entry.note && ` · ${entry.note}`}
          </>
        )}
      />
      {creditNotes.length > 0 && (
        <ul aria-label="Credit notes" className="space-y-1">
          {creditNotes.map((note, index) => (
            <li key={note.number} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                Credit note {note.number}: {formatRupees(note.totals.total)} · {note.reason}
              </span>
              <span className="flex flex-wrap gap-2">
                <a href={creditNotePdfUrl(orderId, index + 1)} className="btn-ghost min-h-11" download>
                  PDF<span className="sr-only"> of credit note {note.number}</span>
                </a>
                {registrable && (
                  <FileDownload
                    url={`${eInvoiceUrl(orderId)}?creditNote=${index + 1}`}
                    filename={`e-invoice-${fileName(note.number)}.json`}
                  >
                    E-invoice JSON<span className="sr-only"> of credit note {note.number}</span>
                  </FileDownload>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {registered ? (
        <p className="break-all">
          E-invoice: IRN {registered.irn}, Ack No {registered.ackNo} of {registered.ackDate}
          {registered.cancelled && (
            <span className="text-red-800">
              ; cancelled on {registered.cancelled.date} ({registered.cancelled.reason})
            </span>
          )}
          .
        </p>
      ) : (
        order.heldForIrn && (
          <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">
            Waiting for the e-invoice: upload the E-invoice JSON on the portal and record its answer. The customer is e-mailed the
            invoice, with its IRN and QR code, once the answer is recorded.
          </p>
        )
      )}
      {dispatch && (
        <p>
          Dispatched with {dispatch.transporter}, docket {dispatch.docketNumber}
          {dispatch.vehicleNumber && `, vehicle ${dispatch.vehicleNumber}`}
          {dispatch.distanceKm !== null && `, ${dispatch.distanceKm} km`}
          {dispatch.ewayBillNumber && `, e-way bill ${dispatch.ewayBillNumber}`}; expected {dayText(dispatch.expectedOn)}.
        </p>
      )}
      {step === 'view' && (
        <div className="flex flex-wrap gap-2 print:hidden">
          <a href={invoicePdfUrl(orderId)} className="btn-outline min-h-11" download>
            <Download aria-hidden="true" className="size-4" /> Invoice PDF
          </a>
          <FileDownload url={ewayBillUrl(orderId)} filename={`eway-bill-${fileName(invoice.number)}.json`}>
            E-way bill JSON
          </FileDownload>
          {registrable && (
            <>
              <FileDownload url={eInvoiceUrl(orderId)} filename={`e-invoice-${fileName(invoice.number)}.json`}>
                E-invoice JSON
              </FileDownload>
              <button type="button" className="btn-outline min-h-11" onClick={() => setStep('irp')}>
                <FileCheck aria-hidden="true" className="size-4" /> IRP answer
              </button>
              {cancellable && (
                <button type="button" className="btn-outline min-h-11" onClick={() => setStep('irp-cancel')}>
                  <FileX aria-hidden="true" className="size-4" /> E-invoice cancelled
                </button>
              )}
            </>
          )}
          {payment.balance > 0 && (
            <button type="button" className="btn-primary min-h-11" onClick={() => setStep('payments')}>
              <Banknote aria-hidden="true" className="size-4" /> Record payment
            </button>
          )}
          {payment.refundDue > 0 && (
            <button type="button" className="btn-primary min-h-11" onClick={() => setStep('refunds')}>
              <Undo2 aria-hidden="true" className="size-4" /> Record refund
            </button>
          )}
          <button type="button" className="btn-outline min-h-11" onClick={() => setStep('credit')}>
            <FileMinus aria-hidden="true" className="size-4" /> Credit note
          </button>
        </div>
      )}
      {(step === 'payments' || step === 'refunds') && (
        <MoneyForm
          key={step}
          kind={step}
          orderId={orderId}
          position={payment}
          onRecorded={() => doneWith(MONEY_RECORDED[step])}
          onCancel={done}
        />
      )}
      {step === 'irp' && (
        <IrpAnswerForm
          orderId={orderId}
          order={order}
          onDone={(number) =>
            doneWith({
              title: `E-invoice answer recorded for ${number}`,
              description: 'Its PDF now carries the IRN and QR code.',
            })
          }
          onCancel={done}
        />
      )}
      {step === 'irp-cancel' && (
        <EInvoiceCancelForm
          orderId={orderId}
          order={order}
          onDone={(number) =>
            doneWith({ title: `E-invoice of ${number} cancelled`, description: 'The cancellation is recorded with its IRN.' })
          }
          onCancel={done}
        />
      )}
      {step === 'credit' && (
        <CreditNoteForm
          orderId={orderId}
          invoice={invoice}
          cancelled={status === 'cancelled'}
          onIssued={(number) => doneWith({ title: `Credit note ${number} issued`, description: 'The customer is e-mailed it.' })}
          onCancel={done}
        />
      )}
    </div>
  );
}

/** The money recorded one way on the invoice (received, or paid back): a line each, what and how much; none, nothing. */
function MoneyList<T extends { id: number; amount: Paise }>({
  label,
  entries,
  text,
}: {
  label: string;
  entries: T[];
  text: (entry: T) => ReactNode;
}) {
  if (entries.length === 0) return null;
  return (
    <ul aria-label={label} className="divide-y divide-stone-200 border-y border-stone-200">
      {entries.map((entry) => (
        <li key={entry.id} className="flex flex-wrap justify-between gap-x-3 py-1">
          <span>{text(entry)}</span>
          <span className="font-semibold whitespace-nowrap">{formatRupees(entry.amount)}</span>
        </li>
      ))}
    </ul>
  );
}
