import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';

import { PROJECT_ROOT } from '../config.ts';

/**
 * What the embedded database is started with (docs/decisions/514-embedded-database-memory.md). PostgreSQL's 128 MB of
 * shared buffers are zeroed when it starts, so all of it is resident from the first second; a shop's whole database is
 * a few tens of MB, and a page missing from these buffers is a read from the operating system's file cache, not from
 * disk. PGlite's own start parameters are kept: passing any replaces them all.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
/** initdb writes these into the new postgresql.conf, and runs its own trial servers with them. */
export const PGLITE_INITDB_PARAMS = ['-c', 'shared_buffers=16MB', '-c', 'max_connections=10'];

/** The installed PGlite's version: a data directory made by another version's initdb is not used as the template. */
function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * A freshly initialised data directory (PGlite's gzipped dump), made by `npm run build`. PGlite initialises a new
 * directory by running a second instance of itself beside the first and copying its whole memory, which took the
 * server to 700-870 MB for the rest of its life; starting from this dump takes one instance.
 */
export function pgliteTemplatePath(): string {
  return path.join(PROJECT_ROOT, 'dist', `pgdata-${pgliteVersion()}.tar.gz`);
}

/** Runs initdb in memory and writes its data directory to `file`. */
export async function writePgliteTemplate(file: string): Promise<void> {
  const pg = await PGlite.create({ startParams: PGLITE_START_PARAMS, initDbStartParams: PGLITE_INITDB_PARAMS });
  try {
    const dump = await pg.dumpDataDir('gzip');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await pg.close();
  }
}

/** The template for a data directory that has no database yet, when the build made one for this PGlite. */
export function templateFor(pgdata: string): Blob | undefined {
  if (fs.existsSync(path.join(pgdata, 'PG_VERSION'))) return undefined;
  const file = pgliteTemplatePath();
  return fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : undefined;
}
