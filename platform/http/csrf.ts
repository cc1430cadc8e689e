import { createHmac, timingSafeEqual } from 'node:crypto';

import type { FastifyInstance } from 'fastify';

import { CSRF_HEADER } from '#domains/account/model.ts';
import { DomainError } from '#lib/errors.ts';

import { addRequestCheck, isSafeMethod } from './methods.ts';

/**
 * The visitor's CSRF token: an HMAC of the hash of their cookie's token (request.visitorKey), so it needs no storage,
 * stays the same when their first write stores a session under that token, and changes with every sign-in.
 */
export function csrfTokenFor(key: Buffer, visitorKey: string): string {
  return createHmac('sha256', key).update(visitorKey).digest('base64url');
}

/** Every state-changing request must carry the session's token in X-CSRF-Token. */
export function requireCsrfToken(app: FastifyInstance, key: Buffer): void {
  addRequestCheck(
    app,
    (request) => !isSafeMethod(request.method),
    async (request) => {
      const sent = request.headers[CSRF_HEADER];
      if (typeof sent !== 'string' || sent === '') {
        throw new DomainError(
          'refused',
          'Security token missing: fetch one from /api/auth/csrf-token and send it as X-CSRF-Token',
          undefined,
          { code: 'CSRF' },
        );
      }
      const visitor = await request.visitorKey();
      const expected = visitor ? Buffer.from(csrfTokenFor(key, visitor)) : null;
      const given = Buffer.from(sent);
      if (!expected || expected.length !== given.length || !timingSafeEqual(expected, given)) {
        throw new DomainError('refused', 'Security token invalid or expired: please refresh the page and try again', undefined, {
          code: 'CSRF',
        });
      }
    },
  );
}
