import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';

type Queryable = Pick<PGlite, 'query'>;

/**
 * drizzle's PGlite driver hands the same few value parsers to every query (timestamps, dates, intervals and their
 * arrays left as text, which drizzle maps itself), and PGlite answers a query with its own parsers by first copying
 * its whole table of parsers (over 300 types) into a new object: about 120 µs a query, a third of a short read's cost
 * on this machine (docs/benchmarks.md, 2026-12-06). The client given to drizzle puts a query's parsers into the
 * table once and runs the query without them: every value is parsed as before, and nothing is copied.
 */
export function parsersOnce(client: PGlite): PGlite {
  const table = client.parsers;
  const lean = <T extends Queryable>(target: T): T['query'] =>
    ((query: string, params?: unknown[], options?: QueryOptions) => {
      if (!options?.parsers) return target.query(query, params, options);
      const { parsers, ...rest } = options;
      Object.assign(table, parsers);
      return target.query(query, params, rest);
    }) as T['query'];
  const wrap = <T extends object & Queryable>(target: T, overrides: Partial<Record<keyof T, unknown>>): T =>
    new Proxy(target, {
      get(object, property) {
        if (property in overrides) return overrides[property as keyof T];
        const value: unknown = Reflect.get(object, property, object);
        // PGlite keeps its state in private slots keyed by the real object: its methods run on it, not on the proxy.
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
      },
    });
  return wrap(client, {
    query: lean(client),
    transaction: <R>(callback: (tx: Transaction) => Promise<R>) =>
      client.transaction((tx) => callback(wrap(tx, { query: lean(tx) }))),
  });
}
