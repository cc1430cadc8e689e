import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

import { PROJECT_ROOT } from '#platform/config.ts';

import { acquireDataDirLock, type DataDirLock } from './lock.ts';
import { copyTemplateInto, PGLITE_INITDB_PARAMS, PGLITE_START_PARAMS } from './pglite-memory.ts';
import { parsersOnce } from './pglite-parsers.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** One type for both drivers: services never know which database they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a transaction's callback gets. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations (serialised between processes on PostgreSQL). */
  migrate(): Promise<void>;
  /** Flushes to disk and closes; releases the DATA_DIR lock. */
  close(): Promise<void>;
  /**
   * Calls `onNotify` on each NOTIFY on `channel` from any process, and again whenever a lost listening connection is
   * back (what was sent meanwhile is missed). On PGlite, the one process hears its own.
   * Answers the function that stops listening.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
}

const RELISTEN_DELAY_MS = 1000;

/** A connection of its own that LISTENs, connecting again after a loss. */
async function listenOnPostgres(url: string, channel: string, onNotify: () => void): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    next.on('error', () => {
      if (client !== next || stopped) return;
      client = null;
      void next.end().catch(() => {});
      reconnectLater();
    });
    await next.connect();
    await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    client = next;
  };
  function reconnectLater() {
    if (!stopped) retry = setTimeout(() => void connect().then(onNotify, reconnectLater), RELISTEN_DELAY_MS);
  }
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'platform/db/migrations');
/** Any constant works; it only has to be the same in every process of this app. */
const MIGRATION_LOCK_KEY = 72_0001;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** loadDataDir: a dump (PGlite's dumpDataDir) to create the database from; the directory must have none yet. */
  | { kind: 'pglite'; dataDir: string; loadDataDir?: Blob }
  | { kind: 'pglite-memory'; loadDataDir?: Blob | File };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === 'postgres' ? openPostgres(target.url, target.poolSize) : openPglite(target);
}

async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => {}); // an idle client's lost connection is replaced on next use
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
    listen: (channel, onNotify) => listenOnPostgres(url, channel, onNotify),
  };
}

/** PostgreSQL extensions the migrations create (pg_trgm: the admin's substring searches use trigram indexes). */
const EXTENSIONS = { pg_trgm };
const PGLITE_OPTIONS = { extensions: EXTENSIONS, startParams: PGLITE_START_PARAMS, initDbStartParams: PGLITE_INITDB_PARAMS };

async function openPglite(
  target: { kind: 'pglite'; dataDir: string; loadDataDir?: Blob } | { kind: 'pglite-memory'; loadDataDir?: Blob | File },
): Promise<Database> {
  let lock: DataDirLock | null = null;
  let client: PGlite;
  if (target.kind === 'pglite') {
    lock = acquireDataDirLock(target.dataDir);
    try {
      const pgdata = path.join(target.dataDir, 'pgdata');
      if (!target.loadDataDir) copyTemplateInto(pgdata);
      client = await PGlite.create(pgdata, { ...PGLITE_OPTIONS, ...(target.loadDataDir && { loadDataDir: target.loadDataDir }) });
    } catch (error) {
      lock.release();
      throw error;
    }
  } else {
    client = await PGlite.create({ ...PGLITE_OPTIONS, ...(target.loadDataDir && { loadDataDir: target.loadDataDir }) });
  }
  const lean = parsersOnce(client);
  const db = drizzlePglite({ client: lean, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite({ client: lean, schema }), { migrationsFolder: MIGRATIONS_DIR }),
    async close() {
      try {
        if (!client.closed) {
          await db.execute(sql`checkpoint`);
          await client.close();
        }
      } finally {
        lock?.release();
      }
    },
    // One process, one database: PGlite hands the process its own notices (a trigger's, as well as a service's).
    listen: async (channel, onNotify) => {
      const stop = await client.listen(channel, onNotify);
      return async () => {
        if (!client.closed) await stop();
      };
    },
  };
}

/** Exposed for tests that clone a migrated template, and for backups (gzip). */
export async function dumpPgliteMemory(database: Database, compression: 'none' | 'gzip' = 'none'): Promise<Blob> {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir(compression);
}
