/**
 * A database that outlives its connections, for restart tests: open() it, close it, open() it again
 * and find the same data. PGlite: the on-disk kind in a temporary DATA_DIR (as main.ts opens it).
 * PostgreSQL: a database of its own cloned from the migrated template, reached by URL each time.
 * dispose() removes it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { inject } from 'vitest';

import { type Database, openDatabase } from '#platform/db/client.ts';

import type { TestDatabaseKind } from './databases.ts';
import { createFromTemplate, databaseUrl, quoteIdent, testDatabaseName, withAdmin } from './postgres-admin.ts';

export interface PersistentDatabase {
  /** The DATA_DIR the app would use (PGlite keeps its files under it; the outbox writes .eml files in it). */
  dataDir: string;
  /** Opens and migrates it, as the app does at every start. */
  open(): Promise<Database>;
  dispose(): Promise<void>;
}

export async function createPersistentDatabase(kind: TestDatabaseKind): Promise<PersistentDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-restart-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (kind === 'pglite') {
    return {
      dataDir,
      async open() {
        const database = await openDatabase({ kind: 'pglite', dataDir });
        await database.migrate();
        return database;
      },
      async dispose() {
        removeDir();
      },
    };
  }

  const adminUrl = inject('postgresAdminUrl');
  const template = inject('postgresTemplate');
  if (!adminUrl || !template) throw new Error('PostgreSQL tests need TEST_DATABASE_URL');
  const name = testDatabaseName('restart_');
  await createFromTemplate(adminUrl, name, template);
  const url = databaseUrl(adminUrl, name);
  return {
    dataDir,
    async open() {
      const database = await openDatabase({ kind: 'postgres', url, poolSize: 5 });
      await database.migrate();
      return database;
    },
    async dispose() {
      try {
        await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
      } finally {
        removeDir();
      }
    },
  };
}
