import { Check, Download, Printer, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { useRevalidator } from 'react-router';

import { business } from '../../../core/business';
import { formatRupees } from '../../../core/money';
import { type Quote, QUOTE_STATUS_WORDS } from '../../../core/quote';
import { dayText } from '../../../core/reply-promise';
import { ApiError, sendJson } from '../../lib/api';

const money = (paise: number) => formatRupees(paise);
const signed = (paise: number) => `${paise < 0 ? '−' : '+'}${formatRupees(Math.abs(paise))}`;

/** The tax of a line or of the delivery, as one short text. */
function taxText(tax: { cgst: number; sgst: number; igst: number }, intraState: boolean): string {
  return intraState ? `CGST ${money(tax.cgst)} + SGST ${money(tax.sgst)}` : `IGST ${money(tax.igst)}`;
}

/**
 * The shop's quote on the status page: the latest version in full (lines with HSN and tax, totals, validity), its
 * PDF and a print view, and while it is open Accept or Decline with a reason; earlier versions below it.
 * `api` is where this enquiry's calls go: by its status link or from 'My enquiries'.
 */
export function QuoteSection({ quotes, api }: { quotes: Quote[]; api: string }) {
  const [latest, ...earlier] = quotes;
  if (!latest) return null;
  return (
    <section aria-labelledby="quote-heading" className="quote-document mt-8 rounded-xl border border-stone-300 p-4">
      <div className="hidden print:block">
        <p className="font-bold">{business.legalName}</p>
        <p>
          {business.street}, {business.locality}, {business.city}, {business.state} {business.postalCode}
        </p>
        <p>
          GSTIN {business.gstin} · {business.phone} · {business.email}
        </p>
      </div>
      <h2 id="quote-heading" tabIndex={-1} className="text-lg font-bold text-leaf-900">
        {latest.version > 1 ? `Revised quote ${latest.number}` : `Your quote ${latest.number}`}
      </h2>
      <p className="mt-1 text-stone-700">
        {QUOTE_STATUS_WORDS[latest.status]} · valid until {dayText(latest.validUntil)} · place of supply{' '}
        {latest.placeOfSupply.name}
        {latest.customerGstin && ` · your GSTIN ${latest.customerGstin}`}
      </p>

      <ul className="mt-3 divide-y divide-stone-200 border-y border-stone-200">
        {latest.lines.map((line, index) => (
          <li key={index} className="py-2">
            <p className="flex justify-between gap-3 font-semibold text-stone-900">
              <span>
                {line.productName}
                {line.options && ` (${line.options})`}
              </span>
              <span>{money(line.taxable + line.cgst + line.sgst + line.igst)}</span>
            </p>
            <p className="text-sm text-stone-700">
              {line.quantity} × {money(line.price)} = {money(line.taxable)} · HSN {line.hsnCode} · GST {line.gstRate}%:{' '}
              {taxText(line, latest.intraState)}
            </p>
          </li>
        ))}
        {latest.totals.delivery && (
          <li className="py-2">
            <p className="flex justify-between gap-3 font-semibold text-stone-900">
              <span>Delivery</span>
              <span>
                {money(
                  latest.totals.delivery.taxable +
                    latest.totals.delivery.cgst +
                    latest.totals.delivery.sgst +
                    latest.totals.delivery.igst,
                )}
              </span>
            </p>
            <p className="text-sm text-stone-700">
              {money(latest.totals.delivery.taxable)} · GST {latest.totals.delivery.rate}%:{' '}
              {taxText(latest.totals.delivery, latest.intraState)}
            </p>
          </li>
        )}
      </ul>
      <dl className="mt-3 space-y-1 text-stone-900">
        <Sum label="Taxable value" value={money(latest.totals.taxable)} />
        {latest.intraState ? (
          <>
            <Sum label="CGST" value={money(latest.totals.cgst)} />
            <Sum label="SGST" value={money(latest.totals.sgst)} />
          </>
        ) : (
          <Sum label="IGST" value={money(latest.totals.igst)} />
        )}
        {latest.totals.roundOff !== 0 && <Sum label="Round off" value={signed(latest.totals.roundOff)} />}
        <Sum label="Total" value={money(latest.totals.total)} strong />
      </dl>
      <p className="mt-1 text-sm text-stone-700">{latest.totalInWords}</p>
      {latest.note && <p className="mt-3 whitespace-pre-line text-stone-800">{latest.note}</p>}

      <div className="mt-4 flex flex-wrap gap-2 print:hidden">
        <a href={`${api}/quotes/${latest.version}/pdf`} className="btn-outline min-h-11" download>
          <Download aria-hidden="true" className="size-4" /> Download PDF
        </a>
        <button type="button" className="btn-outline min-h-11" onClick={() => window.print()}>
          <Printer aria-hidden="true" className="size-4" /> Print
        </button>
      </div>
      {latest.status === 'sent' && <QuoteAnswer quote={latest} api={api} />}
      {latest.status === 'declined' && latest.declineReason && (
        <p className="mt-3 text-stone-700">Your reason: {latest.declineReason}</p>
      )}

      {earlier.length > 0 && (
        <div className="mt-6 print:hidden">
          <h3 className="font-bold text-leaf-900">Earlier versions</h3>
          <ul className="mt-1 space-y-1">
            {earlier.map((quote) => (
              <li key={quote.version} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  {quote.number}: {money(quote.totals.total)}, {QUOTE_STATUS_WORDS[quote.status].toLowerCase()}
                </span>
                <a href={`${api}/quotes/${quote.version}/pdf`} className="btn-ghost min-h-11" download>
                  PDF<span className="sr-only"> of {quote.number}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function Sum({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between ${strong ? 'text-lg font-bold' : ''}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** Accept, or decline with an optional reason; the answer's result takes the focus. */
function QuoteAnswer({ quote, api }: { quote: Quote; api: string }) {
  const revalidator = useRevalidator();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const message = useRef<HTMLParagraphElement>(null);
  const reasonBox = useRef<HTMLTextAreaElement>(null);
  const declineButton = useRef<HTMLButtonElement>(null);

  const answer = async (action: 'accept' | 'decline') => {
    if (pending) return;
    setPending(true);
    setProblem(null);
    try {
      await sendJson('POST', `${api}/quote/${action}`, { version: quote.version, reason: reason.trim() || null });
      await revalidator.revalidate();
      requestAnimationFrame(() => document.getElementById('quote-heading')?.focus());
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.body?.message
          ? error.body.message
          : 'Your answer could not be sent. Please try again.',
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
      {!declining ? (
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-primary min-h-11" aria-disabled={pending} onClick={() => void answer('accept')}>
            <Check aria-hidden="true" className="size-4" />{' '}
            {pending ? 'Sending...' : `Accept quote (${money(quote.totals.total)})`}
          </button>
          <button
            ref={declineButton}
            type="button"
            className="btn-outline min-h-11"
            onClick={() => {
              setDeclining(true);
              requestAnimationFrame(() => reasonBox.current?.focus());
            }}
          >
            <X aria-hidden="true" className="size-4" /> Decline
          </button>
        </div>
      ) : (
        <div>
          <label htmlFor="decline-reason" className="block font-semibold">
            Why are you declining? (optional)
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
              {pending ? 'Sending...' : 'Decline quote'}
            </button>
            <button
              type="button"
              className="btn-ghost min-h-11"
              onClick={() => {
                setDeclining(false);
                requestAnimationFrame(() => declineButton.current?.focus());
              }}
            >
              Keep the quote
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
