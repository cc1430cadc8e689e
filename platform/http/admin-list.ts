import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

import { istDate } from '#lib/india-time.ts';
import { type AdminPage, seenBodySchema } from '#lib/schemas/list.ts';
import type { Actor } from '#platform/audit/service.ts';
import { PLAIN_LIST_SIZE } from '#platform/db/lists.ts';

import { sendCsv } from './csv.ts';
import { parseInput } from './errors.ts';
import { adminActor, STAFF_MAY } from './require-admin.ts';

/**
 * An admin list call: without query parameters the plain array of the newest rows the admin's client expects (the
 * total in X-Total-Count, a Link to the next page when there is more); with any, the page with its tab counts
 * (docs/decisions/072-admin-lists-and-csv-exports.md).
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

/** A CSV export's columns: each header with how a row fills it, so the two cannot drift apart. */
export type CsvColumns<T> = ReadonlyArray<readonly [header: string, cell: (item: T) => Cell]>;

/** What the panel reads and changes of one collection; a service has these as methods. */
interface Collection<Q, P, F, T> {
  list(query: Q): Promise<P>;
  get(id: number): Promise<unknown>;
  each?(filters: F): AsyncIterable<T[]>;
  setSeen?(id: number, seen: boolean, actor: Actor): Promise<unknown>;
  delete?(id: number, actor: Actor): Promise<void>;
}

/**
 * One admin collection (the enquiries, the messages, the customers, the products) as the panel reads and changes it
 * under `path` ('/admin/contacts'): the list (`query` its parameters), one record (`id`: the path's schema and what a
 * refusal calls it), and those of `changes` the collection has: its seen flag, its delete. With `csv` (the file's
 * name before its date, and the columns) the list as filtered downloads as CSV (administrators only). Every other
 * route of a record reads the id with the answer, `idOf(request)`.
 */
export function adminCollectionRoutes<S extends z.ZodType, P extends Pick<AdminPage<unknown>, 'items' | 'total'>, T>(
  app: FastifyInstance,
  path: string,
  collection: Collection<z.output<S>, P, Omit<z.output<S>, 'page' | 'pageSize'>, T>,
  options: {
    query: S;
    id: readonly [schema: z.ZodType<{ id: number }>, what: string];
    changes?: ReadonlyArray<'seen' | 'delete'>;
    csv?: readonly [name: string, columns: CsvColumns<T>];
  },
): (request: FastifyRequest) => number {
  const { query, changes = [], csv } = options;
  const [params, what] = options.id;
  const idOf = (request: FastifyRequest) => parseInput(params, request.params, what).id;

  app.get(path, STAFF_MAY, (request, reply) =>
    answerAdminList(request, reply, query, `/api${path}`, (parsed) => collection.list(parsed)),
  );
  if (csv && collection.each) {
    const [name, columns] = csv;
    const each = collection.each.bind(collection);
    app.get(`${path}/export.csv`, async (request, reply) => {
      const {
        page: _page,
        pageSize: _size,
        ...filters
      } = parseInput(query, request.query, 'query') as z.output<S> & Record<'page' | 'pageSize', unknown>;
      const header = columns.map(([title]) => title);
      const cells = (item: T) => columns.map(([, cell]) => cell(item));
      return sendCsv(reply, `${name}-${istDate(new Date())}.csv`, header, each(filters), cells);
    });
  }
  app.get(`${path}/:id`, STAFF_MAY, async (request, reply) => {
    const id = idOf(request);
    reply.header('cache-control', 'no-store');
    return collection.get(id);
  });
  if (changes.includes('seen') && collection.setSeen) {
    const setSeen = collection.setSeen.bind(collection);
    app.patch(`${path}/:id/seen`, STAFF_MAY, async (request) => {
      const id = idOf(request);
      const { seen } = parseInput(seenBodySchema, request.body, 'change');
      return setSeen(id, seen, await adminActor(request));
    });
  }
  if (changes.includes('delete') && collection.delete) {
    const remove = collection.delete.bind(collection);
    app.delete(`${path}/:id`, STAFF_MAY, async (request) => {
      const id = idOf(request);
      await remove(id, await adminActor(request));
      return { id, deleted: true };
    });
  }
  return idOf;
}
