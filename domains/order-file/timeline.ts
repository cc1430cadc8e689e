/**
 * The steps of an order as its customer follows them on the status page: received, quoted, accepted, invoiced, paid,
 * dispatched, delivered (or cancelled). Payment is often on delivery, so a step is done by its own facts, not because
 * the one before it is; only quoting and accepting are taken as done once an invoice is out (the staff may invoice
 * lines agreed on the phone, without a quote).
 */
import type { EnquiryStatus } from '#domains/enquiry/model.ts';
import type { InvoiceTimelineFacts } from '#domains/invoice/model.ts';
import { dateText } from '#lib/calendar.ts';
import { msg, translator } from '#lib/i18n/translate.ts';
import { istDate } from '#lib/india-time.ts';
import type { Language } from '#lib/language.ts';
import { formatRupees } from '#lib/money.ts';

export const TIMELINE_STEPS = ['received', 'quoted', 'accepted', 'invoiced', 'paid', 'dispatched', 'delivered'] as const;
export type TimelineStepKey = (typeof TIMELINE_STEPS)[number] | 'cancelled';

/** English messages, shown in the page's language. */
const LABELS: Record<TimelineStepKey, string> = {
  received: msg('Received'),
  quoted: msg('Quoted'),
  accepted: msg('Accepted'),
  invoiced: msg('Invoiced'),
  paid: msg('Paid'),
  dispatched: msg('Dispatched'),
  delivered: msg('Delivered'),
  cancelled: msg('Cancelled'),
};

export interface TimelineStep {
  key: TimelineStepKey;
  label: string;
  /** 'current' is the first step not yet done: the one the order waits for. */
  state: 'done' | 'current' | 'todo';
  /** What the step says beside its label: a date, a number, the docket. */
  detail: string | null;
}

/** What the timeline is drawn from; dates are ISO instants or 'YYYY-MM-DD' days. */
export interface TimelineFacts extends InvoiceTimelineFacts {
  status: EnquiryStatus;
  createdAt: string;
  /** The first quote's sending. */
  quotedAt: string | null;
  /** When the customer accepted a quote. */
  acceptedAt: string | null;
  /** When the enquiry was last given its present status (the Delivered or Cancelled step's date); null if unknown. */
  statusSince: string | null;
}

/** The steps, their details in `language` (dates, 'Part paid…', the docket); the labels are English messages. */
export function orderTimeline(facts: TimelineFacts, language: Language = 'en'): TimelineStep[] {
  const t = translator(language);
  const onDay = (instant: string) => dateText(istDate(new Date(instant)), language);
  const { invoice, payment, dispatch, status } = facts;
  const since = facts.statusSince && onDay(facts.statusSince);
  const settled = payment !== null && (payment.state === 'paid' || payment.state === 'credited');
  const steps: Array<{ key: TimelineStepKey; done: boolean; detail: string | null }> = [
    { key: 'received', done: true, detail: onDay(facts.createdAt) },
    { key: 'quoted', done: facts.quotedAt !== null || invoice !== null, detail: facts.quotedAt && onDay(facts.quotedAt) },
    {
      key: 'accepted',
      done: facts.acceptedAt !== null || invoice !== null,
      detail: facts.acceptedAt && onDay(facts.acceptedAt),
    },
    { key: 'invoiced', done: invoice !== null, detail: invoice && `${invoice.number}, ${dateText(invoice.date, language)}` },
    {
      key: 'paid',
      done: settled,
      detail: !payment
        ? null
        : settled
          ? payment.lastPaidOn && dateText(payment.lastPaidOn, language)
          : payment.paid > 0
            ? t('Part paid: {paid} of {due}', { paid: formatRupees(payment.paid), due: formatRupees(payment.due) })
            : null,
    },
    {
      key: 'dispatched',
      done: dispatch !== null && (status === 'shipped' || status === 'delivered'),
      detail:
        dispatch &&
        t('{date}, {transporter}, docket {docket}', {
          date: onDay(dispatch.recordedAt),
          transporter: dispatch.transporter,
          docket: dispatch.docketNumber,
        }),
    },
    { key: 'delivered', done: status === 'delivered', detail: status === 'delivered' ? since : null },
  ];
  const shown =
    status === 'cancelled'
      ? [...steps.filter((step) => step.done), { key: 'cancelled' as const, done: true, detail: since }]
      : steps;
  const current = shown.findIndex((step) => !step.done);
  return shown.map((step, index) => ({
    key: step.key,
    label: LABELS[step.key],
    state: step.done ? 'done' : index === current ? 'current' : 'todo',
    detail: step.detail ?? null,
  }));
}
