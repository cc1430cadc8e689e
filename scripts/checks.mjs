// `npm test`'s checks before the tests: React Router's route types, then the typecheck (tsc), the lint (ESLint) and
// the dead-code check (knip) side by side. Each of the three works on one core, and none writes anything another
// reads: one after another, they left the second core of a 2-core machine idle for the whole of them. Once all three
// have ended, each one's output is printed whole, in this order, so nothing is interleaved; any failure fails them.
import { spawn, spawnSync } from 'node:child_process';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

const typegen = spawnSync(npx, ['react-router', 'typegen'], { stdio: 'inherit' });
if (typegen.status !== 0) process.exit(typegen.status ?? 1);

/** Runs the command with its output kept: the exit status and what it wrote, stdout and stderr as they came. */
function run(args) {
  return new Promise((resolve) => {
    const child = spawn(npx, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => resolve({ status: 1, output: Buffer.from(`${error.message}\n`) }));
    child.on('close', (status) => resolve({ status: status ?? 1, output: Buffer.concat(output) }));
  });
}

const checks = [
  ['tsc', '--noEmit'],
  ['eslint', '.'],
  ['knip', '--no-config-hints'],
];
const results = await Promise.all(checks.map(async (args) => ({ args, ...(await run(args)) })));
let failed = false;
for (const { args, status, output } of results) {
  console.log(`\n> ${args.join(' ')}${status === 0 ? '' : ` (failed, exit ${status})`}`);
  process.stdout.write(output);
  failed ||= status !== 0;
}
process.exit(failed ? 1 : 0);
