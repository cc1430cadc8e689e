import type { FastifyInstance } from 'fastify';

import { customerListQuerySchema, customerNoteBodySchema, customerParamsSchema } from '../../../core/schemas/customers.ts';
import { answerAdminList } from '../../http/admin-list.ts';
import { parseInput } from '../../http/errors.ts';
import { adminActor, STAFF_MAY } from '../../http/require-admin.ts';
import type { CustomerService } from './service.ts';

/** The customers: the list (searchable, paged), one customer's record, and the note the staff keep about them. */
export function customerRoutes(customers: CustomerService) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.get('/admin/customers', STAFF_MAY, (request, reply) =>
      answerAdminList(request, reply, customerListQuerySchema, '/api/admin/customers', (query) => customers.list(query)),
    );

    app.get<{ Params: { id: string } }>('/admin/customers/:id', STAFF_MAY, async (request, reply) => {
      const { id } = parseInput(customerParamsSchema, request.params, 'customer id');
      reply.header('cache-control', 'no-store');
      return customers.get(id);
    });

    app.put<{ Params: { id: string } }>('/admin/customers/:id/note', STAFF_MAY, async (request) => {
      const { id } = parseInput(customerParamsSchema, request.params, 'customer id');
      const { note } = parseInput(customerNoteBodySchema, request.body, 'note');
      return { note: await customers.setNote(id, note, await adminActor(request)) };
    });
  };
}
