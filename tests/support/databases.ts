/**
 * Fresh databases and apps for tests. Each call gives its own migrated, EMPTY database, cloned
 * from what tests/support/global-database.ts prepared once per run:
 *
 *   describe.each(databaseKinds())('catalogue API on %s', (kind) => {
 *     let ctx: TestApp;
 *     beforeAll(async () => { ctx = await createTestApp(kind); });
 *     afterAll(() => ctx.close());
 *   });
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';

import { seedDemoCatalogue } from '#domains/catalogue/seed.server.ts';
import { type Config, loadConfig } from '#platform/config.ts';
import { type Database, openDatabase } from '#platform/db/client.ts';
import { type AppOptions, buildApp } from '#server/app.ts';
import { createServices, type Services } from '#server/services.ts';

import { createFromTemplate, databaseUrl, quoteIdent, testDatabaseName, withAdmin } from './postgres-admin.ts';

export type TestDatabaseKind = 'pglite' | 'postgres';

/** The kinds to run database tests on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function databaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** A migrated, empty database of its own; close() disposes of it (and drops it on PostgreSQL). */
export async function createTestDatabase(kind: TestDatabaseKind): Promise<Database> {
  return kind === 'pglite' ? createPgliteDatabase() : createPostgresDatabase();
}

/** The migrated database's dump, read once a worker: a Blob cannot change, and making one copies the 40 MB again. */
let pgliteDump: Blob | null = null;

async function createPgliteDatabase(): Promise<Database> {
  pgliteDump ??= new Blob([fs.readFileSync(inject('pgliteDumpPath'))]);
  return openDatabase({ kind: 'pglite-memory', loadDataDir: pgliteDump });
}

async function createPostgresDatabase(): Promise<Database> {
  const adminUrl = inject('postgresAdminUrl');
  const template = inject('postgresTemplate');
  if (!adminUrl || !template) {
    throw new Error('PostgreSQL tests need TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
  }
  const name = testDatabaseName();
  await createFromTemplate(adminUrl, name, template);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, name), poolSize: 5 });
  let closed = false;
  return {
    ...database,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await database.close();
      } finally {
        await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
      }
    },
  };
}

/**
 * A PostgreSQL database of its own, by URL (for child processes): migrated and empty, or with `bare` not even
 * migrated (a restore's target); drop() removes it.
 */
export async function createPostgresTestUrl({ bare = false } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('postgresAdminUrl');
  const template = inject('postgresTemplate');
  if (!adminUrl || !template) throw new Error('PostgreSQL tests need TEST_DATABASE_URL');
  const name = testDatabaseName();
  if (bare) await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${quoteIdent(name)}`));
  else await createFromTemplate(adminUrl, name, template);
  return {
    url: databaseUrl(adminUrl, name),
    drop: async () => {
      await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  services: Services;
  config: Config;
  /** Products the demo seed added (0 with seed: false). */
  seeded: number;
  close(): Promise<void>;
}

/** Changes to the default test config; rateLimits are merged per route. dataDir is always a fresh temporary one. */
export type TestConfigOverrides = Partial<Omit<Config, 'rateLimits' | 'dataDir'>> & {
  rateLimits?: Partial<Config['rateLimits']>;
};

export interface TestAppOptions {
  /** Seed the demo catalogue (default true). */
  seed?: boolean;
  /** e.g. higher or lower rate limits, an smtpUrl or a shopEmail. */
  config?: TestConfigOverrides;
  /** The services' clock, to move time in expiry and lockout tests (default: the real clock). */
  now?: () => Date;
  /** Sees every route as the app adds it (buildApp's onRoute). */
  onRoute?: AppOptions['onRoute'];
  /** The app's logger (default: none). */
  logger?: AppOptions['logger'];
  /** Product photos may be fetched from a server the test runs on 127.0.0.1. */
  allowLoopbackImageAddresses?: boolean;
}

const TEST_APP_SECRET = randomBytes(32).toString('base64url');

/**
 * The config createTestApp uses: the defaults, the overrides, and the given dataDir. New sessions are not limited
 * unless a test asks: every test client starts its own session, all from one address.
 */
export function testConfig(dataDir: string, overrides: TestConfigOverrides = {}): Config {
  const defaults = loadConfig({});
  const { rateLimits, ...rest } = overrides;
  const sessions = { ...defaults.rateLimits.sessions, max: 1_000_000 };
  return {
    ...defaults,
    appSecret: TEST_APP_SECRET,
    ...rest,
    dataDir,
    rateLimits: { ...defaults.rateLimits, sessions, ...rateLimits },
  };
}

/** The API app (no pages) on a fresh database, seeded with the demo catalogue unless seed is false. */
export async function createTestApp(
  kind: TestDatabaseKind,
  { seed = true, config: overrides, now, onRoute, logger, allowLoopbackImageAddresses }: TestAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-data-'));
  try {
    const seeded = seed ? await seedDemoCatalogue(database.db) : 0;
    const config = testConfig(dataDir, overrides);
    const services = createServices(database.db, config, { now, allowLoopbackImageAddresses });
    const app = await buildApp({ config, database, services, onRoute, logger });
    await app.ready();
    return {
      app,
      database,
      services,
      config,
      seeded,
      async close() {
        try {
          await app.close();
          await services.mail.stop();
        } finally {
          await database.close();
          fs.rmSync(dataDir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    await database.close().catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * A fresh app for the enclosing describe block: made in its first beforeAll, closed in its last afterAll. The object
 * is filled in by that beforeAll, so read its fields in tests and in the hooks registered after this call.
 */
export function suiteApp(kind: TestDatabaseKind, options?: TestAppOptions): TestApp {
  const suite: Partial<TestApp> = {};
  beforeAll(async () => {
    Object.assign(suite, await createTestApp(kind, options));
  });
  afterAll(() => suite.close?.());
  return suite as TestApp;
}
