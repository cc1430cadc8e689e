import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { tooMany } from '#lib/errors.ts';
import type { Database } from '#platform/db/client.ts';
import { rateLimitHits } from '#platform/http/tables.ts';

/**
 * An allowance: `max` requests per `timeWindow` milliseconds, for one route or for a named group of routes; per IP,
 * unless the route counts per visitor (perVisitor).
 */
export interface RateLimit {
  max: number;
  timeWindow: number;
}

interface Count {
  current: number;
  ttl: number;
}

/** Counts hits per key in fixed windows. */
export interface Counter {
  incr(key: string, timeWindow: number): Promise<Count>;
}

const PRUNE_AT = 10_000;

/** One process's counts (the embedded database has one process). */
class MemoryCounter implements Counter {
  private readonly windows = new Map<string, { hits: number; resetAt: number }>();

  async incr(key: string, timeWindow: number): Promise<Count> {
    const now = Date.now();
    if (this.windows.size >= PRUNE_AT) for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) this.windows.set(key, (window = { hits: 0, resetAt: now + timeWindow }));
    window.hits++;
    return { current: window.hits, ttl: window.resetAt - now };
  }
}

/**
 * Counts in PostgreSQL, so that processes sharing the database share each allowance: one upsert per hit, which the
 * row lock makes atomic across processes. The database's clock decides the windows.
 */
class DatabaseCounter implements Counter {
  private calls = 0;

  constructor(private readonly db: Database['db']) {}

  async incr(key: string, timeWindow: number): Promise<Count> {
    const expired = sql`${rateLimitHits.resetAt} <= now()`;
    const [row] = await this.db
      .insert(rateLimitHits)
      .values({ key, hits: 1, resetAt: sql`now() + ${timeWindow} * interval '1 millisecond'` })
      .onConflictDoUpdate({
        target: rateLimitHits.key,
        set: {
          hits: sql`case when ${expired} then 1 else ${rateLimitHits.hits} + 1 end`,
          resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimitHits.resetAt} end`,
        },
      })
      .returning({
        hits: rateLimitHits.hits,
        ttl: sql<string>`ceil(extract(epoch from ${rateLimitHits.resetAt} - now()) * 1000)`,
      });
    // Finished windows are dropped now and then, by whichever process gets there.
    if (++this.calls % 1000 === 0) await this.db.delete(rateLimitHits).where(expired);
    if (!row) throw new Error('rate limit upsert returned no row');
    return { current: row.hits, ttl: Math.max(0, Number(row.ttl)) };
  }
}

/** What a route's `config.rateLimit` gives the store: a group's routes share one count. */
interface LimitParams {
  groupId?: string;
  routeInfo: { method: string | string[]; url: string };
}

/** @fastify/rate-limit's store interface over a Counter, one namespace per route or group. */
function storeOver(counter: Counter) {
  return class SharedStore {
    constructor(
      _globalParams: unknown,
      private readonly namespace = '',
    ) {}

    incr(key: string, callback: (error: Error | null, count?: Count) => void, timeWindow: number): void {
      counter.incr(this.namespace + key, timeWindow).then(
        (count) => callback(null, count),
        (error: Error) => callback(error),
      );
    }

    // The plugin passes the route's merged limit (groupId, routeInfo), not the route options its types name.
    child(options: Parameters<FastifyRateLimitStore['child']>[0]): SharedStore {
      const params = options as unknown as LimitParams;
      const { method, url } = params.routeInfo;
      return new SharedStore(null, `${params.groupId ?? `${[method].flat().join(',')} ${url}`}:`);
    }
  };
}

/** The counts of every allowance: in PostgreSQL, so that every process sees them; in memory on the embedded database. */
export function createCounter(database: Database): Counter {
  return database.kind === 'postgres' ? new DatabaseCounter(database.db) : new MemoryCounter();
}

/**
 * Counts a hit on `name` for `key` and refuses (429, with when to try again) once the allowance is used up: for
 * limits a route checks in its handler, where a visitor's action rather than a request is counted.
 */
export async function takeAllowance(counter: Counter, name: string, key: string, limit: RateLimit, message: string) {
  const { current, ttl } = await counter.incr(`${name}:${key}`, limit.timeWindow);
  if (current > limit.max) {
    const seconds = Math.max(1, Math.ceil(ttl / 1000));
    throw tooMany(`${message} Please wait ${seconds} seconds and try again.`, seconds);
  }
}

/**
 * Counted per visitor rather than per address: many customers share one address behind a mobile carrier's NAT or an
 * office proxy. A visitor is the token in its cookie (a stored session, or a signed token not yet stored); a request
 * without a valid one counts for its address.
 */
export function perVisitor(limit: RateLimit) {
  return {
    ...limit,
    keyGenerator: async (request: FastifyRequest) => {
      const visitor = await request.visitorKey();
      return visitor ? `visitor:${visitor}` : `ip:${request.ip}`;
    },
  };
}

/**
 * Registers rate limiting for routes that opt in with `config.rateLimit`; nothing else is limited. Routes with the
 * same `groupId` share one allowance. With PostgreSQL the counts live in the database (every process sees them).
 */
export async function registerRateLimits(app: FastifyInstance, counter: Counter): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: storeOver(counter),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });
}
