// `--scale`: the catalogue's pages and API at demo size and with CATALOGUE_SCALE more products (each size on a
// fresh database and a fresh app), then the admin lists at scale (scripts/bench/admin-scale.ts, in-process).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

import { fmtInt, markdownTable } from './format.ts';
import { get } from './http.ts';
import { type LoadOptions, loadTest, type Summary } from './load.ts';
import type { Options } from './options.ts';
import { exitCode, megabytes, residentMemory, ROOT, state, stopChild, tempDir } from './processes.ts';
import { addProducts, build, startApp } from './servers.ts';

const CATALOGUE_SCALE = 5_000;
const CATALOGUE_PATHS = ['/products', '/api/products', '/products?category=cups', '/products?search=areca%20plate'];
/** Searches no cache has seen: each is the server's whole work for one answer. */
const FRESH_SEARCHES = [
  'areca',
  'plate',
  'bowl',
  'cup',
  'spoon',
  'tray',
  'container',
  'kraft',
  'birch',
  'bagasse',
  'bamboo',
  'palm',
  'round',
  'square',
  'meal',
  'lid',
  'inch',
  'ml',
  'fork',
  'box',
];

interface CatalogueRow {
  target: string;
  bytes: number;
  gzipBytes: number;
  /** The first answer, before any cache. */
  firstMs: number;
  load: Summary;
}

interface CatalogueSize {
  label: string;
  rows: CatalogueRow[];
  freshSearchMs: number;
  rss: number | null;
}

/** One fresh database per size; with PostgreSQL a database of its own on that server, dropped afterwards. */
async function catalogueDatabase(
  options: Options,
  label: string,
): Promise<{ databaseUrl: string | undefined; drop: () => Promise<void> }> {
  const serverUrl = options.databaseUrl;
  if (!serverUrl) return { databaseUrl: undefined, drop: async () => {} };
  const { default: pg } = await import('pg');
  const name = `bench_catalogue_${process.pid}_${label}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function measureCatalogue(options: Options, added: number): Promise<CatalogueSize> {
  const label = added ? String(added) : 'demo';
  const database = await catalogueDatabase(options, label);
  const dataDir = tempDir('bench-catalogue-');
  try {
    if (added) await addProducts({ dataDir, databaseUrl: database.databaseUrl }, added);
    const app = await startApp({ databaseUrl: database.databaseUrl, dataDir });
    const loadOptions: LoadOptions = { ...options, warmup: 1 };
    const rows: CatalogueRow[] = [];
    for (const target of CATALOGUE_PATHS) {
      const url = app.base + target;
      const started = performance.now();
      const first = await get(url);
      const firstMs = performance.now() - started;
      if (first.status !== 200) throw new Error(`GET ${target} answered ${first.status}`);
      const gzip = await get(url, { headers: { 'accept-encoding': 'gzip' } });
      const load = await loadTest(`${label} GET ${target}`, url, loadOptions);
      rows.push({ target, bytes: first.body.length, gzipBytes: gzip.body.length, firstMs, load });
    }
    const fresh: number[] = [];
    for (const word of FRESH_SEARCHES) {
      const started = performance.now();
      const response = await get(`${app.base}/api/products?search=${word}&sort=price-low`);
      if (response.status !== 200) throw new Error(`a fresh search answered ${response.status}`);
      fresh.push(performance.now() - started);
    }
    fresh.sort((a, b) => a - b);
    const rss = residentMemory(app.entry.child.pid)?.now ?? null;
    await stopChild(app.entry);
    state.children.delete(app.entry);
    return { label, rows, freshSearchMs: fresh[Math.floor(fresh.length / 2)] ?? Number.NaN, rss };
  } finally {
    await database.drop();
  }
}

async function runCatalogueScale(options: Options): Promise<boolean> {
  const kind = options.databaseUrl ? 'PostgreSQL' : 'PGlite';
  console.log(`Catalogue at demo size and with ${fmtInt(CATALOGUE_SCALE)} more products (${kind}); building…`);
  await build(options.verbose);
  const loadOptions = { ...options, duration: Math.min(options.duration, 5) };
  const demo = await measureCatalogue(loadOptions, 0);
  const large = await measureCatalogue(loadOptions, CATALOGUE_SCALE);
  const ratio = (a: number, b: number) => (a > 0 ? (b / a).toFixed(2) : '–');
  const more = `+${fmtInt(CATALOGUE_SCALE)}`;
  const head = [
    'GET',
    'demo bytes (gzip)',
    `${more} bytes (gzip)`,
    'ratio',
    'demo first ms',
    `${more} first ms`,
    'demo req/s (p50 ms)',
    `${more} req/s (p50 ms)`,
  ];
  const rows = demo.rows.flatMap((a, index) => {
    const b = large.rows[index];
    if (!b) return [];
    return [
      [
        a.target,
        `${fmtInt(a.bytes)} (${fmtInt(a.gzipBytes)})`,
        `${fmtInt(b.bytes)} (${fmtInt(b.gzipBytes)})`,
        ratio(a.bytes, b.bytes),
        a.firstMs.toFixed(1),
        b.firstMs.toFixed(1),
        `${fmtInt(a.load.reqPerSec)} (${a.load.latencyMs.p50})`,
        `${fmtInt(b.load.reqPerSec)} (${b.load.latencyMs.p50})`,
      ],
    ];
  });
  console.log(`\nMarkdown for docs/benchmarks.md (${new Date().toISOString()}, ${kind}):\n`);
  console.log(markdownTable(head, rows, ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r']));
  console.log(
    `\nA search no cache has seen (median of ${FRESH_SEARCHES.length}): demo ${demo.freshSearchMs.toFixed(1)} ms, ` +
      `${more} ${large.freshSearchMs.toFixed(1)} ms.`,
  );
  console.log(`Resident memory after the load: demo ${megabytes(demo.rss)}, ${more} ${megabytes(large.rss)}.`);
  return demo.rows.every((row) => row.load.ok) && large.rows.every((row) => row.load.ok);
}

/** Scale mode: the catalogue at demo size and at CATALOGUE_SCALE products, then the admin lists; true when ok. */
export async function runScale(options: Options): Promise<boolean> {
  const catalogueOk = await runCatalogueScale(options);
  const args = [
    '--import',
    'tsx',
    path.join(ROOT, 'scripts', 'bench', 'admin-scale.ts'),
    ...(options.databaseUrl ? ['--postgres', options.databaseUrl] : []),
  ];
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
  const code = await exitCode(child);
  return catalogueOk && code === 0;
}
