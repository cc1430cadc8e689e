import type { FastifyInstance } from 'fastify';

import { customerListQuerySchema, customerNoteBodySchema, customerParamsSchema } from '#domains/customer/schema.ts';
import { adminCollectionRoutes } from '#platform/http/admin-list.ts';
import { parseInput } from '#platform/http/errors.ts';
import { adminActor, STAFF_MAY } from '#platform/http/require-admin.ts';

import type { CustomerService } from './service.server.ts';

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
