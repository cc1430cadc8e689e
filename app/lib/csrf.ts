/**
 * The CSRF token every state-changing API call carries (header X-CSRF-Token). It is bound to the session, so it
 * is fetched once and kept until the session changes (login, 2FA, register, logout, password change) or the
 * server refuses it; `forgetCsrfToken()` makes the next call fetch a fresh one.
 */
import { msg } from '#lib/i18n/translate.ts';

export const CSRF_TOKEN_FAILED = msg('Failed to get security token');

/** The token could not be fetched (shown as 'Failed to get security token'). */
export class CsrfTokenError extends Error {
  constructor() {
    super(CSRF_TOKEN_FAILED);
    this.name = 'CsrfTokenError';
  }
}

let pending: Promise<string> | null = null;

async function fetchToken(): Promise<string> {
  let response: Response;
  try {
    response = await fetch('/api/auth/csrf-token', { credentials: 'include', headers: { accept: 'application/json' } });
  } catch {
    throw new CsrfTokenError();
  }
  if (!response.ok) throw new CsrfTokenError();
  const body = (await response.json().catch(() => null)) as { csrfToken?: unknown } | null;
  if (typeof body?.csrfToken !== 'string' || body.csrfToken === '') throw new CsrfTokenError();
  return body.csrfToken;
}

/** The session's token: one request shared by every caller until it is forgotten; a failure is not kept. */
export function csrfToken(): Promise<string> {
  if (!pending) {
    const request = fetchToken();
    pending = request;
    request.catch(() => {
      if (pending === request) pending = null;
    });
  }
  return pending;
}

/** The session changed (or the server refused the token): the next call fetches a new one. */
export function forgetCsrfToken(): void {
  pending = null;
}
