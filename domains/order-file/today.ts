/**
 * The staff's today list: the steps of an enquiry's life that wait for the shop, each a filter of the enquiries list
 * (GET /api/admin/orders?step=…) and a count on the dashboard (GET /api/admin/today).
 */
import { EXPIRING_DAYS } from '#domains/quote/model.ts';

export const TODAY_STEPS = [
  'to-reply',
  'awaiting-answer',
  'expiring',
  'to-invoice',
  'unpaid',
  'overdue',
  'refunds-due',
  'to-dispatch',
  'to-complete',
] as const;
export type TodayStep = (typeof TODAY_STEPS)[number];

/**
 * What each step holds, in the staff's words:
 * - to-reply: pending, no quote sent yet: the customer waits for the call promised (domains/enquiry/reply-promise.ts);
 * - awaiting-answer: the latest quote is open (sent, not past its last day);
 * - expiring: an open quote whose last day is within EXPIRING_DAYS;
 * - to-invoice: the customer said yes (a quote accepted, or the staff confirmed the order) and no invoice yet;
 * - unpaid: an invoice with something still to pay; overdue: the same, after the payment terms' last day;
 * - refunds-due: paid beyond what the invoice comes to after its credit notes: the shop owes the difference back;
 * - to-dispatch: invoiced, not yet shipped, delivered or cancelled;
 * - to-complete: marked shipped without its tax invoice or without the dispatch details (any status may follow any
 *   other, so the panel lets the staff go on and this step keeps what is missing in sight).
 */
export const TODAY_STEP_WORDS: Record<TodayStep, string> = {
  'to-reply': 'Waiting for our first reply',
  'awaiting-answer': 'Quotes waiting for an answer',
  expiring: `Quotes expiring within ${EXPIRING_DAYS} days`,
  'to-invoice': 'Accepted, to invoice',
  unpaid: 'Invoices unpaid',
  overdue: 'Payments overdue',
  'refunds-due': 'Refunds due',
  'to-dispatch': 'Orders to dispatch',
  'to-complete': 'Shipped without invoice or dispatch details',
};

/** The order of a step's list: the most urgent first. */
export const TODAY_STEP_ORDER: Record<TodayStep, string> = {
  'to-reply': 'least time left on our reply promise first',
  'awaiting-answer': 'the soonest last day first',
  expiring: 'the soonest last day first',
  'to-invoice': 'oldest first',
  unpaid: 'the earliest due first',
  overdue: 'the earliest due first',
  'refunds-due': 'oldest first',
  'to-dispatch': 'invoiced longest ago first',
  'to-complete': 'oldest first',
};

/** An enquiry that waits for the first reply, with where the customer's reply promise stands. */
export interface TodayReply {
  id: number;
  displayId: number;
  customerName: string;
  customerPhone: string | null;
  createdAt: string;
  /** The promised moment (ISO). */
  replyBy: string;
  overdue: boolean;
  /** Working minutes until the promise (0 once it has passed). */
  workingMinutesLeft: number;
}

/** An invoice past its due date with something to pay, and the WhatsApp reminder the staff can send (domains/reminder/model.ts). */
export interface TodayOverdue {
  /** The enquiry's id and number. */
  id: number;
  displayId: number;
  customerName: string;
  invoiceNumber: string;
  dueOn: string;
  /** Still to pay, in paise. */
  balance: number;
  /** A wa.me chat with the reminder written, with the order's status link; null without a phone. */
  whatsapp: string | null;
}

/** GET /api/admin/today: how many enquiries each step holds, the first few to reply to, and the first overdue to chase. */
export interface TodayList {
  counts: Record<TodayStep, number>;
  toReply: TodayReply[];
  overdue: TodayOverdue[];
}

/** How many of the enquiries to reply to the dashboard names. */
export const TODAY_REPLIES_SHOWN = 5;
/** How many of the overdue invoices the dashboard names, the earliest due first. */
export const TODAY_OVERDUE_SHOWN = 5;
