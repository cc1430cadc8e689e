import type { FastifyInstance } from 'fastify';

import { contactPayloadSchema } from '#domains/enquiry/schema.ts';
import { parseInput } from '#platform/http/errors.ts';
import { perVisitor, type RateLimit } from '#platform/http/rate-limits.ts';

import type { ContactService } from './service.server.ts';

export function contactRoutes(contact: ContactService, rateLimit: RateLimit) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.post('/contact', { config: { rateLimit: perVisitor(rateLimit) } }, async (request, reply) => {
      const input = parseInput(contactPayloadSchema, request.body, 'message');
      const { id } = await contact.create(input);
      return reply.status(201).send({ id, message: 'Message sent successfully!' });
    });
  };
}
