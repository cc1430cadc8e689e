import type { FastifyRequest } from 'fastify';

import { fullySignedIn } from '#domains/account/model.ts';
import { notSignedIn } from '#lib/errors.ts';

/** The customer signed in on this request (past their second step, if they have one), or a 401 that asks them to. */
export async function signedInCustomer(request: FastifyRequest): Promise<{ id: number; username: string }> {
  const session = await request.visitorSession();
  const user = session && fullySignedIn(session.user, session.twoFactorPending);
  if (!user) throw notSignedIn('Please log in to see your enquiries');
  return user;
}
