// `npm run backup -- [folder]` and `npm run restore -- <folder>`: the whole shop (database and uploaded files) to a
// folder and back, with the server's settings (DATABASE_URL or DATA_DIR).
//
// PostgreSQL: pg_dump's custom format, taken from one snapshot, so a backup made while the server runs is
// consistent. Embedded database: PGlite's own dump (a tar of the data directory), taken with the DATA_DIR lock, so
// the server must be stopped (the lock refuses otherwise). Restore only fills an empty database or DATA_DIR.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

import { sql } from 'drizzle-orm';

import { type Config, loadConfig } from '#platform/config.ts';
import { type Database, dumpPgliteMemory, openDatabase } from '#platform/db/client.ts';
import { UPLOADS_DIR } from '#platform/images/store.ts';

const run = promisify(execFile);
const MANIFEST = 'manifest.json';
const PG_DUMP = 'database.dump';
const PGLITE_DUMP = 'pgdata.tar.gz';

export interface Manifest {
  kind: 'postgres' | 'pglite';
  createdAt: string;
  /** Rows per table when the backup was taken ('schema.table'), checked again after a restore. */
  tables: Record<string, number>;
}

/** Every table's row count, the migrations' bookkeeping included. */
export async function rowCounts(database: Database): Promise<Record<string, number>> {
  const tables = await database.db.execute(
    sql`select schemaname || '.' || tablename as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of rowsOf<{ name: string }>(tables)) {
    const [schema, table] = name.split('.') as [string, string];
    const [row] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from ${sql.identifier(schema)}.${sql.identifier(table)}`),
    );
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

/** node-postgres answers { rows }, PGlite an array-like result with rows too. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export async function backup(config: Config, folder: string): Promise<Manifest> {
  if (fs.existsSync(folder) && fs.readdirSync(folder).length > 0) throw new Error(`${folder} is not empty`);
  fs.mkdirSync(folder, { recursive: true });
  let manifest: Manifest;
  if (config.databaseUrl) {
    const database = await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: 1 });
    try {
      await run('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${path.join(folder, PG_DUMP)}`,
        config.databaseUrl,
      ]);
      // Counted after the dump, for the record only: a running shop may have written since its snapshot.
      manifest = { kind: 'postgres', createdAt: new Date().toISOString(), tables: await rowCounts(database) };
    } finally {
      await database.close();
    }
  } else {
    const database = await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
    try {
      const dump = await dumpPgliteMemory(database, 'gzip');
      fs.writeFileSync(path.join(folder, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
      manifest = { kind: 'pglite', createdAt: new Date().toISOString(), tables: await rowCounts(database) };
    } finally {
      await database.close();
    }
  }
  const uploads = path.join(config.dataDir, UPLOADS_DIR);
  if (fs.existsSync(uploads)) fs.cpSync(uploads, path.join(folder, UPLOADS_DIR), { recursive: true });
  fs.writeFileSync(path.join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export async function restore(config: Config, folder: string): Promise<Manifest> {
  const manifest = JSON.parse(fs.readFileSync(path.join(folder, MANIFEST), 'utf8')) as Manifest;
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.kind !== kind) throw new Error(`${folder} is a backup of a ${manifest.kind} database; this shop uses ${kind}`);
  const uploads = path.join(config.dataDir, UPLOADS_DIR);
  if (fs.existsSync(uploads) && fs.readdirSync(uploads).length > 0) throw new Error(`${uploads} is not empty`);
  let database: Database;
  if (config.databaseUrl) {
    database = await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: 1 });
    try {
      if (Object.keys(await rowCounts(database)).length > 0) throw new Error('The database is not empty: restore into a new one');
      await run('pg_restore', [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        `--dbname=${config.databaseUrl}`,
        path.join(folder, PG_DUMP),
      ]);
    } catch (error) {
      await database.close();
      throw error;
    }
  } else {
    const pgdata = path.join(config.dataDir, 'pgdata');
    if (fs.existsSync(pgdata) && fs.readdirSync(pgdata).length > 0) throw new Error(`${pgdata} is not empty`);
    const dump = new Blob([fs.readFileSync(path.join(folder, PGLITE_DUMP))]);
    database = await openDatabase({ kind: 'pglite', dataDir: config.dataDir, loadDataDir: dump });
  }
  try {
    const counts = await rowCounts(database);
    // PostgreSQL's counts were taken after its snapshot, so a busy shop's may differ: only the embedded one must match.
    if (kind === 'pglite' && JSON.stringify(counts) !== JSON.stringify(manifest.tables)) {
      throw new Error(`The restored tables differ from the backup's: ${JSON.stringify(counts)}`);
    }
  } finally {
    await database.close();
  }
  if (fs.existsSync(path.join(folder, UPLOADS_DIR))) fs.cpSync(path.join(folder, UPLOADS_DIR), uploads, { recursive: true });
  return manifest;
}

const USAGE = 'Usage: npm run backup -- [folder]   |   npm run restore -- <folder>';

async function main([command, folder]: string[]): Promise<number> {
  const config = loadConfig();
  try {
    if (command === 'backup') {
      const target = folder ?? path.join('backups', `shop-${new Date().toISOString().replace(/[:.]/g, '-')}`);
      const manifest = await backup(config, target);
      console.log(`Backed up ${manifest.kind} (${Object.keys(manifest.tables).length} tables) to ${target}`);
      return 0;
    }
    if (command === 'restore' && folder) {
      const manifest = await restore(config, folder);
      console.log(`Restored the ${manifest.kind} backup of ${manifest.createdAt} from ${folder}`);
      return 0;
    }
    console.error(USAGE);
    return 2;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
