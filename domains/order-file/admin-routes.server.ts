import type { FastifyInstance } from 'fastify';

import { orderParamsSchema } from '#domains/enquiry/schema.ts';
import { sentLineOf, sentLineView } from '#domains/enquiry/sent-lines.ts';
import { statusBodySchema } from '#domains/invoice/schema.ts';
import { type AdminOrder, orderListQuerySchema } from '#domains/order-file/schema.ts';
import { QUOTE_STATE_LABELS } from '#domains/quote/model.ts';
import { istDateTime } from '#lib/india-time.ts';
import { toDecimalString } from '#lib/money.ts';
import { adminCollectionRoutes, type CsvColumns } from '#platform/http/admin-list.ts';
import { parseInput } from '#platform/http/errors.ts';
import { adminActor, STAFF_MAY } from '#platform/http/require-admin.ts';

import type { EnquiryAdmin } from './admin-service.server.ts';

const CSV_COLUMNS: CsvColumns<AdminOrder> = [
  ['Enquiry', (order) => order.displayId],
  ['Date (IST)', (order) => istDateTime(new Date(order.createdAt))],
  ['Status', (order) => order.status],
  ['Seen', (order) => order.seen],
  ['Name', (order) => order.customerName],
  ['Email', (order) => order.customerEmail],
  ['Phone', (order) => order.customerPhone],
  ['Delivery', (order) => order.deliveryLocation],
  ['Special requests', (order) => order.specialRequests],
  ['Items', (order) => order.items.map((item) => sentLineView(sentLineOf(item)).summary).join('; ')],
  ['Subtotal', (order) => order.subtotal],
  ['Tax', (order) => order.tax],
  ['Total', (order) => order.total],
  ['Type', (order) => (order.isGuest ? 'Guest' : 'User')],
  ['Quote', (order) => order.quote?.number ?? null],
  ['Quote status', (order) => (order.quote ? QUOTE_STATE_LABELS[order.quote.status] : null)],
  ['Quote total', (order) => (order.quote ? toDecimalString(order.quote.total) : null)],
];

/**
 * The admin's enquiries (/api/admin/orders). Without query parameters GET answers the plain list the admin's client
 * expects (the newest 100, the total in X-Total-Count); with any, a page with the tab counts.
 */
export function enquiryAdminRoutes(enquiries: EnquiryAdmin, siteUrl: string) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const idOf = adminCollectionRoutes(app, '/admin/orders', enquiries, {
      query: orderListQuerySchema,
      id: [orderParamsSchema, 'enquiry id'],
      changes: ['seen', 'delete'],
      csv: ['enquiries', CSV_COLUMNS],
    });

    // What waits for the staff now: each step's count (each a filter of the list above) and the first calls to make.
    app.get('/admin/today', STAFF_MAY, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return enquiries.today(siteUrl);
    });

    app.patch('/admin/orders/:id/status', STAFF_MAY, async (request) => {
      const id = idOf(request);
      const change = parseInput(statusBodySchema, request.body, 'change');
      return enquiries.setStatus(id, change, await adminActor(request), siteUrl);
    });

    app.post('/admin/orders/:id/status-link', STAFF_MAY, async (request) => {
      const id = idOf(request);
      await enquiries.newStatusLink(id, await adminActor(request), siteUrl);
      return { id, statusLink: true };
    });

    // The customer's status address, for the staff to paste into a chat or a call's follow-up.
    app.get('/admin/orders/:id/status-link', STAFF_MAY, async (request, reply) => {
      const id = idOf(request);
      reply.header('cache-control', 'no-store');
      return { url: await enquiries.statusLinkUrl(id, siteUrl) };
    });

    app.delete('/admin/orders/:id/status-link', STAFF_MAY, async (request) => {
      const id = idOf(request);
      await enquiries.revokeStatusLink(id, await adminActor(request));
      return { id, statusLink: false };
    });
  };
}
