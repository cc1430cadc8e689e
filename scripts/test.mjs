// `npm test`: React Router's route types, then the typecheck (tsc), the lint (ESLint), the dead-code check (knip) and
// the tests (vitest) side by side. The checks work on one core each and write nothing the tests read; vitest's set-up
// leaves a core idle while the browser tests' build runs (single-threaded, before any test may start), which the checks
// fill: on a 2-core machine, the checks and then the tests took their sum. The tests' output streams as it comes; each
// check's output is printed whole once all three have ended, and at the very end the names of any that failed. A
// failed check no longer stops the tests from running. Arguments are vitest's (`npm test -- --reporter=json …`).
import { spawn, spawnSync } from 'node:child_process';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

const typegen = spawnSync(npx, ['react-router', 'typegen'], { stdio: 'inherit' });
if (typegen.status !== 0) process.exit(typegen.status ?? 1);

/** Runs the command with its output kept: the exit status and what it wrote, stdout and stderr as they came. */
function runQuietly(args) {
  return new Promise((resolve) => {
    const child = spawn(npx, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => resolve({ args, status: 1, output: Buffer.from(`${error.message}\n`) }));
    child.on('close', (status) => resolve({ args, status: status ?? 1, output: Buffer.concat(output) }));
  });
}

const tests = new Promise((resolve) => {
  const child = spawn(npx, ['vitest', 'run', ...process.argv.slice(2)], { stdio: 'inherit' });
  child.on('error', () => resolve(1));
  child.on('close', (status) => resolve(status ?? 1));
});

const checks = Promise.all(
  [
    ['tsc', '--noEmit'],
    ['eslint', '.'],
    ['knip', '--no-config-hints'],
  ].map(runQuietly),
).then((results) => {
  for (const { args, status, output } of results) {
    console.log(`\n> ${args.join(' ')}${status === 0 ? '' : ` (failed, exit ${status})`}`);
    process.stdout.write(output);
  }
  return results.filter((result) => result.status !== 0).map((result) => result.args[0]);
});

const [failedChecks, testStatus] = await Promise.all([checks, tests]);
if (failedChecks.length > 0) console.log(`\nFailed: ${failedChecks.join(', ')} (their output is above, before the tests' end)`);
process.exit(failedChecks.length > 0 || testStatus !== 0 ? 1 : 0);
