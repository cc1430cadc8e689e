import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { sessionCookieName, type SessionService, type VisitorSession } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The visitor's session, if the request carried a valid one. */
    visitorSession(): Promise<VisitorSession | null>;
    /** The visitor's session, created (and its cookie set) on first write. */
    ensureVisitorSession(reply: FastifyReply): Promise<VisitorSession>;
    /** Sets the session cookie to a new token (sign-in, code, privilege change) and forgets the old session. */
    setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date): void;
    clearSessionCookie(reply: FastifyReply): void;
  }
}

/** Reads the session cookie lazily: requests that never ask for a session cost no query. */
export const sessionPlugin = fp(async (app: FastifyInstance, options: { sessions: SessionService }) => {
  await app.register(cookie);
  const { sessions } = options;
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

  app.decorateRequest('visitorSession', function (this: FastifyRequest) {
    let session = found.get(this);
    if (!session) {
      session = sessions.find(issued.get(this) ?? this.cookies[sessionCookieName(secure(this))]);
      found.set(this, session);
    }
    return session;
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

  app.decorateRequest('ensureVisitorSession', async function (this: FastifyRequest, reply: FastifyReply) {
    const existing = await this.visitorSession();
    if (existing) return existing;
    const { token, session } = await sessions.create();
    this.setSessionCookie(reply, token, session.expiresAt);
    found.set(this, Promise.resolve(session));
    return session;
  });
});
