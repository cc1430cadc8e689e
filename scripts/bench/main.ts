// `npm run bench`: builds, starts the production server on a fresh database, and measures it against a bare
// node:http server that answers the same paths with the same bytes from memory. Also sums the JavaScript each page
// makes the browser load at once (gzip). See docs/benchmarks.md.
//
//   npm run bench -- [--duration 10] [--quick] [--connections 10] [--warmup 3]
//                    [--postgres <url>] [--verbose] [--help]
//   npm run bench -- --scale | --lighthouse | --js | --upload | --trade   (see --help)
//
// Aims are reported, not enforced: the exit code is non-zero only when something failed
// (build, start, a non-2xx answer, an error or timeout under load, bytes that differ).
import { spawn } from 'node:child_process';
import path from 'node:path';

import { runScale } from './catalogue-scale.ts';
import { runFirstLoadJs } from './first-load-js.ts';
import { runLighthouse } from './lighthouse.ts';
import { type Options, readOptions } from './options.ts';
import { cleanup, cleanUpOnSignals, exitCode, ROOT, state } from './processes.ts';
import { newReport, type Report, RESULTS_FILE, writeReport } from './report.ts';
import { runThroughput } from './throughput.ts';
import { runTradePrices } from './trade-prices.ts';

/** An in-process bench of its own (scripts/bench/<name>), run through tsx; true when it succeeded. */
async function runScript(name: string): Promise<boolean> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'bench', name)], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  return (await exitCode(child)) === 0;
}

/** Only the throughput run has a report; the other modes print their tables and write no results file. */
const run: { report: Report | null } = { report: null };

async function main(options: Options): Promise<boolean> {
  if (options.scale) return runScale(options);
  if (options.lighthouse) return runLighthouse(options);
  if (options.jsOnly) return runFirstLoadJs(options);
  if (options.upload) return runScript('upload.ts');
  if (options.trade) return runTradePrices(options);
  run.report = newReport(options);
  return runThroughput(options, run.report);
}

const options = readOptions(process.argv.slice(2), process.env);
cleanUpOnSignals();
let ok = false;
try {
  ok = await main(options);
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  if (!state.interrupted) console.error(`\nBenchmark failed: ${message}`);
  const { report } = run;
  if (report) {
    report.failures.push(state.interrupted ? 'interrupted' : message);
    report.ok = false;
    try {
      writeReport(report);
      console.error(`Partial results written to ${path.relative(ROOT, RESULTS_FILE)}.`);
    } catch {
      // nothing more to do
    }
  }
} finally {
  await cleanup();
}
process.exit(state.interrupted ? 130 : ok ? 0 : 1);
