import type { FastifyInstance } from 'fastify';

import { customerParamsSchema } from '#domains/customer/schema.ts';
import { remindersBodySchema } from '#domains/reminder/schema.ts';
import { parseInput } from '#platform/http/errors.ts';
import { adminActor, STAFF_MAY } from '#platform/http/require-admin.ts';

import type { Reminders } from './service.server.ts';

/** PUT /api/admin/customers/{id}/reminders: the staff stop a customer's reminders (a dispute) or resume them. */
export function reminderRoutes(reminders: Reminders) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.put('/admin/customers/:id/reminders', STAFF_MAY, async (request) => {
      const { id } = parseInput(customerParamsSchema, request.params, 'customer id');
      const { stopped } = parseInput(remindersBodySchema, request.body, 'reminders');
      return { remindersStopped: await reminders.setStopped(id, stopped, await adminActor(request)) };
    });
  };
}
