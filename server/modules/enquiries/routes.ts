import type { FastifyInstance, FastifyRequest } from 'fastify';

import { fullySignedIn } from '../../../core/auth.ts';
import { invalid } from '../../../core/errors.ts';
import { enquiryPayloadSchema } from '../../../core/schemas/enquiry.ts';
import { parseInput } from '../../http/errors.ts';
import { perVisitor, type RateLimit } from '../../http/rate-limits.ts';
import type { EnquiryService } from './service.ts';

/** Long enough that a key cannot be guessed or collide by chance (a UUID or 16+ random characters), and safe to store. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,100}$/;

interface EnquiryLimits {
  perVisitor: RateLimit;
  /** Counts the enquiry against its address's ceiling (all visitors behind it together); refuses with 429 past it. */
  perAddress: (request: FastifyRequest) => Promise<void>;
}

export function enquiryRoutes(orders: EnquiryService, siteUrl: string, limits: EnquiryLimits) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.post('/orders', { config: { rateLimit: perVisitor(limits.perVisitor) } }, async (request, reply) => {
      const payload = parseInput(enquiryPayloadSchema, request.body, 'enquiry');
      const key = request.headers['idempotency-key'];
      if (key !== undefined && (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key))) {
        throw invalid('Idempotency-Key must be 16 to 100 letters, digits, - or _');
      }
      await limits.perAddress(request);
      const session = await request.ensureVisitorSession(reply);
      // The account comes from the session, never from the body: a guest's userId is ignored.
      const userId = fullySignedIn(session.user, session.twoFactorPending)?.id ?? null;
      const created = await orders.create(payload, {
        visitorSessionId: session.id,
        idempotencyKey: key ?? null,
        userId,
        siteUrl,
      });
      return reply.status(201).send(created);
    });
  };
}
