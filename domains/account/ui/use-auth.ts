import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate, useRouteLoaderData } from 'react-router';

import { forgetCsrfToken } from '#app/lib/csrf.ts';
import { useToast } from '#app/lib/toast.tsx';
import { ANONYMOUS, type AuthStatus, fullySignedIn, type PublicUser, usesPanel } from '#domains/account/model.ts';
import { CART_KEY } from '#domains/cart/ui/use-cart.ts';
import type { CartItem } from '#domains/enquiry/model.ts';
import { PRICE_GROUP_KEY } from '#domains/pricing/ui/use-price-group.ts';

import { fetchAuthStatus, logout } from './auth-api.ts';

export const AUTH_STATUS_KEY = ['auth', 'status'] as const;

/**
 * GET /api/auth/status through TanStack Query. The first render uses the status the server rendered with (the
 * root loader's `auth`), so server-rendered pages know who is signed in without a request; a failed call counts
 * as anonymous. Kept for the whole visit (never collected), so the stale loader value is never used again once
 * the session has changed.
 */
export function useAuthStatus() {
  const initial = useRouteLoaderData<{ auth?: AuthStatus }>('root')?.auth;
  return useQuery({
    queryKey: AUTH_STATUS_KEY,
    queryFn: ({ signal }) => fetchAuthStatus(signal),
    initialData: initial,
    gcTime: Infinity,
  });
}

/** The account of a fully signed-in visitor (password and, if asked, the 2FA code accepted), else null. */
export function signedInUser(status: AuthStatus | undefined): PublicUser | null {
  return status?.authenticated ? fullySignedIn(status.user, status.pendingTwoFactor) : null;
}

/** Where a signed-in account belongs: the role decides, not the login tab; staff work in the panel too. */
export const homeOf = (user: Pick<PublicUser, 'role'>) => (usesPanel(user.role) ? '/admin' : '/');

/**
 * After login, 2FA verification or registration: reads the new status and refetches the cart (the server has
 * merged the guest cart into the account's). Answers the new status.
 */
export async function refreshAfterSignIn(client: QueryClient): Promise<AuthStatus> {
  const [status] = await Promise.all([
    client.fetchQuery({ queryKey: AUTH_STATUS_KEY, queryFn: ({ signal }) => fetchAuthStatus(signal), staleTime: 0 }),
    client.invalidateQueries({ queryKey: CART_KEY }),
    client.invalidateQueries({ queryKey: PRICE_GROUP_KEY }),
  ]);
  return status;
}

/**
 * Logout: clears all auth flags and the whole client cache, forgets the CSRF token, then goes to
 * `to` (the home page unless told otherwise). Toasts 'Logged out successfully' or 'Logout failed'.
 */
export function useLogout(to = '/') {
  const client = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const run = useCallback(async () => {
    setPending(true);
    try {
      await logout();
    } catch {
      setPending(false);
      toast({ title: 'Logout failed', variant: 'destructive' });
      return;
    }
    forgetCsrfToken();
    client.clear();
    // Filled at once, so nothing falls back to the (now stale) values the page was rendered with.
    client.setQueryData(AUTH_STATUS_KEY, ANONYMOUS);
    client.setQueryData<CartItem[]>(CART_KEY, []);
    client.setQueryData(PRICE_GROUP_KEY, null);
    void client.invalidateQueries({ queryKey: CART_KEY });
    setPending(false);
    toast({ title: 'Logged out successfully' });
    await navigate(to);
  }, [client, navigate, to, toast]);

  return { logout: run, pending };
}
