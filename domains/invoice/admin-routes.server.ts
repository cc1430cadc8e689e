import type { FastifyInstance } from 'fastify';

import { orderParamsSchema } from '#domains/enquiry/schema.ts';
import { INVOICE_COPY_NAMES } from '#domains/invoice/invoice-view.ts';
import {
  creditNoteBodySchema,
  creditNoteParamsSchema,
  creditNotePreviewSchema,
  invoiceBodySchema,
  invoicePdfQuerySchema,
  paymentBodySchema,
  refundBodySchema,
} from '#domains/invoice/schema.ts';
import { parseInput } from '#platform/http/errors.ts';
import { idempotencyKeyOf } from '#platform/http/idempotency-key.ts';
import { adminActor, STAFF_MAY } from '#platform/http/require-admin.ts';

import type { InvoiceService } from './service.server.ts';
import { creditNoteViewOf, invoiceViewOf, sendTaxDocumentPdf } from './views.server.ts';

/**
 * After the yes, for the staff: the enquiry's tax invoice, its credit notes, payments and refunds (the month's GSTR-1
 * is the handoff's).
 * (Dispatch details go with PATCH /api/admin/orders/{id}/status.)
 */
export function invoiceAdminRoutes(invoices: InvoiceService, siteUrl: string) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.get<{ Params: { id: string } }>('/admin/orders/:id/invoice', STAFF_MAY, async (request, reply) => {
      const { id } = parseInput(orderParamsSchema, request.params, 'enquiry id');
      reply.header('cache-control', 'no-store');
      return invoices.forOrder(id);
    });

    // The order details ask whether there is an invoice yet: 'none' is an answer there, not a missing resource.
    app.get<{ Params: { id: string } }>('/admin/orders/:id/invoice-status', STAFF_MAY, async (request, reply) => {
      const { id } = parseInput(orderParamsSchema, request.params, 'enquiry id');
      reply.header('cache-control', 'no-store');
      return { invoice: await invoices.ofOrderOrNone(id) };
    });

    // The staff print the three copies Rule 48 asks for, or the one they name.
    app.get<{ Params: { id: string } }>('/admin/orders/:id/invoice/pdf', STAFF_MAY, async (request, reply) => {
      const { id } = parseInput(orderParamsSchema, request.params, 'enquiry id');
      const { copy } = parseInput(invoicePdfQuerySchema, request.query, 'copy');
      return sendTaxDocumentPdf(reply, invoiceViewOf(await invoices.forOrder(id)), copy ? [copy] : INVOICE_COPY_NAMES);
    });

    app.get('/admin/orders/:id/credit-notes/:n/pdf', STAFF_MAY, async (request, reply) => {
      const { id, n } = parseInput(creditNoteParamsSchema, request.params, 'credit note');
      return sendTaxDocumentPdf(reply, creditNoteViewOf(await invoices.forOrder(id), n));
    });

    app.post<{ Params: { id: string } }>('/admin/orders/:id/invoice', STAFF_MAY, async (request, reply) => {
      const { id } = parseInput(orderParamsSchema, request.params, 'enquiry id');
      const body = parseInput(invoiceBodySchema, request.body ?? {}, 'invoice');
      const issued = await invoices.issue(id, body, await adminActor(request), siteUrl);
      return reply.status(201).send(issued);
    });

    app.post<{ Params: { id: string } }>('/admin/orders/:id/credit-notes', STAFF_MAY, async (request, reply) => {
      const { id } = parseInput(orderParamsSchema, request.params, 'enquiry id');
      const body = parseInput(creditNoteBodySchema, request.body, 'credit note');
      const note = await invoices.issueCreditNote(id, body, await adminActor(request), siteUrl);
      return reply.status(201).send(note);
    });

    // The figures the staff confirm before issuing: worked out as issuing would, and nothing is stored.
    app.post<{ Params: { id: string } }>('/admin/orders/:id/credit-notes/preview', STAFF_MAY, async (request, reply) => {
      const { id } = parseInput(orderParamsSchema, request.params, 'enquiry id');
      const body = parseInput(creditNotePreviewSchema, request.body, 'credit note');
      reply.header('cache-control', 'no-store');
      return invoices.previewCreditNote(id, body);
    });

    app.post<{ Params: { id: string } }>('/admin/orders/:id/payments', STAFF_MAY, async (request, reply) => {
      const { id } = parseInput(orderParamsSchema, request.params, 'enquiry id');
      const body = parseInput(paymentBodySchema, request.body, 'payment');
      const key = idempotencyKeyOf(request);
      const recorded = await invoices.recordPayment(id, body, await adminActor(request), siteUrl, key);
      return reply.status(201).send(recorded);
    });

    // A refund paid out to the customer: with the same care, key and roles as a payment.
    app.post<{ Params: { id: string } }>('/admin/orders/:id/refunds', STAFF_MAY, async (request, reply) => {
      const { id } = parseInput(orderParamsSchema, request.params, 'enquiry id');
      const body = parseInput(refundBodySchema, request.body, 'refund');
      const recorded = await invoices.recordRefund(id, body, await adminActor(request), idempotencyKeyOf(request));
      return reply.status(201).send(recorded);
    });
  };
}
