import type { FastifyInstance, FastifyRequest } from 'fastify';

import { fullySignedIn } from '#domains/account/model.ts';
import { enquiryPayloadSchema } from '#domains/enquiry/schema.ts';
import { parseInput } from '#platform/http/errors.ts';
import { idempotencyKeyOf } from '#platform/http/idempotency-key.ts';
import { perVisitor, type RateLimit } from '#platform/http/rate-limits.ts';

import type { EnquiryService } from './service.server.ts';

interface EnquiryLimits {
  perVisitor: RateLimit;
  /** Counts the enquiry against its address's ceiling (all visitors behind it together); refuses with 429 past it. */
  perAddress: (request: FastifyRequest) => Promise<void>;
}

export function enquiryRoutes(orders: EnquiryService, siteUrl: string, limits: EnquiryLimits) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.post('/orders', { config: { rateLimit: perVisitor(limits.perVisitor) } }, async (request, reply) => {
      const payload = parseInput(enquiryPayloadSchema, request.body, 'enquiry');
      const key = idempotencyKeyOf(request);
      await limits.perAddress(request);
      const session = await request.ensureVisitorSession(reply);
      // The account comes from the session, never from the body: a guest's userId is ignored.
      const userId = fullySignedIn(session.user, session.twoFactorPending)?.id ?? null;
      const created = await orders.create(payload, {
        visitorSessionId: session.id,
        idempotencyKey: key,
        userId,
        siteUrl,
      });
      return reply.status(201).send(created);
    });
  };
}
