import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import {
  changePasswordSchema,
  loginSchema,
  registerPayloadSchema,
  twoFactorCodeSchema,
  verifyTwoFactorSchema,
} from '#domains/account/schema.ts';
import { csrfTokenFor } from '#platform/http/csrf.ts';
import { noBody, parseInput } from '#platform/http/errors.ts';
import type { RateLimit } from '#platform/http/rate-limits.ts';
import { neverCached } from '#platform/http/security-headers.ts';

import type { RequestFacts } from './security-log.server.ts';
import type { AuthService, NewSession } from './service.server.ts';

export function requestFacts(request: FastifyRequest): RequestFacts {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

export function authRoutes(auth: AuthService, csrfKey: Buffer, limits: Record<'register', RateLimit>) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const startSession = (request: FastifyRequest, reply: FastifyReply, next: NewSession) =>
      request.setSessionCookie(reply, next.token, next.expiresAt);

    neverCached(app);

    app.get('/auth/status', async (request) => auth.status(await request.visitorSession()));

    // Gives a visitor without a cookie a signed token (nothing stored: a session is stored at their first write); the
    // CSRF token is bound to it.
    app.get('/auth/csrf-token', async (request, reply) => ({
      csrfToken: csrfTokenFor(csrfKey, await request.issueVisitorKey(reply)),
    }));

    app.post('/auth/register', { config: { rateLimit: limits.register } }, async (request, reply) => {
      const input = parseInput(registerPayloadSchema, request.body, 'registration');
      const { user, ...next } = await auth.register(input, await request.visitorSession());
      startSession(request, reply, next);
      return reply.status(201).send({ user });
    });

    app.post('/auth/login', async (request, reply) => {
      const input = parseInput(loginSchema, request.body, 'login');
      const { user, requiresTwoFactor, ...next } = await auth.login(input, await request.visitorSession(), requestFacts(request));
      startSession(request, reply, next);
      return { user, requiresTwoFactor };
    });

    app.post('/auth/verify-2fa', async (request, reply) => {
      const { token } = parseInput(verifyTwoFactorSchema, request.body, 'code');
      const { user, ...next } = await auth.verifyTwoFactor(token, await request.visitorSession(), requestFacts(request));
      startSession(request, reply, next);
      return { user };
    });

    app.post('/auth/logout', async (request, reply) => {
      parseInput(noBody, request.body, 'logout');
      await auth.logout(await request.visitorSession(), requestFacts(request));
      request.clearSessionCookie(reply);
      return { message: 'Logged out' };
    });

    app.post('/auth/setup-2fa', async (request) => {
      parseInput(noBody, request.body, 'two-factor setup');
      return auth.setupTwoFactor(await request.visitorSession());
    });

    app.post('/auth/enable-2fa', async (request, reply) => {
      const { token } = parseInput(twoFactorCodeSchema, request.body, 'code');
      const { user, ...next } = await auth.enableTwoFactor(token, await request.visitorSession(), requestFacts(request));
      startSession(request, reply, next);
      return { user, message: 'Two-factor authentication enabled' };
    });

    app.get('/auth/session', async (request) => auth.session(await request.visitorSession()));

    app.get('/auth/backup-codes', async (request) => auth.backupCodesLeft(await request.visitorSession()));

    app.post('/auth/backup-codes', async (request) => {
      const { token } = parseInput(twoFactorCodeSchema, request.body, 'code');
      return auth.renewBackupCodes(token, await request.visitorSession(), requestFacts(request));
    });

    app.post('/auth/change-password', async (request, reply) => {
      const input = parseInput(changePasswordSchema, request.body, 'password change');
      startSession(request, reply, await auth.changePassword(input, await request.visitorSession(), requestFacts(request)));
      return { message: 'Password changed successfully.' };
    });
  };
}
