import type { FastifyInstance } from 'fastify';

import {
  sectionParamsSchema,
  SETTINGS_SCHEMAS,
  settingsHistoryQuerySchema,
  type SettingsSection,
  type ShopSettings,
} from '../../../core/schemas/settings.ts';
import { parseInput } from '../../http/errors.ts';
import { adminActor } from '../../http/require-admin.ts';
import type { SettingsService } from './service.ts';

/** /api/admin/settings: the shop's own details (administrators only, like every /api/admin route without STAFF_MAY). */
export function settingsAdminRoutes(settings: SettingsService) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get('/admin/settings', async () => settings.answer());

    app.get('/admin/settings/history', async (request) =>
      settings.history(parseInput(settingsHistoryQuerySchema, request.query, 'query')),
    );

    app.put<{ Params: { section: string } }>('/admin/settings/:section', async (request) => {
      const { section } = parseInput(sectionParamsSchema, request.params, 'section');
      const value = parseInput(SETTINGS_SCHEMAS[section], request.body, 'settings') as ShopSettings[SettingsSection];
      return settings.save(section, value, await adminActor(request));
    });
  };
}
