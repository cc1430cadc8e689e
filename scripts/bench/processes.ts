// The child processes and temporary folders of a bench run, and their clean-up, which always runs: at the normal end,
// after an error and on Ctrl-C.
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

/** The repository: where the build runs and the servers start. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const STOP_DEADLINE_MS = 20_000;

export interface Tracked {
  name: string;
  child: ChildProcess;
  exited: boolean;
  /** Set while the clean-up stops it, so its exit is not reported as unexpected. */
  stopping?: boolean;
}

/** Anything that runs load and can be ended early (autocannon's instance). */
interface Stoppable {
  stop(): void;
}

export const state = {
  children: new Set<Tracked>(),
  tempDirs: [] as string[],
  /** The load test running now, stopped first on clean-up. */
  currentRun: null as Stoppable | null,
  interrupted: false,
  cleanup: null as Promise<void> | null,
};

export function track(name: string, child: ChildProcess): Tracked {
  const entry: Tracked = { name, child, exited: false };
  child.once('exit', () => {
    entry.exited = true;
  });
  state.children.add(entry);
  return entry;
}

export async function stopChild(entry: Tracked): Promise<void> {
  const { child } = entry;
  if (entry.exited || child.exitCode !== null || child.signalCode !== null) return;
  entry.stopping = true;
  const exited = once(child, 'exit').catch(() => {});
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    console.error(`${entry.name} did not exit ${STOP_DEADLINE_MS / 1000} s after SIGTERM: sending SIGKILL`);
    child.kill('SIGKILL');
  }, STOP_DEADLINE_MS);
  await exited;
  clearTimeout(timer);
}

/** Once, however often it is asked for. */
export function cleanup(): Promise<void> {
  state.cleanup ??= (async () => {
    state.currentRun?.stop();
    // One at a time, newest first (the bare server, then the app, which checkpoints its database).
    for (const entry of [...state.children].reverse()) await stopChild(entry);
    for (const dir of state.tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  })();
  return state.cleanup;
}

/** Ctrl-C or a SIGTERM stops the servers, removes the folders and exits 130. */
export function cleanUpOnSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (state.interrupted) return;
      state.interrupted = true;
      console.error(`\n${signal}: stopping the servers…`);
      void cleanup().finally(() => process.exit(130));
    });
  }
}

export function checkInterrupted(): void {
  if (state.interrupted) throw new Error('interrupted');
}

/** A temporary folder, removed on clean-up. */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  state.tempDirs.push(dir);
  return dir;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('A TCP server has no port');
  server.close();
  await once(server, 'close');
  return address.port;
}

/** Keeps the last lines a child printed, for error messages; echoes them when asked. */
export function collectOutput(stream: Readable, sink: string[], prefix: string, echo: () => boolean): void {
  let partial = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      sink.push(line);
      if (sink.length > 200) sink.shift();
      if (echo()) process.stderr.write(`${prefix}${line}\n`);
    }
  });
}

/** The exit code of a child that runs to its end (null when a signal ended it). */
export async function exitCode(child: ChildProcess): Promise<number | null> {
  const [code] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  return code;
}

/**
 * A process's resident memory now and at its peak so far (VmRSS and VmHWM in /proc; Linux only, null elsewhere):
 * the peak covers a load test without sampling during it.
 */
export function residentMemory(pid: number | undefined): { now: number; peak: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN) * 1024;
    const memory = { now: kb('VmRSS'), peak: kb('VmHWM') };
    return Number.isFinite(memory.now) && Number.isFinite(memory.peak) ? memory : null;
  } catch {
    return null;
  }
}

export const megabytes = (bytes: number | null | undefined) =>
  bytes === null || bytes === undefined ? '–' : `${(bytes / 1e6).toFixed(0)} MB`;
