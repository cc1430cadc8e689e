import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { hashToken, SESSION_TTL_MS, sessionCookieName, type SessionService, type VisitorSession } from './service.ts';
import type { VisitorTokens } from './visitor-token.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The visitor's stored session, if the request carried a valid one. */
    visitorSession(): Promise<VisitorSession | null>;
    /**
     * Who the visitor is, stored or not yet: the hash of a stored session's token or of a signed visitor token (CSRF
     * tokens and per-visitor allowances are derived from it); null for a request without either.
     */
    visitorKey(): Promise<string | null>;
    /** The visitor's key, a new signed token (and its cookie) first when the request has none. Stores nothing. */
    issueVisitorKey(reply: FastifyReply): Promise<string>;
    /** The visitor's stored session, stored at their first write (within the address's allowance of new sessions). */
    ensureVisitorSession(reply: FastifyReply): Promise<VisitorSession>;
    /** Sets the session cookie to a new token (sign-in, code, privilege change) and forgets the old session. */
    setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date): void;
    clearSessionCookie(reply: FastifyReply): void;
  }
}

export interface SessionPluginOptions {
  sessions: SessionService;
  tokens: VisitorTokens;
  /** Refuses (429) when the request's address has stored too many new sessions lately. */
  allowNewSession: (request: FastifyRequest) => Promise<void>;
}

/** Reads the session cookie lazily: requests that never ask for a session cost no query. */
export const sessionPlugin = fp(async (app: FastifyInstance, options: SessionPluginOptions) => {
  await app.register(cookie);
  const { sessions, tokens, allowNewSession } = options;
  const found = new WeakMap<FastifyRequest, Promise<VisitorSession | null>>();
  const secure = (request: FastifyRequest) => request.protocol === 'https';
  const cookieOptions = (request: FastifyRequest) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secure(request),
  });

  /** A token issued during this request replaces the one its cookie carried. */
  const issued = new WeakMap<FastifyRequest, string>();
  const tokenOf = (request: FastifyRequest): string | undefined =>
    issued.get(request) ?? request.cookies[sessionCookieName(secure(request))];

  app.decorateRequest('visitorSession', function (this: FastifyRequest) {
    let session = found.get(this);
    if (!session) {
      session = sessions.find(tokenOf(this));
      found.set(this, session);
    }
    return session;
  });

  app.decorateRequest('visitorKey', async function (this: FastifyRequest) {
    const stored = await this.visitorSession();
    if (stored) return stored.tokenHash;
    const token = tokenOf(this);
    return tokens.isSigned(token) ? hashToken(token) : null;
  });

  app.decorateRequest('setSessionCookie', function (this: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date) {
    issued.set(this, token);
    found.delete(this);
    reply.setCookie(sessionCookieName(secure(this)), token, { ...cookieOptions(this), expires: expiresAt });
  });

  app.decorateRequest('clearSessionCookie', function (this: FastifyRequest, reply: FastifyReply) {
    found.set(this, Promise.resolve(null));
    reply.clearCookie(sessionCookieName(secure(this)), cookieOptions(this));
  });

  /** A new signed token in the cookie, kept as long as a session would be. */
  const issueToken = (request: FastifyRequest, reply: FastifyReply): string => {
    const token = tokens.mint();
    request.setSessionCookie(reply, token, new Date(Date.now() + SESSION_TTL_MS));
    found.set(request, Promise.resolve(null));
    return token;
  };

  app.decorateRequest('issueVisitorKey', async function (this: FastifyRequest, reply: FastifyReply) {
    return (await this.visitorKey()) ?? hashToken(issueToken(this, reply));
  });

  app.decorateRequest('ensureVisitorSession', async function (this: FastifyRequest, reply: FastifyReply) {
    const existing = await this.visitorSession();
    if (existing) return existing;
    const current = tokenOf(this);
    const token = tokens.isSigned(current) ? current : issueToken(this, reply);
    await allowNewSession(this);
    // Under the token the cookie already holds (it lasts as long as a session): no new cookie, the same CSRF token.
    const session = await sessions.storeVisitor(token);
    found.set(this, Promise.resolve(session));
    return session;
  });
});
