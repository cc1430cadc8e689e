/**
 * Typed calls to the accounts API. Every state-changing call goes through
 * sendJson (CSRF token attached, a refused token retried once); a call that changes the session forgets the
 * token afterwards, since the server binds the token to the session.
 */
import { ApiError, getJson, sendJson } from '#app/lib/api.ts';
import { CsrfTokenError, forgetCsrfToken } from '#app/lib/csrf.ts';
import { ANONYMOUS, type AuthStatus, type PublicUser, type TwoFactorSetup } from '#domains/account/model.ts';
import type { ForgotPassword, LinkPreview, LoginInput, RegisterPayload } from '#domains/account/schema.ts';

export interface LoginAnswer {
  user: PublicUser;
  requiresTwoFactor: boolean;
}

/** Runs a call that changes the session; whatever the answer, the next call fetches a new CSRF token. */
async function changingSession<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } finally {
    forgetCsrfToken();
  }
}

/** GET /api/auth/status; any failure means anonymous. */
export async function fetchAuthStatus(signal?: AbortSignal): Promise<AuthStatus> {
  try {
    return await getJson<AuthStatus>('/api/auth/status', signal);
  } catch {
    return ANONYMOUS;
  }
}

export const login = (input: LoginInput) =>
  changingSession(() => sendJson<LoginAnswer>('POST', '/api/auth/login', { username: input.username, password: input.password }));

/** `token`: the 6-digit code, or a backup code. */
export const verifyTwoFactor = (token: string) =>
  changingSession(() => sendJson<{ user: PublicUser }>('POST', '/api/auth/verify-2fa', { token }));

export const register = (input: RegisterPayload) =>
  changingSession(() =>
    sendJson<{ user: PublicUser }>('POST', '/api/auth/register', {
      username: input.username,
      email: input.email,
      password: input.password,
      firstName: input.firstName,
      lastName: input.lastName,
    }),
  );

export const logout = () => changingSession(() => sendJson<{ message: string }>('POST', '/api/auth/logout'));

export const setupTwoFactor = () => sendJson<TwoFactorSetup>('POST', '/api/auth/setup-2fa');

export const enableTwoFactor = (token: string) =>
  changingSession(() => sendJson<{ user: PublicUser; message: string }>('POST', '/api/auth/enable-2fa', { token }));

/** The password is changed and the session re-keyed (its CSRF token changes with it). */
export const changePassword = (input: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
  changingSession(() => sendJson<{ message: string }>('POST', '/api/auth/change-password', input));

/** What an e-mailed account link is for (an invitation, a password reset), before it is used. */
export const previewLink = (purpose: LinkPreview['purpose'], token: string) =>
  sendJson<LinkPreview>('POST', purpose === 'invite' ? '/api/auth/invitation' : '/api/auth/password-reset', { token });

/** Accepts an invitation: the account is made and signed in (a new session). */
export const acceptInvite = (input: { token: string; username: string; password: string }) =>
  changingSession(() => sendJson<{ user: PublicUser }>('POST', '/api/auth/accept-invite', input));

/** A customer asks for a reset link by e-mail; the answer is the same whether or not an account uses the address. */
export const forgotPassword = (input: ForgotPassword) =>
  sendJson<{ message: string }>('POST', '/api/auth/forgot-password', input);

/** A new password through a reset link; the person then logs in with it. */
export const resetPassword = (input: { token: string; password: string }) =>
  sendJson<{ username: string; message: string }>('POST', '/api/auth/reset-password', input);

/**
 * What to tell the person about a failed call: the server's message, the token failure's own message
 * ('Failed to get security token'), else a fallback: `answered` when the server answered without a message,
 * `fallback` when there was no answer at all (offline, timed out).
 */
export function authErrorMessage(error: unknown, fallback: string, answered = fallback): string {
  if (error instanceof ApiError) {
    const message = error.body?.message;
    return typeof message === 'string' && message.trim() ? message : answered;
  }
  if (error instanceof CsrfTokenError) return error.message;
  return fallback;
}
