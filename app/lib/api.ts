import { CSRF_HEADER } from '#domains/account/model.ts';

import { csrfToken, forgetCsrfToken } from './csrf.ts';

/** A non-ok answer, its message worded 'status: text'. `body` is the parsed JSON error, if any. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    text: string,
    readonly body: { message?: string; errors?: Record<string, string>; code?: string } | null = null,
  ) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
  }
}

async function failure(response: Response): Promise<ApiError> {
  const text = await response.text();
  let body: ApiError['body'] = null;
  try {
    body = JSON.parse(text) as ApiError['body'];
  } catch {
    // not JSON: keep the text
  }
  return new ApiError(response.status, text || response.statusText, body);
}

/** GET a JSON resource of our own API, with cookies; with the answer's headers. */
export async function getJsonAnswer<T>(path: string, signal?: AbortSignal): Promise<{ data: T; headers: Headers }> {
  const response = await fetch(path, { credentials: 'include', headers: { accept: 'application/json' }, signal });
  if (!response.ok) throw await failure(response);
  return { data: (await response.json()) as T, headers: response.headers };
}

/** GET a JSON resource of our own API, with cookies. */
export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  return (await getJsonAnswer<T>(path, signal)).data;
}

/**
 * A state-changing call to our API with a JSON body (or none), with cookies and the session's CSRF token. A 403
 * with code 'CSRF' (the session changed since the token was fetched) is retried once with a fresh token.
 */
export async function sendJson<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  // Offline, a change fails at once instead of waiting on a connection that is not there.
  if (typeof navigator !== 'undefined' && !navigator.onLine) throw new TypeError('Offline');
  const send = async () =>
    fetch(path, {
      method,
      credentials: 'include',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
        [CSRF_HEADER]: await csrfToken(),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  let response = await send();
  if (response.status === 403) {
    const refused = await failure(response);
    if (refused.body?.code !== 'CSRF') throw refused;
    forgetCsrfToken();
    response = await send();
  }
  if (!response.ok) throw await failure(response);
  return (await response.json()) as T;
}
