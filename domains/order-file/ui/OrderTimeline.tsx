import { Check, Circle, X } from 'lucide-react';

import { useT } from '#app/lib/language.ts';
import { Titled } from '#app/ui/Titled.tsx';
import type { TimelineStep } from '#domains/order-file/timeline.ts';

/**
 * Where the order is on its way, step by step: done steps ticked with their date or number, the step it waits for
 * marked as the current one (for screen readers too), the rest still to come. A list down the page on a phone, a row
 * from tablet width.
 */
export function OrderTimeline({ steps }: { steps: TimelineStep[] }) {
  const t = useT();
  return (
    <Titled id="timeline-heading" title={t('Your order, step by step')} heading="text-lg" className="mt-6 print:hidden">
      <ol className="mt-3 grid gap-2 sm:grid-cols-4 lg:grid-cols-7">
        {steps.map((step) => (
          <li
            key={step.key}
            aria-current={step.state === 'current' ? 'step' : undefined}
            className={`flex gap-2 rounded-lg border p-2 ${
              step.state === 'current'
                ? 'border-amber-400 bg-amber-50'
                : step.state === 'done'
                  ? step.key === 'cancelled'
                    ? 'border-red-300 bg-red-50'
                    : 'border-leaf-200 bg-leaf-50'
                  : 'border-stone-200 text-stone-600'
            }`}
          >
            {step.key === 'cancelled' ? (
              <X aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-800" />
            ) : step.state === 'done' ? (
              <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-leaf-800" />
            ) : (
              <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            )}
            <div className="min-w-0">
              <p className="font-semibold">
                {t(step.label)}
                <span className="sr-only">
                  {' '}
                  {step.state === 'done' ? t('(done)') : step.state === 'current' ? t('(next)') : t('(to come)')}
                </span>
              </p>
              {step.detail && <p className="text-sm break-words text-stone-700">{step.detail}</p>}
            </div>
          </li>
        ))}
      </ol>
    </Titled>
  );
}
