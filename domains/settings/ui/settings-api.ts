import { useAdminChange, useAdminQuery } from '#app/admin/admin-api.ts';
import { sendJson } from '#app/lib/api.ts';
import { signedInUser, useAuthStatus } from '#domains/account/ui/use-auth.ts';
import type {
  SettingsAnswer,
  SettingsHistoryPage,
  SigningCertificate,
  SigningCertificateUpload,
} from '#domains/settings/schema.ts';

const KEY = ['admin', 'settings'] as const;

/** The signed-in member of staff's role (undefined while it is not known yet): only administrators use the settings. */
export const useRole = () => signedInUser(useAuthStatus().data)?.role;
const useIsAdmin = () => useRole() === 'admin';

/** GET /api/admin/settings: every section in force, whether the shop is still the demo and its set-up steps. */
export const useSettings = () => useAdminQuery<SettingsAnswer>(KEY, useIsAdmin() ? '/api/admin/settings' : null);

/** One page of the versions saved, newest first; `section` narrows it to one section's. */
export const useSettingsHistory = (section: string | null, page: number) => {
  const query = new URLSearchParams({ page: String(page), ...(section && { section }) });
  return useAdminQuery<SettingsHistoryPage>(
    [...KEY, 'history', section, page],
    useIsAdmin() ? `/api/admin/settings/history?${query}` : null,
    {
      keepPrevious: true,
    },
  );
};

/** PUT /api/admin/settings/{section}: saves one section as a new version; the settings and history are read again. */
export const useSaveSettings = () =>
  useAdminChange(({ section, body }: { section: string; body: unknown }) =>
    sendJson<SettingsAnswer>('PUT', `/api/admin/settings/${section}`, body),
  );

const SIGNING_KEY = [...KEY, 'signing'] as const;
type SigningAnswer = { certificate: SigningCertificate | null };

/** GET /api/admin/settings/signing: the digital signature certificate's subject and validity (never its key). */
export const useSigningCertificate = () =>
  useAdminQuery<SigningAnswer>(SIGNING_KEY, useIsAdmin() ? '/api/admin/settings/signing' : null);

/** PUT (the .p12 file in base64 and its password) or DELETE /api/admin/settings/signing. */
export const useChangeSigningCertificate = () =>
  useAdminChange((upload: SigningCertificateUpload | null) =>
    upload
      ? sendJson<SigningAnswer>('PUT', '/api/admin/settings/signing', upload)
      : sendJson<SigningAnswer>('DELETE', '/api/admin/settings/signing'),
  );
