import type { EnquiryStatus, SentLine } from '#domains/enquiry/model.ts';
import type { CustomerInvoice } from '#domains/invoice/invoice-view.ts';
import type { Quote, QuoteStatus, QuoteSummary } from '#domains/quote/model.ts';
import { terms } from '#domains/settings/terms.ts';
import { msg } from '#lib/i18n/translate.ts';

import type { TimelineStep } from './timeline.ts';

const [fromDays, toDays] = terms.delivery.transitDays;
/** The values a status's detail may name: `t(status.detail, TRANSIT_DAYS)`. */
export const TRANSIT_DAYS = { from: fromDays, to: toDays };

/**
 * Each status as a customer reads it on the status page and in 'My enquiries' (the admin sees the bare status names):
 * English messages, shown in the page's language.
 */
export const CUSTOMER_STATUS: Record<EnquiryStatus, { label: string; detail: string }> = {
  pending: {
    label: msg('Received'),
    detail: msg('We have your enquiry and will call you to confirm the details and the price.'),
  },
  confirmed: { label: msg('Confirmed'), detail: msg('We have agreed the order with you and will start preparing it.') },
  processing: { label: msg('Being prepared'), detail: msg('Your cartons are being packed for dispatch.') },
  shipped: { label: msg('On its way'), detail: msg('Your cartons have left Aluva: {from}-{to} days in transit.') },
  delivered: { label: msg('Delivered'), detail: msg('Your order was delivered. Thank you for choosing us.') },
  cancelled: { label: msg('Cancelled'), detail: msg('This enquiry was cancelled. Call us if that is not what you expected.') },
};

/**
 * Where an enquiry stands for its customer: its status, except while it is pending and the latest quote says more
 * (waiting for their answer, declined, expired): the status page and 'My enquiries' both read it here.
 */
export function customerStatus(status: EnquiryStatus, quote: QuoteStatus | null): { label: string; detail: string } {
  if (status !== 'pending') return CUSTOMER_STATUS[status];
  if (quote === 'sent') {
    return {
      label: msg('Quote waiting for your answer'),
      detail: msg('We have sent you a quote: accept it or decline it below.'),
    };
  }
  if (quote === 'declined') {
    return {
      label: msg('Quote declined'),
      detail: msg('You declined our quote. Call or WhatsApp us if you would like another.'),
    };
  }
  if (quote === 'expired') {
    return { label: msg('Quote expired'), detail: msg('Our quote has passed its last day. Call or WhatsApp us for a new one.') };
  }
  return CUSTOMER_STATUS.pending;
}

/** An enquiry as its customer sees it: the lines as sent and where it stands; none of the staff's fields. */
export interface CustomerEnquiry {
  displayId: number;
  createdAt: string;
  status: EnquiryStatus;
  lines: SentLine[];
  subtotal: string;
  total: string;
  /** The reply promise while the enquiry waits for the shop's call (status 'pending'); null afterwards. */
  reply: { by: string; text: string; overdue: boolean } | null;
  /** Every version of the shop's quote, newest first. */
  quotes: Quote[];
  /** The tax invoice once issued, with where its payment stands and how to pay. */
  invoice: CustomerInvoice | null;
  /** Received → quoted → accepted → invoiced → paid → dispatched → delivered (or cancelled). */
  timeline: TimelineStep[];
}

/** A row of 'My enquiries'. */
export interface CustomerEnquirySummary {
  displayId: number;
  createdAt: string;
  status: EnquiryStatus;
  total: string;
  lineCount: number;
  /** The latest quote: its number, state and amount; null before the first. */
  quote: QuoteSummary | null;
}

/**
 * What 'Enquire again' did: the lines it put in the cart, those already there with as many cartons (a second tap
 * changes nothing), and those it could not add, by name with the reason.
 */
export interface EnquireAgainResult {
  added: number;
  alreadyInCart: number;
  unavailable: Array<{ name: string; reason: string }>;
}
