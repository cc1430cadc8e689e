import { z } from 'zod';

import { pathIdSchema } from '#domains/catalogue/schema.ts';
import type { OnceNotice } from '#domains/customer/customer-notices.ts';
import { ENQUIRY_STATUSES, type EnquiryStatus, MAX_ENQUIRY_LINES } from '#domains/enquiry/model.ts';
import { cartAddSchema } from '#domains/enquiry/schema.ts';
import type { AmountInForce } from '#domains/invoice/amount-in-force.ts';
import { creditNoteBodySchema, dispatchSchema } from '#domains/invoice/schema.ts';
import { TODAY_STEPS } from '#domains/order-file/today.ts';
import type { PriceBasis } from '#domains/pricing/model.ts';
import { QUOTE_FILTERS, type QuoteSummary } from '#domains/quote/model.ts';
import { isCalendarDay } from '#lib/calendar.ts';
import { pagingFields } from '#lib/schemas/query.ts';
import { multiLine } from '#lib/schemas/text.ts';

export { ADMIN_MAX_PAGE_SIZE, ADMIN_PAGE_SIZE, pagingFields } from '#lib/schemas/query.ts';

/** A 'YYYY-MM-DD' query parameter that is a real day. */
export const day = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `'${name}' must be a date like 2026-11-23`)
    .refine(isCalendarDay, { error: `'${name}' is not a real date` });

/** The filters and page of an admin list; with none of them, the plain list of the newest rows. */
const listQueryFields = {
  ...pagingFields,
  seen: z.enum(['true', 'false'], { error: "'seen' must be true or false" }).optional(),
  from: day('from').optional(),
  to: day('to').optional(),
};

export const contactListQuerySchema = z.strictObject(listQueryFields);
export const orderListQuerySchema = z.strictObject({
  ...listQueryFields,
  status: z.enum(ENQUIRY_STATUSES, { error: `'status' must be one of ${ENQUIRY_STATUSES.join(', ')}` }).optional(),
  /** The state of the enquiry's latest quote (domains/quote/model.ts QUOTE_FILTERS). */
  quote: z.enum(QUOTE_FILTERS, { error: `'quote' must be one of ${QUOTE_FILTERS.join(', ')}` }).optional(),
  /** A step of the today list (domains/order-file/today.ts): its enquiries, the most urgent first. */
  step: z.enum(TODAY_STEPS, { error: `'step' must be one of ${TODAY_STEPS.join(', ')}` }).optional(),
});
export type ContactListQuery = z.output<typeof contactListQuerySchema>;
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

export const seenBodySchema = z.strictObject({ seen: z.boolean({ error: "'seen' must be true or false" }) });
/**
 * PATCH /api/admin/orders/{id}/status: the status; with 'shipped' the dispatch details when they are known; with
 * 'cancelled' of an invoiced enquiry, the reason of the credit note for everything not yet credited, issued in the
 * same step.
 */
export const statusBodySchema = z
  .strictObject({
    status: z.enum(ENQUIRY_STATUSES, { error: `'status' must be one of ${ENQUIRY_STATUSES.join(', ')}` }),
    dispatch: dispatchSchema.optional(),
    creditNote: creditNoteBodySchema.pick({ reason: true }).optional(),
  })
  .refine((change) => !change.dispatch || change.status === 'shipped', {
    path: ['dispatch'],
    error: 'Dispatch details go with the status shipped',
  })
  .refine((change) => !change.creditNote || change.status === 'cancelled', {
    path: ['creditNote'],
    error: 'A credit note goes with the status cancelled',
  });
export type StatusChange = z.output<typeof statusBodySchema>;
export const orderParamsSchema = z.strictObject({ id: pathIdSchema('Enquiry id') });
export const contactParamsSchema = z.strictObject({ id: pathIdSchema('Message id') });

/**
 * POST /api/admin/contacts/{id}/enquiry: the lines the customer asked for in their message (each checked and priced
 * from the catalogue, as a cart line is) and, when they gave one, the delivery address.
 */
