/**
 * Child processes for tests (the CLI, migrate-cli, lock holders): every one started here is remembered, and
 * killChildren() — call it in afterEach — ends those still running, so a failed test leaves nothing behind.
 */
import { type ChildProcess, spawn, type SpawnOptions } from 'node:child_process';

import { PROJECT_ROOT } from '#platform/config.ts';

const children: ChildProcess[] = [];

export interface ProcessRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts `command` in the project folder with piped output, and remembers it for killChildren(). */
export function startChild(command: string, args: string[], options: SpawnOptions = {}): ChildProcess {
  const child = spawn(command, args, { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...options });
  children.push(child);
  return child;
}

/** Runs `command` to its end and collects its exit code and output. */
export function runToEnd(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<ProcessRun> {
  return new Promise((resolve, reject) => {
    const child = startChild(command, args, { env });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export function killChildren(): void {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
