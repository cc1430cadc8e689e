import type { FastifyInstance } from 'fastify';

import { STAFF_MAY } from '#platform/http/require-admin.ts';

import type { DashboardService } from './dashboard-service.server.ts';

/** GET /api/admin/dashboard: the dashboard's figures and the unseen counts the admin screens poll. */
export function dashboardRoutes(dashboard: DashboardService) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.get('/admin/dashboard', STAFF_MAY, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return dashboard.figures();
    });
  };
}
