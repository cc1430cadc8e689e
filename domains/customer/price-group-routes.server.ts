import type { FastifyInstance, FastifyRequest } from 'fastify';

import { fullySignedIn } from '#domains/account/model.ts';
import { priceGroupBodySchema, priceGroupParamsSchema } from '#domains/customer/price-group-schema.ts';
import { parseInput } from '#platform/http/errors.ts';
import { adminActor, STAFF_MAY } from '#platform/http/require-admin.ts';

import type { PriceGroupService } from './price-groups.server.ts';

/** The account a request is fully signed in as, or null (a guest, a code still pending). */
export async function signedInUserId(request: FastifyRequest): Promise<number | null> {
  const session = await request.visitorSession();
  return fullySignedIn(session?.user ?? null, session?.twoFactorPending ?? false)?.id ?? null;
}

/**
 * Price groups (docs/decisions/511-trade-prices-minimums-steps-and-breaks.md): administrators name them and set their
 * prices; the staff read them (and put a customer in one on the customer's record: domains/customer/routes.server.ts);
 * a signed-in customer reads the terms they are priced by.
 */
export function priceGroupRoutes(groups: PriceGroupService) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const idOf = (request: FastifyRequest) => parseInput(priceGroupParamsSchema, request.params, 'price group id').id;

    app.get('/admin/price-groups', STAFF_MAY, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return groups.list();
    });

    app.get('/admin/price-groups/:id', STAFF_MAY, async (request, reply) => {
      const id = idOf(request);
      reply.header('cache-control', 'no-store');
      return groups.get(id);
    });

    app.post('/admin/price-groups', async (request, reply) => {
      const body = parseInput(priceGroupBodySchema, request.body, 'price group');
      reply.code(201);
      return groups.create(body, await adminActor(request));
    });

    app.put('/admin/price-groups/:id', async (request) => {
      const id = idOf(request);
      const body = parseInput(priceGroupBodySchema, request.body, 'price group');
      return groups.update(id, body, await adminActor(request));
    });

    app.delete('/admin/price-groups/:id', async (request) => {
      const id = idOf(request);
      await groups.remove(id, await adminActor(request));
      return { success: true };
    });

    // The terms the visitor's pages price by: a guest's and an account's outside any group are null (the public prices).
    app.get('/account/price-group', async (request, reply) => {
      const userId = await signedInUserId(request);
      reply.header('cache-control', 'private, no-store');
      return { group: userId === null ? null : await groups.termsOfUser(userId) };
    });
  };
}
