import type { FastifyInstance } from 'fastify';

import type { DocumentSigner } from '#domains/settings/pdf-signing.server.ts';
import {
  sectionParamsSchema,
  SETTINGS_SCHEMAS,
  settingsHistoryQuerySchema,
  type SettingsSection,
  type ShopSettings,
  type SigningCertificate,
  signingCertificateUploadSchema,
} from '#domains/settings/schema.ts';
import { parseInput } from '#platform/http/errors.ts';
import { adminActor } from '#platform/http/require-admin.ts';
import { neverCached } from '#platform/http/security-headers.ts';

import type { SettingsService } from './service.server.ts';

/** /api/admin/settings: the shop's own details (administrators only, like every /api/admin route without STAFF_MAY). */
export function settingsAdminRoutes(settings: SettingsService, signer: DocumentSigner) {
  return async function routes(app: FastifyInstance): Promise<void> {
    neverCached(app);

    app.get('/admin/settings', async () => settings.answer());

    app.get('/admin/settings/history', async (request) =>
      settings.history(parseInput(settingsHistoryQuerySchema, request.query, 'query')),
    );

    // The digital signature certificate: its subject and validity are answered, never its key or password.
    app.get('/admin/settings/signing', async (): Promise<{ certificate: SigningCertificate | null }> => ({
      certificate: await signer.current(),
    }));

    app.put('/admin/settings/signing', async (request): Promise<{ certificate: SigningCertificate | null }> => {
      const upload = parseInput(signingCertificateUploadSchema, request.body, 'certificate');
      return { certificate: await signer.set(upload, await adminActor(request)) };
    });

    app.delete('/admin/settings/signing', async (request): Promise<{ certificate: SigningCertificate | null }> => {
      await signer.remove(await adminActor(request));
      return { certificate: null };
    });

    app.put<{ Params: { section: string } }>('/admin/settings/:section', async (request) => {
      const { section } = parseInput(sectionParamsSchema, request.params, 'section');
      const value = parseInput(SETTINGS_SCHEMAS[section], request.body, 'settings') as ShopSettings[SettingsSection];
      return settings.save(section, value, await adminActor(request));
    });
  };
}
