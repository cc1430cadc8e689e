// The throughput run's report: what bench-results/latest.json holds, and the tables printed at the end (plain text
// for the terminal, Markdown to paste into docs/benchmarks.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { firstLoadJsRows, type RouteJs } from './first-load-js.ts';
import { type Align, fmtInt, fmtMs, kb, markdownTable, printTable } from './format.ts';
import type { Summary } from './load.ts';
import type { Options } from './options.ts';
import { megabytes, ROOT } from './processes.ts';
import { PAGE_P99_AIM_MS, type VisitorResult } from './visitors.ts';

export const RESULTS_FILE = path.join(ROOT, 'bench-results', 'latest.json');

export interface TargetResult {
  path: string;
  kind: 'api' | 'page';
  contentType: string;
  bytes: number;
  /** The least app/bare ratio aimed for. */
  aim: number;
  app: Summary | null;
  bare: Summary | null;
  ratio: number | null;
  aimMet: boolean;
  /** Bytes per response beyond the body. */
  headerBytes?: { app: number; bare: number };
}

export interface WriteResult {
  path: string;
  what: string;
  app: Summary;
}

/** Keys in the order they are written to the file. */
export interface Report {
  date: string;
  node: string;
  cpu: string;
  cores: number;
  platform: string;
  connections: number;
  durationSec: number;
  warmupSec: number;
  database: 'postgres' | 'pglite';
  loadAverageAtStart: number[];
  targets: TargetResult[];
  firstLoadJs: RouteJs[];
  failures: string[];
  warnings: string[];
  ok: boolean;
  writes?: WriteResult[];
  /** Pages the page cache does not serve: a returning visitor's, a first render, and other cookies. */
  visitors?: VisitorResult[];
  /** The app's resident memory in bytes: once each target has answered, the highest under the load, and after it. */
  memory?: { atRest: number | null; peak: number | null; after: number | null };
  loadAverageAtEnd?: number[];
}

/**
 * Issue 39's aims for the server's resident memory: on a small shop's first server (1 GB, the embedded database inside
 * the process) at most 300 MB at rest and 400 MB under load; beside PostgreSQL, which holds the data itself, 250 MB.
 */
const MEMORY_AIMS: Record<Report['database'], { atRest: number | null; peak: number }> = {
  pglite: { atRest: 300e6, peak: 400e6 },
  postgres: { atRest: null, peak: 250e6 },
};

function memoryLine(report: Report): string {
  const memory = report.memory;
  if (!memory) return 'Resident memory: not measured.';
  const aims = MEMORY_AIMS[report.database];
  const met = (value: number | null, aim: number) => (value !== null && value <= aim ? '✓' : '✗');
  const atRest = aims.atRest === null ? '' : `≤ ${megabytes(aims.atRest)} at rest ${met(memory.atRest, aims.atRest)}, `;
  return (
    `Resident memory: ${megabytes(memory.atRest)} at rest, ${megabytes(memory.peak)} at the peak of the load, ` +
    `${megabytes(memory.after)} after it; aims ${atRest}≤ ${megabytes(aims.peak)} under load ${met(memory.peak, aims.peak)}.`
  );
}

const loadAverages = () => os.loadavg().map((l) => Math.round(l * 100) / 100);

export function newReport(options: Options): Report {
  return {
    date: new Date().toISOString(),
    node: process.version,
    cpu: os.cpus()[0]?.model?.trim() ?? 'unknown',
    cores: os.cpus().length,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    connections: options.connections,
    durationSec: options.duration,
    warmupSec: options.warmup,
    database: options.databaseUrl ? 'postgres' : 'pglite',
    loadAverageAtStart: loadAverages(),
    targets: [],
    firstLoadJs: [],
    failures: [],
    warnings: [],
    ok: false,
  };
}

export function writeReport(report: Report): void {
  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  fs.writeFileSync(RESULTS_FILE, JSON.stringify(report, null, 2) + '\n');
}

const TARGET_HEAD = [
  'target',
  'body KB',
  'app req/s',
  'app p50 ms',
  'app p99 ms',
  'bare req/s',
  'bare p50 ms',
  'bare p99 ms',
  'app/bare',
  'aim',
];
const TARGET_ALIGN: Align[] = ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'];

function targetRows(targets: readonly TargetResult[]): string[][] {
  return targets.map((t) => {
    const aim = `≥ ${t.aim.toFixed(2)} ${t.aimMet ? '✓' : '✗'}`;
    const problems = [t.app, t.bare].some((s) => s && !s.ok) ? ' (errors!)' : '';
    return [
      `GET ${t.path}`,
      kb(t.bytes),
      t.app ? fmtInt(t.app.reqPerSec) : '-',
      t.app ? fmtMs(t.app.latencyMs.p50) : '-',
      t.app ? fmtMs(t.app.latencyMs.p99) : '-',
      t.bare ? fmtInt(t.bare.reqPerSec) : '-',
      t.bare ? fmtMs(t.bare.latencyMs.p50) : '-',
      t.bare ? fmtMs(t.bare.latencyMs.p99) : '-',
      t.ratio === null ? '-' : t.ratio.toFixed(2),
      aim + problems,
    ];
  });
}

