import { AlertTriangle, Send } from 'lucide-react';
import { useEffect, useRef } from 'react';

import { useSendQuote } from '#app/admin/admin-api.ts';
import { usePanelRefusal } from '#app/admin/panel-form.tsx';
import { useToast } from '#app/lib/toast.tsx';
import type { QuoteDraft, QuotePreview } from '#domains/quote/model.ts';
import type { QuoteBodyInput } from '#domains/quote/schema.ts';
import { TaxDocument } from '#domains/tax/ui/TaxDocument.tsx';

/**
 * The step between the form and the customer: the quote exactly as it will go out, what a careful colleague would
 * ask about first (a ₹0 line, a price far below the catalogue's, a missing HSN code, no delivery charge), the e-mail,
 * and for a revision of an accepted quote what sending it withdraws. Its heading takes the focus.
 */
export function QuoteReview({
  orderId,
  draft,
  preview,
  body,
  onBack,
  onSent,
}: {
  orderId: number;
  draft: QuoteDraft;
  preview: QuotePreview;
  body: QuoteBodyInput;
  onBack: () => void;
  onSent: () => void;
}) {
  const toast = useToast();
  const send = useSendQuote();
  const heading = useRef<HTMLHeadingElement>(null);
  const refusal = usePanelRefusal('Failed to send the quote. Please try again.');
  // Set at the first press, before the mutation's pending state reaches the button: a second press of a double
  // click sends nothing. The server answers a repeat of this version with the version sent, in any case.
  const sending = useRef(false);
  const { quote, warnings, mail } = preview;
  useEffect(() => heading.current?.focus(), []);

  const confirm = () => {
    if (sending.current) return;
    sending.current = true;
    refusal.clear();
    send.mutate(
      { id: orderId, body: { ...body, replacesAccepted: draft.accepted !== null, version: quote.version } },
      {
        onSuccess: () => {
          toast({ title: 'Quote sent', description: 'The customer gets it by e-mail and on their status page.' });
          onSent();
        },
        onError: (error) => {
          sending.current = false;
          refusal.refuse(error);
        },
      },
    );
  };

  return (
    <div className="space-y-4 border-t border-stone-200 pt-3 print:hidden">
      <h4 ref={heading} tabIndex={-1} className="text-lg font-bold text-leaf-900">
        Review {quote.number} before it goes out
      </h4>
      {refusal.alert}
      {draft.accepted && (
        <p className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          The customer accepted {draft.accepted}. Sending this revision withdraws that acceptance: the enquiry waits for the
          customer again, and they are e-mailed that this version replaces the one they accepted.
        </p>
      )}
      {warnings.length > 0 ? (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          <p className="flex items-center gap-2 font-semibold">
            <AlertTriangle aria-hidden="true" className="size-5" /> Check before sending
          </p>
          <ul className="mt-1 list-disc pl-6">
            {warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-stone-700">Nothing unusual found: every line is priced, has its HSN code, and delivery is charged.</p>
      )}
      <div className="rounded-lg border border-stone-200 p-3">
        <TaxDocument
          view={quote.document}
          heading={<p className="text-base font-bold text-leaf-900">What the customer gets: {quote.number}</p>}
        />
      </div>
      <details className="rounded-lg border border-stone-200 p-3">
        <summary className="flex min-h-11 cursor-pointer items-center font-semibold">
          E-mail to {mail.to}: {mail.subject}
        </summary>
        <pre className="mt-2 overflow-x-auto text-sm whitespace-pre-wrap text-stone-800">{mail.text}</pre>
      </details>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-primary min-h-11" aria-disabled={send.isPending} onClick={confirm}>
          <Send aria-hidden="true" className="size-4" />
          {send.isPending
            ? 'Sending...'
            : draft.accepted
              ? `Withdraw ${draft.accepted} and send ${quote.number}`
              : `Send ${quote.number} to the customer`}
        </button>
        <button type="button" className="btn-outline min-h-11" onClick={onBack}>
          Back to the form
        </button>
      </div>
    </div>
  );
}
