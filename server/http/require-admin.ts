import type { FastifyInstance, FastifyRequest } from 'fastify';

import { notSignedIn, refused } from '../domain/errors.ts';
import type { Actor } from '../modules/audit/service.ts';

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
 * Everything under /api/admin is for signed-in administrators whose two-factor code (if they use one)
 * was accepted: 401 without a sign-in, 403 otherwise. Decided by the matched route's path (so
 * `/api/%61dmin/...` is the same path), before anything else, so a route added there later is guarded
 * without opting in (tests/api/admin-guard.test.ts walks the routes).
 */
export function requireAdminForAdminPaths(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!ADMIN_PATH.test(routedPath(request))) return;
    const session = await request.visitorSession();
    if (!session?.user) throw notSignedIn('Please log in as an administrator');
    if (session.user.role !== 'admin') throw refused('This area is for administrators only');
    if (session.twoFactorPending) throw refused('Please enter your two-factor code first');
  });
}

/** The administrator making a change under /api/admin (the guard above has let only administrators through). */
export async function adminActor(request: FastifyRequest): Promise<Actor> {
  const user = (await request.visitorSession())?.user;
  if (!user) throw notSignedIn('Please log in as an administrator');
  return { userId: user.id, username: user.username };
}