const VISITOR_HEAD = ['page', 'visitor', 'page cache', 'req/s', 'p50 ms', 'p99 ms', 'aim'];
const VISITOR_ALIGN: Align[] = ['l', 'l', 'l', 'r', 'r', 'r', 'l'];

function visitorRows(visitors: readonly VisitorResult[]): string[][] {
  return visitors.map((v) => [
    `GET ${v.path}`,
    v.who,
    v.pageCache ?? 'not cached',
    fmtInt(Math.round(v.app.reqPerSec)),
    fmtMs(v.app.latencyMs.p50),
    fmtMs(v.app.latencyMs.p99),
    `≥ ${v.aim}/s, p99 ≤ ${PAGE_P99_AIM_MS} ms ${v.aimMet ? '✓' : '✗'}${v.app.ok ? '' : ' (errors!)'}`,
  ]);
}

/** Enquiries and cart adds a second aimed for, and their slowest answer at the 99th percentile (issue 39). */
const WRITE_AIM = { reqPerSec: 300, p99Ms: 100 };
const WRITE_HEAD = ['write', 'what', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx + errors', 'aim'];
const WRITE_ALIGN: Align[] = ['l', 'l', 'r', 'r', 'r', 'r', 'l'];

function writeRows(writes: readonly WriteResult[]): string[][] {
  return writes.map((w) => {
    const met = w.app.ok && w.app.reqPerSec >= WRITE_AIM.reqPerSec && w.app.latencyMs.p99 <= WRITE_AIM.p99Ms;
    return [
      `POST ${w.path}`,
      w.what,
      fmtInt(Math.round(w.app.reqPerSec)),
      fmtMs(w.app.latencyMs.p50),
      fmtMs(w.app.latencyMs.p99),
      String(w.app.non2xx + w.app.errors + w.app.timeouts),
      `≥ ${WRITE_AIM.reqPerSec}/s, p99 ≤ ${WRITE_AIM.p99Ms} ms ${met ? '✓' : '✗'}`,
    ];
  });
}

/** The tables, the results file, the Markdown, then the warnings and failures. */
export function finishReport(report: Report, options: Options): void {
  const writes = report.writes ?? [];
  console.log(`\nThroughput (${options.connections} connections, ${options.duration} s, after ${options.warmup} s warm-up):`);
  printTable(TARGET_HEAD, targetRows(report.targets), TARGET_ALIGN);
  for (const t of report.targets) {
    if (!t.app || !t.bare || !t.headerBytes) continue;
    console.log(
      `  GET ${t.path}: app ${fmtInt(t.app.requests)} requests (${t.headerBytes.app} header bytes each), ` +
        `bare ${fmtInt(t.bare.requests)} (${t.headerBytes.bare} header bytes each)`,
    );
  }

  printTable(VISITOR_HEAD, visitorRows(report.visitors ?? []), VISITOR_ALIGN);
  printTable(WRITE_HEAD, writeRows(writes), WRITE_ALIGN);
  console.log(`\n${memoryLine(report)}`);

  report.loadAverageAtEnd = loadAverages();
  report.ok = report.failures.length === 0;
  writeReport(report);
  console.log(`\nResults written to ${path.relative(ROOT, RESULTS_FILE)}.`);

  const machine =
    `${report.date}, Node ${report.node}, ${report.cpu}, ${report.cores} cores; ` +
    `autocannon ${options.connections} connections, ${options.duration} s per run after ${options.warmup} s warm-up; ` +
    `${options.databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}; 1-minute load average ${report.loadAverageAtStart[0]} at start, ` +
    `${report.loadAverageAtEnd[0]} at end.`;
  console.log('\nMarkdown for docs/benchmarks.md:\n');
  console.log(machine + '\n');
  console.log(markdownTable(TARGET_HEAD, targetRows(report.targets), TARGET_ALIGN));
  console.log('');
  console.log(
    markdownTable(['route', 'first-load JS files', 'raw KB', 'gzip KB', 'aim'], firstLoadJsRows(report.firstLoadJs), [
      'l',
      'r',
      'r',
      'r',
      'l',
    ]),
  );

  console.log('');
  console.log(markdownTable(VISITOR_HEAD, visitorRows(report.visitors ?? []), VISITOR_ALIGN));
  console.log('');
  console.log(markdownTable(WRITE_HEAD, writeRows(writes), WRITE_ALIGN));
  console.log(`\n${memoryLine(report)}`);

  const { warnings, failures } = report;
  if (warnings.length > 0) console.log(`\nWarnings:\n${warnings.map((w) => `  - ${w}`).join('\n')}`);
  if (failures.length > 0) console.error(`\nFailures:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
}
