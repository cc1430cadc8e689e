// PostgreSQL server-level helpers shared by the global setup and the per-file databases.
import { randomBytes } from 'node:crypto';

import pg from 'pg';
import { inject } from 'vitest';

/** Every database the tests create starts with this. */
const TEST_DATABASE_PREFIX = 'shop_test_';
/** A run's databases are named `shop_test_<start time, base 36>_<pid>_…`: runs at once on one server keep apart. */
const RUN_NAME = /^shop_test_([0-9a-z]+)_(\d+)_/;
/** Databases of a run that started this long ago were left by a crash or an interrupted run. */
const STALE_AFTER_MS = 6 * 60 * 60 * 1000;

/** The name prefix of one test run's databases (the global setup picks it and provides it to the workers). */
export function runPrefix(startedAt: number, pid: number): string {
  return `${TEST_DATABASE_PREFIX}${startedAt.toString(36)}_${pid}_`;
}

/** A new database name within this run, e.g. testDatabaseName('restart_'). */
export function testDatabaseName(label = ''): string {
  const prefix = inject('postgresRunPrefix');
  if (!prefix) throw new Error('PostgreSQL tests need TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
  return `${prefix}${label}${randomBytes(6).toString('hex')}`;
}

export async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Drops the databases whose names start with `prefix`, or, without one, test databases left behind by runs that
 * started over STALE_AFTER_MS ago (or named before runs had prefixes).
 */
export async function dropTestDatabases(adminUrl: string, prefix: string | null, now = Date.now()): Promise<void> {
  await withAdmin(adminUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [
      prefix ?? TEST_DATABASE_PREFIX,
    ]);
    for (const { datname } of rows) {
      if (prefix === null && !isStale(datname, now)) continue;
      await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(datname)} WITH (FORCE)`);
    }
  });
}

function isStale(name: string, now: number): boolean {
  const run = RUN_NAME.exec(name);
  const startedAt = run ? parseInt(run[1]!, 36) : 0;
  return now - startedAt > STALE_AFTER_MS;
}

/**
 * CREATE DATABASE ... TEMPLATE refuses while another session is connected to the template; the template has none
 * after setup, but a concurrent clone in another worker can hold it for a moment.
 */
export async function createFromTemplate(adminUrl: string, name: string, template: string): Promise<void> {
  await withAdmin(adminUrl, async (admin) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template)}`);
        return;
      } catch (error) {
        const busy = (error as { code?: string }).code === '55006'; // object_in_use
        if (!busy || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  });
}

/** The admin URL pointed at another database on the same server. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
