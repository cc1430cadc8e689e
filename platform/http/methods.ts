import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Methods that change nothing: no CSRF token or same-origin check is asked of them. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const isSafeMethod = (method: string): boolean => SAFE_METHODS.has(method);

/**
 * An onRequest check that most requests skip: `applies` decides at once, and only a request it applies to waits for
 * `check`. Written with Fastify's callback rather than as an async hook, so the requests it does not apply to (every
 * read, for the CSRF and same-origin checks) pass without a promise and a turn of the microtask queue each.
 */
export function addRequestCheck(
  app: FastifyInstance,
  applies: (request: FastifyRequest) => boolean,
  check: (request: FastifyRequest) => Promise<void>,
): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (!applies(request)) return done();
    check(request).then(() => done(), done);
  });
}
