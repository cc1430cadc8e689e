/**
 * Vitest globalSetup for the 'unit-api' project: migrates ONE database per kind before any test
 * file runs, so that each file can get a fresh, migrated, empty database in a fraction of a second
 * (tests/support/databases.ts clones it).
 *
 * - PGlite: a migrated in-memory instance, dumped to a tarball in os.tmpdir(); files load it.
 * - PostgreSQL (only when TEST_DATABASE_URL is set): a migrated template database
 *   `shop_test_template` on that server; files CREATE DATABASE ... TEMPLATE it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpPgliteMemory, openDatabase } from '../../server/db/client.ts';
import { databaseUrl, quoteIdent, TEMPLATE_DATABASE, TEST_DATABASE_PREFIX, withAdmin } from './postgres-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Tarball of a migrated, empty PGlite data directory (load it with loadDataDir). */
    pgliteDumpPath: string;
    /** Name of the migrated, empty template database, or null without TEST_DATABASE_URL. */
    postgresTemplate: string | null;
    /** TEST_DATABASE_URL: a connection allowed to create and drop databases, or null. */
    postgresAdminUrl: string | null;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL || null;
  const dumpPath = path.join(os.tmpdir(), `shop-test-pglite-${process.pid}-${Date.now()}.tar`);

  async function teardown(): Promise<void> {
    fs.rmSync(dumpPath, { force: true });
    if (adminUrl) await dropTestDatabases(adminUrl);
  }

  try {
    const [, template] = await Promise.all([preparePglite(dumpPath), adminUrl ? preparePostgres(adminUrl) : null]);
    project.provide('pgliteDumpPath', dumpPath);
    project.provide('postgresTemplate', template);
    project.provide('postgresAdminUrl', adminUrl);
  } catch (error) {
    // Vitest skips the teardown when setup fails: clean up what was made so far.
    await teardown().catch(() => {});
    throw error;
  }
  return teardown;
}

async function preparePglite(dumpPath: string): Promise<void> {
  const database = await openDatabase({ kind: 'pglite-memory' });
  try {
    await database.migrate();
    const dump = await dumpPgliteMemory(database);
    fs.writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
}

async function preparePostgres(adminUrl: string): Promise<string> {
  await withAdmin(adminUrl, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(TEMPLATE_DATABASE)} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${quoteIdent(TEMPLATE_DATABASE)}`);
  });
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, TEMPLATE_DATABASE), poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return TEMPLATE_DATABASE;
}

/** Drops the template and any per-file database a crashed or interrupted run left behind. */
async function dropTestDatabases(adminUrl: string): Promise<void> {
  await withAdmin(adminUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [
      TEST_DATABASE_PREFIX,
    ]);
    for (const { datname } of rows) {
      await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(datname)} WITH (FORCE)`);
    }
  });
}
