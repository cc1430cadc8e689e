import { MessageCircle, Phone } from 'lucide-react';
import { Link } from 'react-router';

import { useToday } from '#app/admin/admin-api.ts';
import { orderPanelPath } from '#domains/enquiry/model.ts';
import { dayText, describeMoment, workingDuration } from '#domains/enquiry/reply-promise.ts';
import { TODAY_STEP_WORDS, TODAY_STEPS, type TodayOverdue, type TodayReply, type TodayStep } from '#domains/order-file/today.ts';
import { formatCount, formatRupees } from '#lib/money.ts';

/** The enquiries list filtered to one step of the day, most urgent first. */
export const stepListPath = (step: TodayStep): string => `/admin/orders?step=${step}`;

/** Where a step's count is a warning rather than work in hand. */
const WARNINGS: ReadonlySet<TodayStep> = new Set(['overdue', 'expiring']);

function promiseText(reply: TodayReply, now: Date): string {
  const by = describeMoment(new Date(reply.replyBy), now);
  return reply.overdue
    ? `Late: promised by ${by}`
    : `Call by ${by}: ${workingDuration(reply.workingMinutesLeft)} left in opening hours`;
}

/**
 * What waits for the staff now: a count for each step of an enquiry's life (each opens the list of those enquiries,
 * most urgent first), and the customers to call first, by the time left on the reply promised to them.
 */
export function TodayList() {
  const { data, isError } = useToday();
  const now = new Date();
  return (
    <section aria-labelledby="today-title" className="mt-4 rounded-xl border border-stone-200 bg-white p-4">
      <h2 id="today-title" className="text-lg font-bold text-leaf-900">
        Today
      </h2>
      {isError && (
        <p role="alert" className="mt-2 text-red-800">
          The today list could not be loaded. Please try again.
        </p>
      )}
      {data && (
        <>
          <ul className="mt-2 grid grid-cols-2 gap-2 lg:grid-cols-4">
            {TODAY_STEPS.map((step) => {
              const count = data.counts[step];
              const warn = WARNINGS.has(step) && count > 0;
              return (
                <li key={step}>
                  <Link
                    to={stepListPath(step)}
                    data-testid={`today-${step}`}
                    className={`flex min-h-11 items-center gap-3 rounded-lg border px-3 py-1.5 hover:bg-leaf-50 ${
                      warn ? 'border-amber-400 bg-amber-50 text-amber-950' : 'border-stone-200 text-stone-800'
                    }`}
                  >
                    <span className={`min-w-8 text-2xl font-bold ${count === 0 ? 'text-stone-500' : ''}`}>
                      {formatCount(count)}
                    </span>
                    <span className="text-sm font-semibold">{TODAY_STEP_WORDS[step]}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
          {data.toReply.length > 0 && (
            <>
              <h3 className="mt-4 font-semibold text-stone-800">Call first</h3>
              <ol className="mt-1 divide-y divide-stone-200">
                {data.toReply.map((reply) => (
                  <li key={reply.id} className="flex items-center gap-2 py-1.5">
                    <Link to={orderPanelPath(reply.displayId)} className="block min-h-11 min-w-0 flex-1 text-sm hover:bg-leaf-50">
                      <span className="font-semibold underline">
                        #{reply.displayId} {reply.customerName}
                      </span>
                      <span className={`block ${reply.overdue ? 'font-semibold text-red-800' : 'text-stone-700'}`}>
                        {promiseText(reply, now)}
                      </span>
                    </Link>
                    {reply.customerPhone && (
                      <a href={`tel:${reply.customerPhone}`} className="btn-outline size-11 shrink-0 p-0">
                        <Phone aria-hidden="true" className="size-4" />
                        <span className="sr-only">Call {reply.customerName}</span>
                      </a>
                    )}
                  </li>
                ))}
              </ol>
            </>
          )}
          {data.overdue.length > 0 && <OverdueList overdue={data.overdue} />}
        </>
      )}
    </section>
  );
}

/**
 * The overdue invoices to chase first, the earliest due first: each opens its enquiry, and "Send reminder on
 * WhatsApp" opens a chat with the customer with the reminder and their order's page already written.
 */
function OverdueList({ overdue }: { overdue: TodayOverdue[] }) {
  return (
    <>
      <h3 className="mt-4 font-semibold text-stone-800">Chase payments</h3>
      <ol className="mt-1 divide-y divide-stone-200">
        {overdue.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center gap-2 py-1.5" data-testid={`overdue-${item.displayId}`}>
            <Link
              to={orderPanelPath(item.displayId)}
              className="block min-h-11 w-full min-w-0 text-sm hover:bg-leaf-50 sm:w-auto sm:flex-1"
            >
              <span className="font-semibold underline">
                #{item.displayId} {item.customerName}
              </span>
              <span className="block font-semibold text-red-800">
                {formatRupees(item.balance)} on {item.invoiceNumber}, due {dayText(item.dueOn)}
              </span>
            </Link>
            {item.whatsapp && (
              <a href={item.whatsapp} target="_blank" rel="noreferrer" className="btn-outline min-h-11 shrink-0 text-sm">
                <MessageCircle aria-hidden="true" className="size-4" />
                Send reminder on WhatsApp
                <span className="sr-only"> to {item.customerName}</span>
              </a>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}
