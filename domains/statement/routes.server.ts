import type { FastifyInstance } from 'fastify';

import { signedInCustomer } from '#domains/account/signed-in.server.ts';
import { customerParamsSchema } from '#domains/customer/schema.ts';
import { AGEING_BUCKET_WORDS, AGEING_BUCKETS } from '#domains/statement/ageing.ts';
import { sendStatementPdf } from '#domains/statement/pdf.server.ts';
import { ageingQuerySchema, statementEmailBodySchema, statementQuerySchema } from '#domains/statement/schema.ts';
import { notFound } from '#lib/errors.ts';
import { toDecimalString } from '#lib/money.ts';
import { oneBatch, sendCsv } from '#platform/http/csv.ts';
import { parseInput } from '#platform/http/errors.ts';
import { idempotencyKeyOf } from '#platform/http/idempotency-key.ts';
import { adminActor, STAFF_MAY } from '#platform/http/require-admin.ts';

import type { StatementService } from './service.server.ts';

/**
 * What customers owe: a customer's statement of account (JSON or PDF) for the staff and e-mailed on their request, a
 * signed-in customer's own, and the ageing list (JSON or CSV).
 */
export function statementRoutes(statements: StatementService) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.get('/admin/customers/:id/statement', STAFF_MAY, async (request, reply) => {
      const { id } = parseInput(customerParamsSchema, request.params, 'customer id');
      const { format, ...period } = parseInput(statementQuerySchema, request.query, 'query');
      const statement = await statements.statement(id, period);
      if (format === 'pdf') return sendStatementPdf(reply, statement, await statements.shop());
      reply.header('cache-control', 'no-store');
      return statement;
    });

    app.get('/account/statement', async (request, reply) => {
      const { id: userId } = await signedInCustomer(request);
      const { format, ...period } = parseInput(statementQuerySchema, request.query, 'query');
      const statement = await statements.ownStatement(userId, period);
      if (!statement) throw notFound('You have no enquiries yet');
      if (format === 'pdf') return sendStatementPdf(reply, statement, await statements.shop());
      reply.header('cache-control', 'private, no-store');
      return statement;
    });

    app.post('/admin/customers/:id/statement/email', STAFF_MAY, async (request) => {
      const { id } = parseInput(customerParamsSchema, request.params, 'customer id');
      const period = parseInput(statementEmailBodySchema, request.body ?? {}, 'period');
      return statements.emailStatement(id, period, await adminActor(request), idempotencyKeyOf(request));
    });

    // Reports are for administrators, as the staff areas of the guard have it (the GSTR-1 report too).
    app.get('/admin/reports/ageing', async (request, reply) => {
      const { format } = parseInput(ageingQuerySchema, request.query, 'query');
      const report = await statements.ageing();
      if (format === 'csv') {
        const amounts = (row: (typeof report)['totals']) => [
          ...AGEING_BUCKETS.map((bucket) => toDecimalString(row[bucket])),
          toDecimalString(row.total),
        ];
        const rows = [
          ...report.customers.map((row) => [row.id, row.name, row.invoices, ...amounts(row)]),
          ['', 'Total', report.customers.reduce((sum, row) => sum + row.invoices, 0), ...amounts(report.totals)],
        ];
        return sendCsv(
          reply,
          `ageing-${report.asOf}.csv`,
          ['Customer id', 'Customer', 'Open invoices', ...AGEING_BUCKETS.map((bucket) => AGEING_BUCKET_WORDS[bucket]), 'Total'],
          oneBatch(rows),
          (row) => row,
        );
      }
      reply.header('cache-control', 'no-store');
      return report;
    });
  };
}
