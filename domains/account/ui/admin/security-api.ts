import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { getJson, sendJson } from '#app/lib/api.ts';
import { whileSignedIn } from '#domains/account/ui/admin/session-prompt.ts';

const BACKUP_CODES_KEY = ['admin', 'own', 'backup-codes'] as const;

/** How many of the signed-in account's backup codes are unused. */
export const useBackupCodesLeft = (enabled: boolean) =>
  useQuery({
    queryKey: BACKUP_CODES_KEY,
    queryFn: ({ signal }) => whileSignedIn(() => getJson<{ left: number }>('/api/auth/backup-codes', signal)),
    enabled,
    staleTime: 0,
  });

/** A new set of backup codes for the current authenticator code; the count and the security log are read again. */
export function useRenewBackupCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      whileSignedIn(() => sendJson<{ backupCodes: string[] }>('POST', '/api/auth/backup-codes', { token })),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
