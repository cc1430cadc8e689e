import type { SettingsAnswer, SettingsHistoryPage } from '../../../../core/schemas/settings';
import { sendJson } from '../../../lib/api';
import { signedInUser, useAuthStatus } from '../../../lib/use-auth';
import { useAdminChange, useAdminQuery } from '../shared/admin-api';

const KEY = ['admin', 'settings'] as const;

/** The signed-in member of staff's role (undefined while it is not known yet): only administrators use the settings. */
export const useRole = () => signedInUser(useAuthStatus().data)?.role;
const useIsAdmin = () => useRole() === 'admin';

/** GET /api/admin/settings: every section in force, whether the shop is still the demo and its set-up steps. */
export const useSettings = () => useAdminQuery<SettingsAnswer>(KEY, useIsAdmin() ? '/api/admin/settings' : null);

/** One page of the versions saved, newest first; `section` narrows it to one section's. */
export const useSettingsHistory = (section: string | null, page: number) => {
  const query = new URLSearchParams({ page: String(page), ...(section && { section }) });
  return useAdminQuery<SettingsHistoryPage>([...KEY, 'history', section, page], useIsAdmin() ? `/api/admin/settings/history?${query}` : null, {
    keepPrevious: true,
  });
};

/** PUT /api/admin/settings/{section}: saves one section as a new version; the settings and history are read again. */
export const useSaveSettings = () =>
  useAdminChange(({ section, body }: { section: string; body: unknown }) =>
    sendJson<SettingsAnswer>('PUT', `/api/admin/settings/${section}`, body),
  );
