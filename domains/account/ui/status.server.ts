import type { AppLoadContext } from 'react-router';

import type { AuthStatus } from '#domains/account/model.ts';

/** The sign-in state of the request's session, for page loaders (server only). */
export async function requestAuthStatus(request: Request, context: AppLoadContext): Promise<AuthStatus> {
  const secure = new URL(request.url).protocol === 'https:';
  const session = await context.sessions.findByCookieHeader(request.headers.get('cookie'), secure);
  return context.auth.status(session);
}
