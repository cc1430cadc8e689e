import type { RefObject } from 'react';

import { useT } from '#app/lib/language.ts';
import { OfflineNotice } from '#app/ui/OfflineNotice.tsx';
import { RemovedLine } from '#domains/cart/ui/RemovedLine.tsx';
import { TAX_NOTE } from '#domains/settings/terms.ts';
import { formatRupees } from '#lib/money.ts';

import { type EnquiryLine, enquiryTotal } from './enquiry-lines.ts';
import { SummaryLine } from './SummaryLine.tsx';

interface EnquirySummaryProps {
  /** null while the lines are not known yet. */
  lines: EnquiryLine[] | null;
  headingRef: RefObject<HTMLHeadingElement | null>;
  submitting: boolean;
  /** What the server said about the last refused enquiry. */
  serverMessage: string | null;
  onQuantity: (line: EnquiryLine, quantity: number) => void;
  onRemove: (line: EnquiryLine) => void;
  /** The last send failed offline: 'offline' while it lasts, 'back' once the connection has returned. */
  offline: 'offline' | 'back' | null;
  /** The name of the line just removed (its Undo shows), or null. */
  removed: string | null;
  onUndoRemove: () => void;
  undoing: boolean;
  onEdit: (line: EnquiryLine) => void;
}

/**
 * The summary beside the form: the lines with their controls, the totals, the server's word and Submit Enquiry. It has
 * no scroll area of its own: a long list scrolls with the page, whose scrolling then always reaches Submit Enquiry
 * (inside a box of its own the button sat below the box's fold, where scrolling the page never brought it).
 */
export function EnquirySummary({
  lines,
  headingRef,
  submitting,
  serverMessage,
  offline,
  onQuantity,
  onRemove,
  removed,
  onUndoRemove,
  undoing,
  onEdit,
}: EnquirySummaryProps) {
  const t = useT();
  const total = lines ? enquiryTotal(lines) : 0;
  return (
    <aside
      aria-labelledby="summary-title"
      className="rounded-xl border border-stone-200 bg-earth-50 p-5 sm:p-6 lg:sticky lg:top-24"
    >
      <h2
        id="summary-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-bold text-leaf-900 focus:outline-none focus-visible:outline-3"
      >
        {t('Enquiry summary')}
      </h2>
      {removed && (
        <div className="mt-3">
          <RemovedLine name={removed} busy={undoing} onUndo={onUndoRemove} />
        </div>
      )}
      {lines === null ? (
        <div role="status" className="mt-4 space-y-3" aria-label={t('Loading your enquiry')}>
          {[0, 1].map((n) => (
            <div key={n} className="flex animate-pulse gap-3">
              <div className="size-16 rounded-lg bg-stone-200" />
              <div className="flex-1 space-y-2">
                <div className="h-4 w-3/4 rounded bg-stone-200" />
                <div className="h-4 w-1/2 rounded bg-stone-200" />
              </div>
            </div>
          ))}
        </div>
      ) : (
        <ul className="mt-2 divide-y divide-stone-200">
          {lines.map((line) => (
            <SummaryLine
              key={line.key}
              line={line}
              editable={line.variationId !== null}
              busy={submitting}
              onQuantity={(quantity) => onQuantity(line, quantity)}
              onRemove={() => onRemove(line)}
              onEdit={() => onEdit(line)}
            />
          ))}
        </ul>
      )}
      <dl className="mt-4 space-y-2 border-t border-stone-300 pt-4 text-stone-800">
        <div className="flex justify-between">
          <dt>{t('Subtotal')}</dt>
          <dd>{formatRupees(total)}</dd>
        </div>
        <div className="flex flex-wrap justify-between">
          <dt>{t('Tax')}</dt>
          <dd>{formatRupees(0)}</dd>
          <dd className="w-full text-xs text-stone-600">{t(TAX_NOTE)}</dd>
        </div>
        <div className="flex justify-between text-lg font-bold text-stone-900">
          <dt>{t('Total')}</dt>
          <dd>{formatRupees(total)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-sm text-stone-600">{t('Estimated total; final pricing is confirmed when we call you.')}</p>

      {serverMessage && (
        <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {t(serverMessage)}
        </p>
      )}
      {offline === 'back' && (
        <p role="status" className="mt-4 rounded-lg border border-leaf-200 bg-leaf-50 p-3 text-sm text-leaf-900">
          {t('You are back online. Your enquiry has not been sent yet: press Submit Enquiry to send it.')}
        </p>
      )}
      {offline === 'offline' && (
        <div className="mt-4">
          <OfflineNotice>
            {t(
              'Your enquiry has not been sent. What you typed stays here: send it again when you are back online, or call or message us now.',
            )}
          </OfflineNotice>
        </div>
      )}
      <button type="submit" className="btn-primary mt-4 w-full" disabled={submitting || !lines}>
        {submitting ? t('Submitting Enquiry...') : t('Submit Enquiry')}
      </button>
    </aside>
  );
}
