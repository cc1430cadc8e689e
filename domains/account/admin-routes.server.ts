import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import { parseInput } from '#platform/http/errors.ts';

import type { SecurityLog } from './security-log.server.ts';

const WHOLE_NUMBER = 'Limit must be a whole number';
const logsQuery = z.strictObject({
  limit: z.coerce
    .number({ error: WHOLE_NUMBER })
    .int(WHOLE_NUMBER)
    .min(1, 'Limit must be at least 1')
    .max(500, 'Limit must be at most 500')
    .default(100),
});

/** The Security Center's summary counts cover this many days. */
const SUMMARY_DAYS = 30;

/** The Security Center's data (admins only: see platform/http/require-admin.ts). */
export function securityAdminRoutes(log: SecurityLog) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.get('/admin/security-logs', async (request, reply) => {
      const { limit } = parseInput(logsQuery, request.query, 'query');
      reply.header('cache-control', 'no-store');
      return log.latest(limit);
    });

    app.get('/admin/security-logs/summary', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return log.summary(SUMMARY_DAYS);
    });
  };
}
