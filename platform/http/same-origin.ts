import type { FastifyInstance } from 'fastify';

import { refused } from '#lib/errors.ts';

import { addRequestCheck, isSafeMethod } from './methods.ts';

/**
 * Refuses state-changing API requests that a browser says come from another site (Origin or
 * Sec-Fetch-Site). Requests without those headers (curl, server-to-server) pass; the JSON-only body
 * parser means a cross-site HTML form cannot send them either.
 */
export function requireSameOrigin(app: FastifyInstance): void {
  addRequestCheck(
    app,
    (request) => !isSafeMethod(request.method),
    async (request) => {
      const site = request.headers['sec-fetch-site'];
      if (site === 'cross-site' || site === 'same-site') throw refused('Cross-site request refused');
      const origin = request.headers.origin;
      if (origin && origin !== 'null') {
        let host: string;
        try {
          host = new URL(origin).host;
        } catch {
          throw refused('Cross-site request refused');
        }
        if (host !== request.host) throw refused('Cross-site request refused');
      } else if (origin === 'null') {
        throw refused('Cross-site request refused');
      }
    },
  );
}
