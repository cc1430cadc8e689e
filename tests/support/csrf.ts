/**
 * CSRF for the API tests. Every state-changing /api request (POST, PUT, PATCH, DELETE) must carry
 * X-CSRF-Token: the token GET /api/auth/csrf-token answers for the request's session. That GET starts
 * the session (and sets its cookie) when the request names none, as a browser's first visit does.
 *
 *   const visitor = await csrfFor(app);               // a new visitor: its session and token
 *   await call(app, 'POST', '/api/cart', { payload, headers: visitor.headers });
 *   await call(app, 'PUT', url, { payload, headers: await writeHeaders(app, visitor.cookie) });
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

import { cookieHeader, sessionCookieOf } from './enquiry.ts';

/** Spelled out rather than imported (domains/account/model.ts): the header's name is part of the contract under test. */
export const CSRF_HEADER_NAME = 'x-csrf-token';

export interface WriteCredentials {
  /** The shop_session token the CSRF token is bound to. */
  cookie: string;
  csrfToken: string;
  /** What a write in that session sends: the session cookie and X-CSRF-Token. */
  headers: Record<string, string>;
  /** Whether the token fetch started the session (the request named none, or one that is no more). */
  created: boolean;
}

/** The cookie and X-CSRF-Token headers of a write in the session `cookie` names, with that session's token. */
export function csrfHeaders(cookie: string, csrfToken: string): Record<string, string> {
  return { ...cookieHeader(cookie), [CSRF_HEADER_NAME]: csrfToken };
}

/** CSRF tokens seen per app and session token: a session's token only changes with its cookie. */
const seen = new WeakMap<FastifyInstance, Map<string, string>>();

/**
 * GET /api/auth/csrf-token as the browser does before a write: with `cookie` when given, else as a new
 * visitor (which starts a session). Answers the session's cookie, its token and the headers for writes.
 */
export async function csrfFor(app: FastifyInstance, cookie?: string): Promise<WriteCredentials> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/auth/csrf-token',
    headers: cookie === undefined ? {} : cookieHeader(cookie),
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const { csrfToken } = response.json() as { csrfToken: string };
  expect(csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const started = sessionCookieOf(response);
  const session = started ?? cookie;
  if (!session) throw new Error('GET /api/auth/csrf-token without a session cookie set none');
  let known = seen.get(app);
  if (!known) seen.set(app, (known = new Map()));
  known.set(session, csrfToken);
  return { cookie: session, csrfToken, headers: csrfHeaders(session, csrfToken), created: started !== undefined };
}

/**
 * The headers of a write in the existing session `cookie` names: its cookie and its CSRF token (fetched
 * the first time, then remembered). Throws when `cookie` names no live session.
 */
export async function writeHeaders(app: FastifyInstance, cookie: string): Promise<Record<string, string>> {
  const known = seen.get(app)?.get(cookie);
  if (known) return csrfHeaders(cookie, known);
  const credentials = await csrfFor(app, cookie);
  if (credentials.created) throw new Error(`writeHeaders: ${cookie} names no live session (the token fetch started another)`);
  return credentials.headers;
}
