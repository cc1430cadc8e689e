import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

import type { AdminPage } from '../../core/schemas/admin.ts';
import { PLAIN_LIST_SIZE } from '../db/lists.ts';
import { parseInput } from './errors.ts';

/**
 * An admin list call: without query parameters the plain array of the newest rows the admin's client expects (the
 * total in X-Total-Count, a Link to the next page when there is more); with any, the page with its tab counts
 * (docs/decisions/072-admin-lists-paged-on-the-server.md).
 */
export async function answerAdminList<S extends z.ZodType, P extends Pick<AdminPage<unknown>, 'items' | 'total'>>(
  request: FastifyRequest,
  reply: FastifyReply,
  schema: S,
  path: string,
  list: (query: z.output<S>) => Promise<P>,
): Promise<P | P['items']> {
  const plain = Object.keys(request.query as object).length === 0;
  const page = await list(parseInput(schema, plain ? { pageSize: PLAIN_LIST_SIZE } : request.query, 'query'));
  reply.header('cache-control', 'no-store');
  if (!plain) return page;
  reply.header('x-total-count', String(page.total));
  if (page.total > page.items.length) reply.header('link', `<${path}?page=2&pageSize=${PLAIN_LIST_SIZE}>; rel="next"`);
  return page.items;
}
