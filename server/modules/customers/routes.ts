import type { FastifyInstance } from 'fastify';

import { customerListQuerySchema, customerNoteBodySchema, customerParamsSchema } from '#core/schemas/customers.ts';
import { adminCollectionRoutes } from '#server/http/admin-list.ts';
import { parseInput } from '#server/http/errors.ts';
import { adminActor, STAFF_MAY } from '#server/http/require-admin.ts';

import type { CustomerService } from './service.ts';

/** The customers: the list (searchable, paged), one customer's record, and the note the staff keep about them. */
export function customerRoutes(customers: CustomerService) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const idOf = adminCollectionRoutes(app, '/admin/customers', customers, {
      query: customerListQuerySchema,
      id: [customerParamsSchema, 'customer id'],
    });

    app.put('/admin/customers/:id/note', STAFF_MAY, async (request) => {
      const id = idOf(request);
      const { note } = parseInput(customerNoteBodySchema, request.body, 'note');
      return { note: await customers.setNote(id, note, await adminActor(request)) };
    });
  };
}
