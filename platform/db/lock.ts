import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE_NAME = 'shop.lock';

export class DataDirLockedError extends Error {
  constructor(
    /** The locked directory, and who holds it (pid, host, command, since when) as far as the lock file tells. */
    readonly dataDir: string,
    readonly holder: string,
  ) {
    super(
      `The data directory ${dataDir} is in use by another process (${holder}). ` +
        'Only one process may open the embedded database: stop the other one first ' +
        '(the running server, a migration, the admin CLI or a test), or point DATA_DIR elsewhere.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  release(): void;
}

interface LockOwner {
  pid: number;
  host: string;
  command: string;
  since: string;
}

/**
 * Takes the exclusive lock on DATA_DIR. Two processes opening one PGlite directory corrupt it,
 * so the server, migrations, the CLI and tests all take this lock first.
 *
 * The lock file is created with link(2), which is atomic: of two racing processes exactly one
 * succeeds. A lock left behind by a process that no longer exists (kill -9) is taken over.
 */
export function acquireDataDirLock(dataDir: string, command = process.argv.slice(1).join(' ')): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE_NAME);
  const owner: LockOwner = { pid: process.pid, host: os.hostname(), command, since: new Date().toISOString() };
  const candidate = `${lockPath}.${process.pid}.${Date.now()}`;
  fs.writeFileSync(candidate, JSON.stringify(owner));
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        fs.linkSync(candidate, lockPath);
        return { release: () => releaseIfOurs(lockPath) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = readOwner(lockPath);
      if (holder && isAlive(holder)) {
        throw new DataDirLockedError(dataDir, `pid ${holder.pid} on ${holder.host}, ${holder.command}, since ${holder.since}`);
      }
      // Stale: move it aside under a name of our own. Another process may have replaced the stale
      // lock with its live one in the meantime: then put that back and give way.
      const aside = `${lockPath}.stale.${process.pid}.${Date.now()}`;
      try {
        fs.renameSync(lockPath, aside);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        continue;
      }
      const moved = readOwner(aside);
      if (moved && isAlive(moved)) {
        try {
          fs.linkSync(aside, lockPath);
        } catch {
          // someone else holds it now; either way we give way
        }
        fs.rmSync(aside, { force: true });
        throw new DataDirLockedError(dataDir, `pid ${moved.pid} on ${moved.host}, ${moved.command}, since ${moved.since}`);
      }
      fs.rmSync(aside, { force: true });
    }
    throw new DataDirLockedError(dataDir, 'another process kept taking the lock');
  } finally {
    fs.rmSync(candidate, { force: true });
  }
}

function readOwner(lockPath: string): LockOwner | null {
  try {
    return JSON.parse(fs.readFileSync(lockPath, 'utf8')) as LockOwner;
  } catch {
    return null; // vanished or half-written: treated as stale
  }
}

function isAlive(owner: LockOwner): boolean {
  if (owner.host !== os.hostname()) return true; // cannot check another machine: assume it runs
  if (owner.pid === process.pid) return true;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function releaseIfOurs(lockPath: string): void {
  const holder = readOwner(lockPath);
  if (holder?.pid === process.pid && holder.host === os.hostname()) fs.rmSync(lockPath, { force: true });
}
