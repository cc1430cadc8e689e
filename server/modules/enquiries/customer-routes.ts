import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';

import { fullySignedIn } from '../../../core/auth.ts';
import type { EnquireAgainResult } from '../../../core/enquiry-status.ts';
import {
  enquiryNumberParamsSchema,
  MY_ENQUIRIES_PAGE_SIZE,
  myEnquiriesQuerySchema,
} from '../../../core/schemas/enquiry-status.ts';
import { isDomainError, notSignedIn } from '../../domain/errors.ts';
import { parseInput } from '../../http/errors.ts';
import type { CartService } from '../cart/service.ts';
import type { CustomerEnquiries } from './customer-service.ts';

const tokenParams = z.strictObject({ token: z.string() });

async function signedInCustomer(request: FastifyRequest): Promise<number> {
  const session = await request.visitorSession();
  const user = session && fullySignedIn(session.user, session.twoFactorPending);
  if (!user) throw notSignedIn('Please log in to see your enquiries');
  return user.id;
}

/** The customer's side of a sent enquiry: the status page by its link, and 'My enquiries' for signed-in customers. */
export function customerEnquiryRoutes(enquiries: CustomerEnquiries, cart: CartService) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get('/enquiries/status/:token', async (request) => {
      const { token } = parseInput(tokenParams, request.params, 'status link');
      return enquiries.byToken(token);
    });

    app.get('/account/enquiries', async (request) => {
      const userId = await signedInCustomer(request);
      const { page } = parseInput(myEnquiriesQuerySchema, request.query, 'query');
      return enquiries.list(userId, page, MY_ENQUIRIES_PAGE_SIZE);
    });

    app.get('/account/enquiries/:number', async (request) => {
      const userId = await signedInCustomer(request);
      const { number } = parseInput(enquiryNumberParamsSchema, request.params, 'enquiry number');
      return enquiries.ownEnquiry(userId, number);
    });

    // Each line goes into the cart at today's price; a line the catalogue no longer allows is named, not dropped.
    app.post('/account/enquiries/:number/enquire-again', async (request): Promise<EnquireAgainResult> => {
      const userId = await signedInCustomer(request);
      const { number } = parseInput(enquiryNumberParamsSchema, request.params, 'enquiry number');
      const result: EnquireAgainResult = { added: 0, unavailable: [] };
      for (const line of await enquiries.linesToRepeat(userId, number)) {
        try {
          if (line.optionIds === null) throw new UnavailableOption();
          await cart.add({ userId }, line);
          result.added += 1;
        } catch (error) {
          if (!(error instanceof UnavailableOption) && !isDomainError(error)) throw error;
          result.unavailable.push({ name: line.name, reason: reasonOf(error) });
        }
      }
      return result;
    });
  };
}

class UnavailableOption extends Error {}

function reasonOf(error: unknown): string {
  if (error instanceof UnavailableOption) return 'One of its options is no longer offered';
  const message = (error as Error).message;
  return /not found/i.test(message) ? 'No longer in the catalogue' : message;
}
