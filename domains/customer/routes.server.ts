import type { FastifyInstance } from 'fastify';

import { customerPriceGroupBodySchema } from '#domains/customer/price-group-schema.ts';
import type { PriceGroupService } from '#domains/customer/price-groups.server.ts';
import { customerListQuerySchema, customerNoteBodySchema, customerParamsSchema } from '#domains/customer/schema.ts';
import { remindersBodySchema } from '#domains/reminder/schema.ts';
import type { Reminders } from '#domains/reminder/service.server.ts';
import { sendStatementPdf } from '#domains/statement/pdf.server.ts';
import { statementEmailBodySchema, statementQuerySchema } from '#domains/statement/schema.ts';
import type { StatementService } from '#domains/statement/service.server.ts';
import { adminCollectionRoutes } from '#platform/http/admin-list.ts';
import { parseInput } from '#platform/http/errors.ts';
import { idempotencyKeyOf } from '#platform/http/idempotency-key.ts';
import { adminActor, STAFF_MAY } from '#platform/http/require-admin.ts';

import type { CustomerService } from './service.server.ts';

/**
 * The customers: the list (searchable, paged), one customer's record, and what the staff do on it: the note they keep,
 * the price group, the reminders stopped or resumed, the statement of account (read, as a PDF, e-mailed).
 */
export function customerRoutes(
  customers: CustomerService,
  groups: PriceGroupService,
  reminders: Reminders,
  statements: StatementService,
) {
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

    app.put('/admin/customers/:id/price-group', STAFF_MAY, async (request) => {
      const { id } = parseInput(customerParamsSchema, request.params, 'customer id');
      const { groupId } = parseInput(customerPriceGroupBodySchema, request.body, 'price group');
      return { priceGroup: await groups.setCustomerGroup(id, groupId, await adminActor(request)) };
    });

    app.put('/admin/customers/:id/reminders', STAFF_MAY, async (request) => {
      const { id } = parseInput(customerParamsSchema, request.params, 'customer id');
      const { stopped } = parseInput(remindersBodySchema, request.body, 'reminders');
      return { remindersStopped: await reminders.setStopped(id, stopped, await adminActor(request)) };
    });

    app.get('/admin/customers/:id/statement', STAFF_MAY, async (request, reply) => {
      const { id } = parseInput(customerParamsSchema, request.params, 'customer id');
      const { format, ...period } = parseInput(statementQuerySchema, request.query, 'query');
      const statement = await statements.statement(id, period);
      if (format === 'pdf') return sendStatementPdf(reply, statement, await statements.shop());
      reply.header('cache-control', 'no-store');
      return statement;
    });

    app.post('/admin/customers/:id/statement/email', STAFF_MAY, async (request) => {
      const { id } = parseInput(customerParamsSchema, request.params, 'customer id');
      const period = parseInput(statementEmailBodySchema, request.body ?? {}, 'period');
      return statements.emailStatement(id, period, await adminActor(request), idempotencyKeyOf(request));
    });
  };
}
