import { type QueryClient, type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useRouteLoaderData } from 'react-router';

import { forgetCsrfToken } from '#app/lib/csrf.ts';
import { useLocalNavigate } from '#app/lib/language.ts';
import { useToast } from '#app/lib/toast.tsx';
import { ANONYMOUS, type AuthStatus, fullySignedIn, type PublicUser, usesPanel } from '#domains/account/model.ts';
import { msg } from '#lib/i18n/translate.ts';

import { fetchAuthStatus, logout } from './auth-api.ts';

export const AUTH_STATUS_KEY = ['auth', 'status'] as const;

/** A query of a concept above the account whose answer changes with who is signed in (the cart, the price group). */
interface VisitorQuery {
  key: QueryKey;
  /** What it holds at once after sign-out, so nothing falls back to the value the page was rendered with. */
  signedOut: unknown;
  /** Asked again after sign-out too (the guest session's own answer). */
  refetchAfterSignOut?: boolean;
}

const visitorQueries: VisitorQuery[] = [];

/**
 * Names the queries that follow the sign-in: the concepts that own them come after the account, so the app's shell
 * names them here (app/lib/visitor-queries.ts) rather than the account importing them.
 */
export function followSignIn(...queries: VisitorQuery[]): void {
  for (const query of queries) {
    if (!visitorQueries.some((known) => JSON.stringify(known.key) === JSON.stringify(query.key))) visitorQueries.push(query);
  }
}

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
 * A page that signs someone in (login, registration): an account already signed in when it arrives, or signed in from
 * another tab, is sent to `away(account)` at once (a function made once, not on each render), and the page shows its
 * placeholder meanwhile (`checking`). Once the page has begun signing someone in itself (`setFinishing(true)`), it
 * navigates on its own and is left alone.
 */
export function useSigningIn(away: (user: PublicUser) => string) {
  const status = useAuthStatus();
  const navigate = useLocalNavigate();
  const [finishing, setFinishing] = useState(false);
  const alreadyIn = signedInUser(status.data);
  useEffect(() => {
    if (alreadyIn && !finishing) void navigate(away(alreadyIn), { replace: true });
  }, [alreadyIn, finishing, navigate, away]);
  return { status, navigate, finishing, setFinishing, checking: status.isPending || (alreadyIn !== null && !finishing) };
}

/**
 * After login, 2FA verification or registration: reads the new status and refetches the queries that follow the sign-in
 * (the server has merged the guest cart into the account's). Answers the new status.
 */
export async function refreshAfterSignIn(client: QueryClient): Promise<AuthStatus> {
  const [status] = await Promise.all([
    client.fetchQuery({ queryKey: AUTH_STATUS_KEY, queryFn: ({ signal }) => fetchAuthStatus(signal), staleTime: 0 }),
    ...visitorQueries.map(({ key }) => client.invalidateQueries({ queryKey: key })),
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
      toast({ title: msg('Logout failed'), variant: 'destructive' });
      return;
    }
    forgetCsrfToken();
    client.clear();
    // Filled at once, so nothing falls back to the (now stale) values the page was rendered with.
    client.setQueryData(AUTH_STATUS_KEY, ANONYMOUS);
    for (const { key, signedOut } of visitorQueries) client.setQueryData(key, signedOut);
    for (const { key, refetchAfterSignOut } of visitorQueries) {
      if (refetchAfterSignOut) void client.invalidateQueries({ queryKey: key });
    }
    setPending(false);
    toast({ title: msg('Logged out successfully') });
    await navigate(to);
  }, [client, navigate, to, toast]);

  return { logout: run, pending };
}
