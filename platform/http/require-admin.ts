import type { FastifyInstance, FastifyRequest } from 'fastify';

import { requiresTwoFactor, usesPanel } from '#domains/account/model.ts';
import { DomainError, notSignedIn, refused } from '#lib/errors.ts';
import type { Actor } from '#platform/audit/service.ts';

import { addRequestCheck } from './methods.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The staff role may use this /api/admin route as well; every other is for administrators only. */
    staff?: boolean;
  }
}

/** A route's options that open it to the staff role: `app.get('/admin/orders', STAFF_MAY, handler)`. */
export const STAFF_MAY = { config: { staff: true } } as const;

export const ADMINS_ONLY = 'Only an administrator may do this';
export const TWO_FACTOR_FIRST = 'Set up two-factor authentication first';

const ADMIN_PATH = /^\/api\/admin(\/|$)/;

/**
 * The path as the router matched it (decoded), or the decoded request path when no route matched or a wildcard did
 * (the API's catch-all for unknown paths says nothing about the path).
 */
function routedPath(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern && !pattern.includes('*')) return pattern;
  const raw = request.url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Everything under /api/admin is for the panel's accounts, fully signed in: 401 without a sign-in, 403 otherwise.
 * Administrators may use every route; the staff role only the routes that say so (STAFF_MAY), and only once their
 * two-factor authentication is on. Decided by the matched route's path (so `/api/%61dmin/...` is the same path),
 * before anything else, so a route added there later is for administrators until it says otherwise
 * (tests/api/admin-guard.test.ts walks the routes).
 */
export function requireAdminForAdminPaths(app: FastifyInstance): void {
  addRequestCheck(
    app,
    (request) => ADMIN_PATH.test(routedPath(request)),
    async (request) => {
      const session = await request.visitorSession();
      if (!session?.user) throw notSignedIn('Please log in as an administrator');
      const { role, twoFactorEnabled } = session.user;
      if (!usesPanel(role)) throw refused('This area is for administrators only');
      if (session.twoFactorPending) throw refused('Please enter your two-factor code first');
      if (role === 'admin') return;
      if (request.routeOptions.config?.staff !== true)
        throw new DomainError('refused', ADMINS_ONLY, undefined, { code: 'ADMIN_ONLY' });
      if (requiresTwoFactor(role) && !twoFactorEnabled) {
        throw new DomainError('refused', TWO_FACTOR_FIRST, undefined, { code: 'TWO_FACTOR_SETUP' });
      }
    },
  );
}

/** The member of staff making a change under /api/admin (the guard above has let only the panel's accounts through). */
export async function adminActor(request: FastifyRequest): Promise<Actor> {
  const user = (await request.visitorSession())?.user;
  if (!user) throw notSignedIn('Please log in as an administrator');
  return { userId: user.id, username: user.username };
}
