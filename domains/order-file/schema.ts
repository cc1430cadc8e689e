// The staff's order list and an enquiry's details as the panel reads them: the read side's shapes.
import { z } from 'zod';

import { ENQUIRY_STATUSES, type EnquiryStatus } from '#domains/enquiry/model.ts';
import type { AmountInForce } from '#domains/invoice/amount-in-force.ts';
import type { OnceNotice } from '#domains/invoice/customer-notices.ts';
import { TODAY_STEPS } from '#domains/order-file/today.ts';
import type { PriceBasis } from '#domains/pricing/model.ts';
import { QUOTE_FILTERS, type QuoteSummary } from '#domains/quote/model.ts';
import type { AuditEntry } from '#lib/audit.ts';
import { adminListQueryFields } from '#lib/schemas/list.ts';

export const orderListQuerySchema = z.strictObject({
  ...adminListQueryFields,
  status: z.enum(ENQUIRY_STATUSES, { error: `'status' must be one of ${ENQUIRY_STATUSES.join(', ')}` }).optional(),
  /** The state of the enquiry's latest quote (domains/quote/model.ts QUOTE_FILTERS). */
  quote: z.enum(QUOTE_FILTERS, { error: `'quote' must be one of ${QUOTE_FILTERS.join(', ')}` }).optional(),
  /** A step of the today list (domains/order-file/today.ts): its enquiries, the most urgent first. */
  step: z.enum(TODAY_STEPS, { error: `'step' must be one of ${TODAY_STEPS.join(', ')}` }).optional(),
});
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

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

/** GET /api/admin/orders/{id}: the enquiry, its history, whether its status link works, the once-only e-mails sent. */
export interface AdminOrderDetails extends AdminOrder {
  history: AuditEntry[];
  statusLink: boolean;
  told: OnceNotice[];
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
