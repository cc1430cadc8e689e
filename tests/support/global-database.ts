/**
 * Vitest globalSetup for the 'unit-api' project: migrates ONE database per kind before any test
 * file runs, so that each file can get a fresh, migrated, empty database in a fraction of a second
 * (tests/support/databases.ts clones it).
 *
 * - PGlite: a migrated in-memory instance, dumped to a tarball in os.tmpdir(); files load it.
 * - PostgreSQL (only when TEST_DATABASE_URL is set): a migrated template database on that server; files
 *   CREATE DATABASE ... TEMPLATE it. Every database of the run carries the run's name prefix, so two runs against
 *   one server leave each other alone; teardown drops the run's databases, setup those of long-gone runs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { TestProject } from 'vitest/node';

import { dumpPgliteMemory, openDatabase } from '#platform/db/client.ts';

import { databaseUrl, dropTestDatabases, quoteIdent, runPrefix, withAdmin } from './postgres-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Tarball of a migrated, empty PGlite data directory (load it with loadDataDir). */
    pgliteDumpPath: string;
    /** Name of the migrated, empty template database, or null without TEST_DATABASE_URL. */
    postgresTemplate: string | null;
    /** TEST_DATABASE_URL: a connection allowed to create and drop databases, or null. */
    postgresAdminUrl: string | null;
    /** The name prefix of this run's PostgreSQL databases, or null without TEST_DATABASE_URL. */
    postgresRunPrefix: string | null;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL || null;
  const startedAt = Date.now();
  const dumpPath = path.join(os.tmpdir(), `shop-test-pglite-${process.pid}-${startedAt}.tar`);
  const prefix = adminUrl ? runPrefix(startedAt, process.pid) : null;

  async function teardown(): Promise<void> {
    fs.rmSync(dumpPath, { force: true });
    if (adminUrl) await dropTestDatabases(adminUrl, prefix);
  }

  try {
    if (adminUrl) await dropTestDatabases(adminUrl, null, startedAt);
    const [, template] = await Promise.all([
      preparePglite(dumpPath),
      adminUrl && prefix ? preparePostgres(adminUrl, `${prefix}template`) : null,
    ]);
    project.provide('pgliteDumpPath', dumpPath);
    project.provide('postgresTemplate', template);
    project.provide('postgresAdminUrl', adminUrl);
    project.provide('postgresRunPrefix', prefix);
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

async function preparePostgres(adminUrl: string, template: string): Promise<string> {
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${quoteIdent(template)}`));
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, template), poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return template;
}
