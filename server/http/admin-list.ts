import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

import { istDate } from '../../core/reply-promise.ts';
import { type AdminPage, seenBodySchema } from '../../core/schemas/admin.ts';
import { PLAIN_LIST_SIZE } from '../db/lists.ts';
import type { Actor } from '../modules/audit/service.ts';
import { sendCsv } from './csv.ts';
import { parseInput } from './errors.ts';
import { adminActor, STAFF_MAY } from './require-admin.ts';

/**
 * An admin list call: without query parameters the plain array of the newest rows the admin's client expects (the
 * total in X-Total-Count, a Link to the next page when there is more); with any, the page with its tab counts
 * (docs/decisions/072-admin-lists-paged-on-the-server.md).
 */
async function answerAdminList<S extends z.ZodType, P extends Pick<AdminPage<unknown>, 'items' | 'total'>>(
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

type Cell = string | number | boolean | null;

/** What a list's CSV export needs: the file's name before its date, the header, the rows batch by batch, each row's cells. */
interface CsvExport<F, T> {
  name: string;
  header: readonly string[];
  each: (filters: F) => AsyncIterable<T[]>;
  cells: (item: T) => readonly Cell[];
}

/**
 * One admin collection (the enquiries, the messages, the customers, the products) as the panel reads and changes
 * it under `path` ('/admin/contacts'): the list, its CSV export (administrators only), one record, and where the
 * collection has them its seen flag and delete. Every other route of a record reads its id with the answer's `idOf`,
 * which refuses a bad id with a 400 naming `what` ('message id').
 */
export function adminCollectionRoutes<S extends z.ZodType, P extends Pick<AdminPage<unknown>, 'items' | 'total'>, T>(
  app: FastifyInstance,
  collection: {
    path: string;
    query: S;
    list: (query: z.output<S>) => Promise<P>;
    params: z.ZodType<{ id: number }>;
    what: string;
    get: (id: number) => Promise<unknown>;
    csv?: CsvExport<Omit<z.output<S>, 'page' | 'pageSize'>, T>;
    setSeen?: (id: number, seen: boolean, actor: Actor) => Promise<unknown>;
    remove?: (id: number, actor: Actor) => Promise<void>;
  },
): (request: FastifyRequest) => number {
  const { path, params, what, csv, setSeen, remove } = collection;
  const idOf = (request: FastifyRequest) => parseInput(params, request.params, what).id;

  app.get(path, STAFF_MAY, (request, reply) =>
    answerAdminList(request, reply, collection.query, `/api${path}`, collection.list),
  );
  if (csv) {
    app.get(`${path}/export.csv`, async (request, reply) => {
      const { page: _page, pageSize: _size, ...filters } = parseInput(collection.query, request.query, 'query') as z.output<S> &
        Record<'page' | 'pageSize', unknown>;
      return sendCsv(reply, `${csv.name}-${istDate(new Date())}.csv`, csv.header, csv.each(filters), csv.cells);
    });
  }
  app.get(`${path}/:id`, STAFF_MAY, async (request, reply) => {
    const id = idOf(request);
    reply.header('cache-control', 'no-store');
    return collection.get(id);
  });
  if (setSeen) {
    app.patch(`${path}/:id/seen`, STAFF_MAY, async (request) => {
      const id = idOf(request);
      const { seen } = parseInput(seenBodySchema, request.body, 'change');
      return setSeen(id, seen, await adminActor(request));
    });
  }
  if (remove) {
    app.delete(`${path}/:id`, STAFF_MAY, async (request) => {
      const id = idOf(request);
      await remove(id, await adminActor(request));
      return { id, deleted: true };
    });
  }
  return idOf;
}
