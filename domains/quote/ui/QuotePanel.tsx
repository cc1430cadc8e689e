import { Download, FileText } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';

import { useOrderQuotes } from '#app/admin/admin-api.ts';
import { dayText } from '#domains/enquiry/reply-promise.ts';
import { QUOTE_STATE_LABELS, type QuotePreview } from '#domains/quote/model.ts';
import type { QuoteBodyInput } from '#domains/quote/schema.ts';

import { formOf, QuoteForm } from './QuoteForm.tsx';
import { QuoteReview } from './QuoteReview.tsx';

type Step =
  { kind: 'list' } | { kind: 'form'; values: QuoteBodyInput } | { kind: 'review'; values: QuoteBodyInput; preview: QuotePreview };

/**
 * The quote each enquiry's form holds, kept while its details are closed (Back on a phone, Escape, Close) and given
 * back when they open again; gone once the quote is sent or its form cancelled. Memory only: a reload starts afresh.
 */
const typed = new Map<number, QuoteBodyInput>();

/**
 * The enquiry's quotes in the order details: every version sent, and the next one prepared in two steps: the form
 * (starting from the last version sent), then the review of exactly what the customer will get, then sending.
 * `invoiced`: the enquiry has its tax invoice (the order's page, above both, knows). Once invoiced, what was agreed
 * is on the invoice: a change is a credit note, and the server refuses a new quote.
 */
export function QuotePanel({ orderId, invoiced }: { orderId: number; invoiced: boolean }) {
  const { data } = useOrderQuotes(orderId);
  const [step, setStep] = useState<Step>(() => {
    const kept = typed.get(orderId);
    return kept ? { kind: 'form', values: kept } : { kind: 'list' };
  });
  const keep = useCallback((values: QuoteBodyInput) => typed.set(orderId, values), [orderId]);
  const heading = useRef<HTMLHeadingElement>(null);
  if (!data) return <p>Loading the quotes…</p>;
  const latest = data.quotes[0];
  const backToList = () => {
    typed.delete(orderId);
    setStep({ kind: 'list' });
    requestAnimationFrame(() => heading.current?.focus());
  };

  return (
    <div className="space-y-3">
      <h4 ref={heading} tabIndex={-1} className="sr-only">
        Quote versions
      </h4>
      {data.quotes.length === 0 ? (
        <p>No quote sent yet.</p>
      ) : (
        <ul className="space-y-1">
          {data.quotes.map((quote) => (
            <li key={quote.version} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                {quote.number}: {quote.document.total.text} · {QUOTE_STATE_LABELS[quote.status]} · valid until{' '}
                {dayText(quote.validUntil)}
                {quote.declineReason && ` · “${quote.declineReason}”`}
              </span>
              <a href={`/api/admin/orders/${orderId}/quotes/${quote.version}/pdf`} className="btn-ghost min-h-11" download>
                <Download aria-hidden="true" className="size-4" /> PDF<span className="sr-only"> of {quote.number}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {step.kind === 'list' && invoiced && <p>Invoiced: a change now is a credit note, not a new quote.</p>}
      {step.kind === 'list' && !invoiced && (
        <button
          type="button"
          className="btn-primary min-h-11 print:hidden"
          onClick={() => setStep({ kind: 'form', values: formOf(data.draft) })}
        >
          <FileText aria-hidden="true" className="size-4" /> {latest ? 'Revise quote' : 'Prepare quote'}
        </button>
      )}
      {step.kind === 'form' && (
        <QuoteForm
          orderId={orderId}
          draft={data.draft}
          values={step.values}
          onReview={(preview, values) => setStep({ kind: 'review', preview, values })}
          onCancel={backToList}
          onChange={keep}
        />
      )}
      {step.kind === 'review' && (
        <QuoteReview
          orderId={orderId}
          draft={data.draft}
          preview={step.preview}
          body={step.values}
          onBack={() => setStep({ kind: 'form', values: step.values })}
          onSent={backToList}
        />
      )}
    </div>
  );
}
