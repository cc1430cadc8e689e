import type { FastifyInstance, FastifyRequest } from 'fastify';

import { displayIdOf } from '#domains/enquiry/model.ts';
import { orderParamsSchema } from '#domains/enquiry/schema.ts';
import { parseInput } from '#platform/http/errors.ts';
import { adminActor, STAFF_MAY } from '#platform/http/require-admin.ts';

import { sendQuotePdf } from './pdf.server.ts';
import { quoteBodySchema, quoteVersionParamsSchema } from './schema.ts';
import type { QuoteService } from './service.server.ts';

const idOf = (request: FastifyRequest) => parseInput(orderParamsSchema, request.params, 'enquiry id').id;

/**
 * The staff's quotes of an enquiry (/api/admin/orders/{id}/quotes). The customer's answer is taken on the status page's
 * routes (domains/order-file/customer-routes.server.ts), which find the enquiry by its link or account first.
 */
export function quoteAdminRoutes(quotes: QuoteService, siteUrl: string) {
  return async function routes(app: FastifyInstance): Promise<void> {
    // Quotes: the versions sent and the form's starting point; a new version; each version as a PDF.
    app.get('/admin/orders/:id/quotes', STAFF_MAY, async (request, reply) => {
      const id = idOf(request);
      reply.header('cache-control', 'no-store');
      const [draft, versions] = await Promise.all([quotes.draft(id), quotes.forEnquiry(id)]);
      return { draft, quotes: versions };
    });

    // The review before sending: the quote as the customer will get it, the cautions, the e-mail. Nothing is stored.
    app.post('/admin/orders/:id/quotes/preview', STAFF_MAY, async (request, reply) => {
      const id = idOf(request);
      const body = parseInput(quoteBodySchema, request.body, 'quote');
      reply.header('cache-control', 'no-store');
      return quotes.preview(id, body, siteUrl);
    });

    app.post('/admin/orders/:id/quotes', STAFF_MAY, async (request, reply) => {
      const id = idOf(request);
      const body = parseInput(quoteBodySchema, request.body, 'quote');
      const quote = await quotes.send(id, body, await adminActor(request), siteUrl);
      return reply.status(201).send(quote);
    });

    app.get<{ Params: { id: string; version: string } }>(
      '/admin/orders/:id/quotes/:version/pdf',
      STAFF_MAY,
      async (request, reply) => {
        const { id, version } = parseInput(quoteVersionParamsSchema, request.params, 'quote');
        return sendQuotePdf(reply, await quotes.one(id, version), displayIdOf(id));
      },
    );
  };
}
