import { FileCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

import { useOrderQuotes } from '#app/admin/admin-api.ts';
import { usePanelRefusal } from '#app/admin/panel-form.tsx';
import type { QuotePreview } from '#domains/quote/model.ts';
import type { QuoteBodyInput } from '#domains/quote/schema.ts';
import { formOf, QuoteForm } from '#domains/quote/ui/QuoteForm.tsx';
import type { TaxDocumentView } from '#domains/tax/document.ts';

import { useIssueInvoice } from './invoice-api.ts';

type Step =
  | { kind: 'start' }
  | { kind: 'lines'; values?: QuoteBodyInput }
  | { kind: 'confirm'; figures: TaxDocumentView; source: string; confirmed?: QuoteBodyInput };

/**
 * Issuing the tax invoice: from the accepted quote after a confirmation that repeats its figures, or, without one,
 * after the staff confirm the lines (price, HSN code and rate each, in the quote's own form) and see the figures. An
 * invoice is never changed afterwards, so the confirmation says so. Once it is issued the panel shows it (and says so).
 */
export function IssueInvoice({ orderId }: { orderId: number }) {
  const { data } = useOrderQuotes(orderId);
  const issue = useIssueInvoice();
  const [step, setStep] = useState<Step>({ kind: 'start' });
  const confirmHeading = useRef<HTMLParagraphElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  const refusal = usePanelRefusal('The invoice could not be issued. Please try again.');
  useEffect(() => {
    if (step.kind === 'confirm') confirmHeading.current?.focus();
  }, [step.kind]);
  if (!data) return <p>Loading the quotes…</p>;
  const accepted = data.quotes.find((quote) => quote.status === 'accepted');

  const start = () => {
    refusal.clear();
    setStep(
      accepted
        ? { kind: 'confirm', figures: accepted.document, source: `from accepted quote ${accepted.number}` }
        : { kind: 'lines' },
    );
  };
  const back = () => {
    setStep({ kind: 'start' });
    requestAnimationFrame(() => startButton.current?.focus());
  };
  const send = () => {
    if (step.kind !== 'confirm' || issue.isPending) return;
    const lines = step.confirmed;
    // As typed: the server reads the amounts with the quote's own schema.
    const body = lines
      ? {
          confirmed: {
            lines: lines.lines,
            delivery: lines.delivery,
            placeOfSupply: lines.placeOfSupply,
            customerGstin: lines.customerGstin,
            billingName: lines.billingName,
            billingAddress: lines.billingAddress,
          },
        }
      : {};
    issue.mutate(
      { id: orderId, body },
      {
        onError: refusal.refuse,
      },
    );
  };

  return (
    <div className="space-y-3 print:hidden">
      {refusal.alert}
      {step.kind === 'start' && (
        <>
          <p>
            No invoice yet.{' '}
            {accepted
              ? `It follows the accepted quote ${accepted.number} (${accepted.document.total.text}).`
              : 'There is no accepted quote: you confirm the lines and their prices first.'}
          </p>
          <button ref={startButton} type="button" className="btn-primary min-h-11" onClick={start}>
            <FileCheck aria-hidden="true" className="size-4" /> Issue invoice
          </button>
        </>
      )}
      {step.kind === 'lines' && (
        <QuoteForm
          orderId={orderId}
          draft={data.draft}
          values={step.values ?? formOf(data.draft)}
          submitLabel="Check the figures"
          onReview={(preview: QuotePreview, values) =>
            setStep({
              kind: 'confirm',
              figures: preview.quote.document,
              source: 'from the lines you confirmed',
              confirmed: values,
            })
          }
          onCancel={back}
        />
      )}
      {step.kind === 'confirm' && (
        <div className="rounded-lg border border-leaf-200 bg-leaf-50 p-3">
          <p ref={confirmHeading} tabIndex={-1} className="font-semibold text-leaf-900">
            Issue the tax invoice {step.source}?
          </p>
          <dl className="mt-2 max-w-sm space-y-1">
            {step.figures.sums.map((sum) => (
              <div key={sum.label} className={`flex justify-between gap-4 ${sum.strong ? 'font-bold' : ''}`}>
                <dt>{sum.label}</dt>
                <dd className="whitespace-nowrap">{sum.text}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-1 text-sm">{step.figures.amountInWords}</p>
          <p className="mt-2 text-sm text-stone-800">
            It takes the next invoice number and is e-mailed to the customer with how to pay. An invoice is never changed
            afterwards: a correction is a credit note.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className="btn-primary min-h-11" aria-disabled={issue.isPending} onClick={send}>
              {issue.isPending ? 'Issuing...' : `Yes, issue invoice for ${step.figures.total.text}`}
            </button>
            <button
              type="button"
              className="btn-ghost min-h-11"
              onClick={() => (step.confirmed ? setStep({ kind: 'lines', values: step.confirmed }) : back())}
            >
              {step.confirmed ? 'Back to the lines' : 'Cancel'}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
