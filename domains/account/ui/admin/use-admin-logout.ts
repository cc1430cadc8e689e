import { useQueryClient } from '@tanstack/react-query';

import type { AuthStatus } from '#domains/account/model.ts';
import { AUTH_STATUS_KEY, useLogout } from '#domains/account/ui/use-auth.ts';

import { forgetTwoFactorSkip } from './two-factor-skip.ts';

/** Logout from the admin area (to /login); once signed out, 'Skip for Now' is forgotten. */
export function useAdminLogout() {
  const client = useQueryClient();
  const { logout, pending } = useLogout('/login');
  return {
    pending,
    logout: async () => {
      await logout();
      if (client.getQueryData<AuthStatus>(AUTH_STATUS_KEY)?.authenticated === false) forgetTwoFactorSkip();
    },
  };
}
