import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';

import { PROJECT_ROOT } from '#platform/config.ts';

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
 * A new database with the committed migrations applied, made by `npm run build`. PGlite initialises a new directory by
 * running a second instance of itself beside the first and copying its whole memory, which took the server to
 * 700-870 MB; the first migration leaves some 60 MB of PGlite's memory in use for the rest of the process's life; and
 * loading a dump (PGlite's loadDataDir) leaves some 150 MB of copies for the garbage collector. A copy of this folder
 * costs the server nothing, and it finds the migrations done.
 */
export function pgliteTemplateDir(): string {
  return path.join(PROJECT_ROOT, 'dist', `pgdata-${pgliteVersion()}`);
}

/**
 * Copies the template into `pgdata` when that holds no database yet (absent or empty) and the build made one for this
 * PGlite. The copy is made beside it and renamed into place, so a crash leaves either no database or a whole one.
 */
export function copyTemplateInto(pgdata: string, template = pgliteTemplateDir()): void {
  if (!fs.existsSync(path.join(template, 'PG_VERSION'))) return;
  if (fs.existsSync(pgdata) && fs.readdirSync(pgdata).length > 0) return;
  const copy = `${pgdata}.new`;
  fs.rmSync(copy, { recursive: true, force: true });
  fs.cpSync(template, copy, { recursive: true });
  fs.rmSync(pgdata, { recursive: true, force: true });
  fs.renameSync(copy, pgdata);
}