export const messageEnquiryBodySchema = z.strictObject({
  deliveryLocation: multiLine().trim().max(500, 'Delivery address must be at most 500 characters').default(''),
  items: z
    .array(cartAddSchema, { error: 'items must be a list' })
    .min(1, 'Add at least one product to the enquiry')
    .max(MAX_ENQUIRY_LINES, `At most ${MAX_ENQUIRY_LINES} lines per enquiry`),
});
export type MessageEnquiryBody = z.input<typeof messageEnquiryBodySchema>;

export interface AdminOrderItem {
  id: number;
  productId: number;
  productName: string;
  quantity: number;
  /** Per carton, as a decimal string. */
  price: string;
  lineTotal: string;
  variationId: number | null;
  variationType: string | null;
  variationName: string | null;
  variationValue: string | null;
  options: Array<{ type: string; name: string; value: string }>;
  unitsPerCarton: number;
  unitType: string;
  pricePerUnit: string;
  cartonWeight: string | null;
  cartonDimensions: string | null;
  /** Why the line cost its price when it was sent (a quantity break, a price group); null on lines sent before. */
  priceBasis: PriceBasis | null;
}

/** An enquiry as the admin sees it (an order, in the admin's API). */
export interface AdminOrder {
  id: number;
  /** The enquiry number people quote (1000 + id). */
  displayId: number;
  createdAt: string;
  status: EnquiryStatus;
  seen: boolean;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  isGuest: boolean;
  userId: number | null;
  /** The guest's client-made session id, never the session cookie's token. */
  sessionId: string | null;
  deliveryLocation: string | null;
  shippingAddress: { street: string; city: string; state: string; zipCode: string } | null;
  specialRequests: string | null;
  /** The business's GSTIN given at checkout; null when none was. */
  customerGstin: string | null;
  subtotal: string;
  tax: string;
  total: string;
  items: AdminOrderItem[];
  /** The latest quote: its number, state and amount; null before the first. */
  quote: QuoteSummary | null;
  /** What the enquiry comes to now: the invoice's, else the waiting or accepted quote's, else the estimate. */
  amount: AmountInForce;
}

/** A contact inquiry as the admin sees it. */
export interface AdminContact {
  id: number;
  createdAt: string;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  inquiryType: string;
  message: string;
  seen: boolean;
  /** The enquiry the staff made of it, by its number, once they have. */
  enquiryDisplayId: number | null;
}

/** One admin change: who, what, before and after. */
export interface AuditEntry {
  id: number;
  createdAt: string;
  actor: string;
  action: string;
  before: unknown;
  after: unknown;
}

/** GET /api/admin/orders/{id}: the enquiry, its history, whether its status link works, the once-only e-mails sent. */
export interface AdminOrderDetails extends AdminOrder {
  history: AuditEntry[];
  statusLink: boolean;
  told: OnceNotice[];
}

/** A page of an admin list: the rows, how many match, and the All / Unseen / Seen counts under the other filters. */
export interface AdminPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  counts: { all: number; unseen: number; seen: number };
}

export interface AdminDashboard {
  /**
   * `latestUnseenId`: the newest unseen enquiry's id (null with none), so an open panel notices one a customer sends (an
   * enquiry the staff make themselves is seen already, and rings nothing).
   */
  orders: { total: number; unseen: number; latestUnseenId: number | null };
  contacts: { total: number; unseen: number };
  products: { total: number; inStock: number };
  /** The last 30 days in India time, oldest first, days without enquiries included. */
  enquiriesPerDay: Array<{ date: string; count: number }>;
  topProducts: Array<{ productId: number; productName: string; enquiries: number; cartons: number }>;
  /** Enquiries whose reply promise has passed without an answer (domains/enquiry/reply-promise.ts replyIsLate). */
  overdue: {
    count: number;
    /** The oldest first; `dueBy` is the moment the customer was promised. */
    items: Array<{ id: number; displayId: number; customerName: string; createdAt: string; dueBy: string }>;
  };
}

export interface SecuritySummary {
  critical: number;
  high: number;
  failedLogins: number;
}
