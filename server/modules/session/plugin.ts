import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE, SESSION_TTL_MS, type SessionService, type VisitorSession } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The visitor's session, if the request carried a valid one. */
    visitorSession(): Promise<VisitorSession | null>;
    /** The visitor's session, created (and its cookie set) on first write. */
    ensureVisitorSession(reply: FastifyReply): Promise<VisitorSession>;
  }
}

/** Reads the session cookie lazily: requests that never ask for a session cost no query. */
export const sessionPlugin = fp(async (app: FastifyInstance, options: { sessions: SessionService }) => {
  await app.register(cookie);
  const { sessions } = options;
  const found = new WeakMap<FastifyRequest, Promise<VisitorSession | null>>();

  app.decorateRequest('visitorSession', function (this: FastifyRequest) {
    let session = found.get(this);
    if (!session) {
      session = sessions.find(this.cookies[SESSION_COOKIE]);
      found.set(this, session);
    }
    return session;
  });

  app.decorateRequest('ensureVisitorSession', async function (this: FastifyRequest, reply: FastifyReply) {
    const existing = await this.visitorSession();
    if (existing) return existing;
    const { token, session } = await sessions.create();
    found.set(this, Promise.resolve(session));
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.protocol === 'https',
      maxAge: Math.floor(SESSION_TTL_MS / 1000),
    });
    return session;
  });
});
