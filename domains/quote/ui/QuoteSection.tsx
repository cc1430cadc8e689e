import { Check, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';

import { ApiError, sendJson } from '#app/lib/api.ts';
import { useLanguage, useT } from '#app/lib/language.ts';
import { DocumentActions } from '#app/ui/DocumentActions.tsx';
import { dayText } from '#domains/enquiry/reply-promise.ts';
import { type Quote, QUOTE_STATUS_WORDS, withdrawnAtInvoiceText } from '#domains/quote/model.ts';
import { TaxDocument } from '#domains/tax/ui/TaxDocument.tsx';

/**
 * The shop's quote on the status page: the latest version as its document (the same view the PDF and the e-mail
 * show), its PDF and a print view (the quote alone), and while it is open Accept (after a confirmation) or Decline
 * with a reason; earlier versions below it. `api` is where this enquiry's calls go: by its status link or from
 * 'My enquiries'. Once there is an invoice (`invoiceNumber`), the invoice is what prints, and a quote that still
 * waited then says it was withdrawn.
 */
export function QuoteSection({ quotes, api, invoiceNumber }: { quotes: Quote[]; api: string; invoiceNumber: string | null }) {
  const [latest, ...earlier] = quotes;
  const t = useT();
  const language = useLanguage();
  // An answer refused because the quote changed meanwhile (answered on another device, replaced): said here, above the
  // quote as it now stands, since the answer buttons it came from are gone.
  const [changed, setChanged] = useState<string | null>(null);
  const changedNote = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (changed) changedNote.current?.focus();
  }, [changed]);
  if (!latest) return null;
  const withdrawn = earlier.find((quote) => quote.status === 'withdrawn');
  return (
    <section
      aria-labelledby="quote-heading"
      className={`mt-8 rounded-xl border border-stone-300 p-4 print:border-0 print:p-0 ${invoiceNumber ? 'print:hidden' : 'print-alone'}`}
    >
      <TaxDocument
        view={latest.document}
        heading={
          <h2 id="quote-heading" tabIndex={-1} className="text-lg font-bold text-leaf-900">
            {latest.version > 1
              ? t('Revised quote {number}', { number: latest.number })
              : t('Your quote {number}', { number: latest.number })}
          </h2>
        }
        status={
          <>
            <p className="mt-1 font-semibold text-stone-800">{t(QUOTE_STATUS_WORDS[latest.status])}</p>
            {latest.status === 'withdrawn-at-invoice' && invoiceNumber && (
              <p className="mt-2 text-stone-800">{withdrawnAtInvoiceText(invoiceNumber, t)}.</p>
            )}
            {latest.status === 'sent' && withdrawn && (
              <p className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950 print:hidden">
                {t(
                  'This revised quote replaces {number}, which you accepted. Please look at it and accept it if it suits you: the earlier one can no longer be accepted.',
                  { number: withdrawn.number },
                )}
              </p>
            )}
          </>
        }
      />

      <DocumentActions pdf={`${api}/quotes/${latest.version}/pdf`} download={t('Download PDF')} print={t('Print')} />
      {changed && (
        <p
          ref={changedNote}
          tabIndex={-1}
          role="alert"
          className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950 print:hidden"
        >
          {t('{problem}. This page now shows the quote as it stands.', { problem: t(changed) })}
        </p>
      )}
      {latest.status === 'sent' && <QuoteAnswer quote={latest} api={api} onChanged={setChanged} />}
      {latest.status === 'accepted' && (
        <p className="mt-3 text-stone-800 print:hidden">
          {t('You accepted this quote. We have e-mailed you a copy and will call you to arrange delivery.')}
        </p>
      )}
      {latest.status === 'declined' && latest.declineReason && (
        <p className="mt-3 text-stone-700">{t('Your reason: {reason}', { reason: latest.declineReason })}</p>
      )}

      {earlier.length > 0 && (
        <div className="mt-6 print:hidden">
          <h3 className="font-bold text-leaf-900">{t('Earlier versions')}</h3>
          <ul className="mt-1 space-y-1">
            {earlier.map((quote) => (
              <li key={quote.version} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  {t('{number}: {total}, {status}', {
                    number: quote.number,
                    total: quote.document.total.text,
                    status:
                      language === 'en' ? QUOTE_STATUS_WORDS[quote.status].toLowerCase() : t(QUOTE_STATUS_WORDS[quote.status]),
                  })}
                </span>
                <a href={`${api}/quotes/${quote.version}/pdf`} className="btn-ghost min-h-11" download>
                  PDF<span className="sr-only"> {t('of {number}', { number: quote.number })}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

type Step = 'choose' | 'confirm-accept' | 'decline';

/**
 * Accept after a confirmation that repeats what is agreed, or decline with an optional reason. Each step's first
 * words take the focus; after an answer the quote's heading does.
 */
function QuoteAnswer({ quote, api, onChanged }: { quote: Quote; api: string; onChanged: (message: string) => void }) {
  const revalidator = useRevalidator();
  const t = useT();
  const language = useLanguage();
  const [step, setStep] = useState<Step>('choose');
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const message = useRef<HTMLParagraphElement>(null);
  const confirmText = useRef<HTMLParagraphElement>(null);
  const reasonBox = useRef<HTMLTextAreaElement>(null);
  const acceptButton = useRef<HTMLButtonElement>(null);
  const declineButton = useRef<HTMLButtonElement>(null);
  const total = quote.document.total.text;

  const go = (next: Step, focus: () => HTMLElement | null) => {
    setStep(next);
    setProblem(null);
    requestAnimationFrame(() => focus()?.focus());
  };

  const answer = async (action: 'accept' | 'decline') => {
    if (pending) return;
    setPending(true);
    setProblem(null);
    try {
      await sendJson('POST', `${api}/quote/${action}`, { version: quote.version, reason: reason.trim() || null });
      await revalidator.revalidate();
      requestAnimationFrame(() => document.getElementById('quote-heading')?.focus());
    } catch (error) {
      // 409: the quote is no longer open to this answer; what it is now is shown, not left as it was on this screen.
      if (error instanceof ApiError && error.status === 409 && error.body?.message) {
        await revalidator.revalidate();
        onChanged(error.body.message);
        return;
      }
      setProblem(
        error instanceof ApiError && error.body?.message
          ? error.body.message
          : t('Your answer could not be sent. Please try again.'),
      );
      requestAnimationFrame(() => message.current?.focus());
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="mt-4 border-t border-stone-200 pt-4 print:hidden">
      {problem && (
        <p ref={message} tabIndex={-1} role="alert" className="mb-3 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {problem}
        </p>
      )}
      {step === 'choose' && (
        <div className="flex flex-wrap gap-2">
          <button
            ref={acceptButton}
            type="button"
            className="btn-primary min-h-11"
            onClick={() => go('confirm-accept', () => confirmText.current)}
          >
            <Check aria-hidden="true" className="size-4" /> {t('Accept quote ({total})', { total })}
          </button>
          <button
            ref={declineButton}
            type="button"
            className="btn-outline min-h-11"
            onClick={() => go('decline', () => reasonBox.current)}
          >
            <X aria-hidden="true" className="size-4" /> {t('Decline')}
          </button>
        </div>
      )}
      {step === 'confirm-accept' && (
        <div className="rounded-lg border border-leaf-200 bg-leaf-50 p-3">
          <p ref={confirmText} tabIndex={-1} className="font-semibold text-leaf-900">
            {t('Accept quote {number} for {total}?', { number: quote.number, total })}
          </p>
          <p className="mt-1 text-stone-800">
            {t(
              'You agree to the lines, delivery and terms above (valid until {date}). We will call you to arrange delivery; payment is on delivery. We e-mail you a copy.',
              { date: dayText(quote.validUntil, language) },
            )}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className="btn-primary min-h-11" aria-disabled={pending} onClick={() => void answer('accept')}>
              {pending ? t('Sending...') : t('Yes, accept {total}', { total })}
            </button>
            <button type="button" className="btn-ghost min-h-11" onClick={() => go('choose', () => acceptButton.current)}>
              {t('Not yet')}
            </button>
          </div>
        </div>
      )}
      {step === 'decline' && (
        <div>
          <label htmlFor="decline-reason" className="block font-semibold">
            {t('Why are you declining? (optional)')}
          </label>
          <textarea
            id="decline-reason"
            ref={reasonBox}
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            className="mt-1 w-full rounded-lg border border-stone-300 p-3"
          />
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="button" className="btn-primary min-h-11" aria-disabled={pending} onClick={() => void answer('decline')}>
              {pending ? t('Sending...') : t('Decline quote')}
            </button>
            <button type="button" className="btn-ghost min-h-11" onClick={() => go('choose', () => declineButton.current)}>
              {t('Keep the quote')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
