import { createHmac, timingSafeEqual } from 'node:crypto';

import type { FastifyInstance } from 'fastify';

import { CSRF_HEADER } from '../../core/auth.ts';
import { DomainError } from '../../core/errors.ts';
import type { VisitorSession } from '../modules/session/service.ts';
import { isSafeMethod } from './methods.ts';

/** The session's CSRF token: an HMAC of its token hash, so it needs no storage and changes with the session. */
export function csrfTokenFor(key: Buffer, session: Pick<VisitorSession, 'tokenHash'>): string {
  return createHmac('sha256', key).update(session.tokenHash).digest('base64url');
}

/** Every state-changing request must carry the session's token in X-CSRF-Token. */
export function requireCsrfToken(app: FastifyInstance, key: Buffer): void {
  app.addHook('onRequest', async (request) => {
    if (isSafeMethod(request.method)) return;
    const sent = request.headers[CSRF_HEADER];
    if (typeof sent !== 'string' || sent === '') {
      throw new DomainError(
        'refused',
        'Security token missing: fetch one from /api/auth/csrf-token and send it as X-CSRF-Token',
        undefined,
        { code: 'CSRF' },
      );
    }
    const session = await request.visitorSession();
    const expected = session ? Buffer.from(csrfTokenFor(key, session)) : null;
    const given = Buffer.from(sent);
    if (!expected || expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new DomainError('refused', 'Security token invalid or expired: please refresh the page and try again', undefined, {
        code: 'CSRF',
      });
    }
  });
}
