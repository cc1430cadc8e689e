import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterEach, describe, expect, it, vi } from 'vitest';

import { killChildren, runToEnd, startChild } from '#tests/support/child-processes.ts';
import { tempDirs } from '#tests/support/temp-dirs.ts';

import { acquireDataDirLock, type DataDirLock, DataDirLockedError, LOCK_FILE_NAME } from './lock.ts';

// Made first, so that its clean-up runs after the locks in it are released.
const tempDir = tempDirs('shop-lock-test-');
const locks: DataDirLock[] = [];

function acquire(dataDir: string, command?: string): DataDirLock {
  const lock = acquireDataDirLock(dataDir, command);
  locks.push(lock);
  return lock;
}

const readLock = (dataDir: string) =>
  JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8')) as Record<string, unknown>;

afterEach(() => {
  vi.restoreAllMocks();
  killChildren();
  for (const lock of locks.splice(0)) lock.release();
});

/** The pid of a process that has certainly exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  const pid = child.pid!;
  await new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return pid;
}

describe('acquireDataDirLock in one process', () => {
  it('creates the directory and a lock file naming this process', () => {
    const dataDir = path.join(tempDir(), 'nested', 'data');
    acquire(dataDir, 'vitest lock test');
    expect(readLock(dataDir)).toEqual({
      pid: process.pid,
      host: os.hostname(),
      command: 'vitest lock test',
      since: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    // Only the lock file: the candidate file is cleaned up.
    expect(fs.readdirSync(dataDir)).toEqual([LOCK_FILE_NAME]);
  });

  it('refuses a second acquire with DataDirLockedError naming the directory', () => {
    const dataDir = tempDir();
    acquire(dataDir, 'first holder');
    let error: unknown;
    try {
      acquire(dataDir, 'second');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    const message = (error as Error).message;
    expect(message).toContain(`The data directory ${dataDir} is in use by another process`);
    expect(message).toContain(`pid ${process.pid}`);
    expect(message).toContain('first holder');
    expect((error as Error).name).toBe('DataDirLockedError');
    // The holder's lock is untouched.
    expect(readLock(dataDir)).toMatchObject({ pid: process.pid, command: 'first holder' });
  });

  it('can be taken again after release', () => {
    const dataDir = tempDir();
    const lock = acquire(dataDir, 'first');
    lock.release();
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
    acquire(dataDir, 'second');
    expect(readLock(dataDir)).toMatchObject({ pid: process.pid, command: 'second' });
  });

  it('release does not remove a lock that another process holds', () => {
    const dataDir = tempDir();
    const lock = acquire(dataDir);
    const other = { pid: process.ppid, host: os.hostname(), command: 'someone else', since: new Date().toISOString() };
    fs.writeFileSync(path.join(dataDir, LOCK_FILE_NAME), JSON.stringify(other));
    lock.release();
    expect(readLock(dataDir)).toEqual(other);
  });

  it('refuses while a live process on this host holds the lock', () => {
    const dataDir = tempDir();
    const holder = { pid: process.ppid, host: os.hostname(), command: 'node server/main.ts', since: '2026-01-01T00:00:00.000Z' };
    fs.writeFileSync(path.join(dataDir, LOCK_FILE_NAME), JSON.stringify(holder));
    expect(() => acquire(dataDir)).toThrow(
      `The data directory ${dataDir} is in use by another process (pid ${process.ppid} on ${os.hostname()}, node server/main.ts, since 2026-01-01T00:00:00.000Z).`,
    );
    expect(readLock(dataDir)).toEqual(holder);
  });

  it('assumes a lock from another host is live', () => {
    const dataDir = tempDir();
    const holder = { pid: 1, host: `not-${os.hostname()}`, command: 'elsewhere', since: '2026-01-01T00:00:00.000Z' };
    fs.writeFileSync(path.join(dataDir, LOCK_FILE_NAME), JSON.stringify(holder));
    expect(() => acquire(dataDir)).toThrow(DataDirLockedError);
  });

  it('takes over a stale lock naming a dead pid', async () => {
    const dataDir = tempDir();
    const pid = await deadPid();
    fs.writeFileSync(
      path.join(dataDir, LOCK_FILE_NAME),
      JSON.stringify({ pid, host: os.hostname(), command: 'killed -9', since: '2026-01-01T00:00:00.000Z' }),
    );
    acquire(dataDir, 'taker');
    expect(readLock(dataDir)).toMatchObject({ pid: process.pid, command: 'taker' });
    // The stale file moved aside is cleaned up.
    expect(fs.readdirSync(dataDir)).toEqual([LOCK_FILE_NAME]);
  });

  it('takes over a lock file that is not valid JSON', () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, LOCK_FILE_NAME), '{"pid": 12');
    acquire(dataDir, 'taker');
    expect(readLock(dataDir)).toMatchObject({ pid: process.pid, command: 'taker' });
  });

  it('does not take a lock that a live process took over while this one was removing the stale lock', async () => {
    // Two processes start after a crash and both find the dead holder's lock. The other one
    // moves it aside and links its own lock first; this one must not then move THAT lock aside.
    const dataDir = tempDir();
    const lockPath = path.join(dataDir, LOCK_FILE_NAME);
    fs.writeFileSync(
      lockPath,
      JSON.stringify({ pid: await deadPid(), host: os.hostname(), command: 'crashed', since: '2026-01-01T00:00:00.000Z' }),
    );
    const liveOther = { pid: process.ppid, host: os.hostname(), command: 'the other starter', since: new Date().toISOString() };

    const realRename = fs.renameSync.bind(fs);
    let raced = false;
    vi.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
      if (!raced && from === lockPath) {
        raced = true;
        // The other process wins the race: it moves the stale lock aside and links its own.
        realRename(lockPath, `${lockPath}.stale.other`);
        const candidate = `${lockPath}.other`;
        fs.writeFileSync(candidate, JSON.stringify(liveOther));
        fs.linkSync(candidate, lockPath);
        fs.rmSync(candidate);
      }
      realRename(from, to);
    });

    let outcome: unknown = 'acquired';
    try {
      acquire(dataDir, 'this starter');
    } catch (error) {
      outcome = error;
    }
    expect(raced).toBe(true);
    expect(outcome).toBeInstanceOf(DataDirLockedError);
    expect(readLock(dataDir)).toEqual(liveOther);
  });
});

/** Starts the holder fixture and resolves once it printed 'ready'. */
function startHolder(dataDir: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = startChild(process.execPath, ['--import', 'tsx', 'tests/fixtures/hold-data-dir.ts', dataDir], {
      env: cleanEnv(),
    });
    let stdout = '';
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.split('\n').includes('ready')) resolve(child);
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => reject(new Error(`holder exited early (${code ?? signal}): ${stderr}`)));
  });
}

function cleanEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra };
  delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  return env;
}

describe('the DATA_DIR lock between processes', () => {
  it('refuses a second process (migrate-cli) while a holder has the database open, and lets it in once the holder stops', async () => {
    const dataDir = tempDir();
    const holder = await startHolder(dataDir);
    expect(readLock(dataDir)).toMatchObject({ pid: holder.pid, host: os.hostname() });

    const migrate = ['--import', 'tsx', 'server/migrate-cli.ts'];
    const env = cleanEnv({ DATA_DIR: dataDir, SEED_DEMO: 'true' });
    const refused = await runToEnd(process.execPath, migrate, env);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(`The data directory ${dataDir} is in use by another process (pid ${holder.pid}`);
    expect(refused.stdout).not.toContain('Database migrated');
    expect(readLock(dataDir)).toMatchObject({ pid: holder.pid }); // the holder keeps its lock

    const holderExit = new Promise<number | null>((resolve) => holder.once('exit', (code) => resolve(code)));
    holder.kill('SIGTERM');
    expect(await holderExit).toBe(0);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);

    const allowed = await runToEnd(process.execPath, migrate, env);
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(allowed.stdout).toMatch(/^Database migrated \(pglite\); seeded \d+ demo products\.$/m);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false); // released on exit
  }, 120_000);
});
