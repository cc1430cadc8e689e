import type { FastifyInstance } from 'fastify';

import { signedInCustomer } from '#domains/account/signed-in.server.ts';
import { AGEING_BUCKET_WORDS, AGEING_BUCKETS } from '#domains/statement/ageing.ts';
import { sendStatementPdf } from '#domains/statement/pdf.server.ts';
import { ageingQuerySchema, statementQuerySchema } from '#domains/statement/schema.ts';
import { notFound } from '#lib/errors.ts';
import { toDecimalString } from '#lib/money.ts';
import { oneBatch, sendCsv } from '#platform/http/csv.ts';
import { parseInput } from '#platform/http/errors.ts';

import type { StatementService } from './service.server.ts';

/**
 * What customers owe: a signed-in customer's own statement of account (JSON or PDF) and the ageing list (JSON or CSV);
 * the staff's, on a customer's record, are the customer's routes (domains/customer/routes.server.ts).
 */
export function statementRoutes(statements: StatementService) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.get('/account/statement', async (request, reply) => {
      const { id: userId } = await signedInCustomer(request);
      const { format, ...period } = parseInput(statementQuerySchema, request.query, 'query');
      const statement = await statements.ownStatement(userId, period);
      if (!statement) throw notFound('You have no enquiries yet');
      if (format === 'pdf') return sendStatementPdf(reply, statement, await statements.shop());
      reply.header('cache-control', 'private, no-store');
      return statement;
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
