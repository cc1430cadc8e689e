// `npm run bench`: builds, starts the production server on a fresh database, and measures it
// against a bare node:http server that answers the same paths with the same bytes from memory.
// Also sums the JavaScript each page makes the browser load at once (gzip). See docs/benchmarks.md.
//
//   npm run bench -- [--duration 10] [--quick] [--connections 10] [--warmup 3]
//                    [--postgres <url>] [--verbose] [--help]
//
// Aims are reported, not enforced: the exit code is non-zero only when something failed
// (build, start, a non-2xx answer, an error or timeout under load, bytes that differ).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

import autocannon from 'autocannon';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_FILE = path.join(ROOT, 'bench-results', 'latest.json');
const TARGETS = [
  { path: '/api/products', kind: 'api' },
  { path: '/api/products/1', kind: 'api' },
  { path: '/', kind: 'page' },
  { path: '/products', kind: 'page' },
  { path: '/products/1', kind: 'page' },
];
const JS_ROUTES = ['/', '/products', '/products/1'];
const AIMS = { api: 0.7, page: 0.25, firstLoadJsBytes: 110_000 };
const HEALTH_DEADLINE_MS = 90_000;
const STOP_DEADLINE_MS = 20_000;
const KB = 1000; // as Vite reports sizes

// ---------------------------------------------------------------------------------------------
// Options

function parseArgs(argv) {
  const options = {
    connections: 10,
    duration: 10,
    warmup: 3,
    verbose: false,
    databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
  };
  let durationGiven = false;
  let quick = false;
  for (let i = 0; i < argv.length; i++) {
    let [name, value] = argv[i].split(/=(.*)/s, 2);
    const takeValue = () => {
      if (value === undefined) value = argv[++i];
      if (value === undefined || value.startsWith('--')) fail(`${name} needs a value`);
      return value;
    };
    const positive = (text) => {
      const number = Number(text);
      if (!Number.isFinite(number) || number <= 0) fail(`${name} must be a positive number, got ${JSON.stringify(text)}`);
      return number;
    };
    switch (name) {
      case '--duration':
        options.duration = positive(takeValue());
        durationGiven = true;
        break;
      case '--warmup':
        options.warmup = Number(takeValue());
        if (!(options.warmup >= 0)) fail('--warmup must be 0 or more seconds');
        break;
      case '--connections':
        options.connections = Math.round(positive(takeValue()));
        break;
      case '--quick':
        quick = true;
        break;
      case '--postgres':
        options.databaseUrl = takeValue();
        break;
      case '--verbose':
        options.verbose = true;
        break;
      case '--scale':
        options.scale = true;
        break;
      case '--lighthouse':
        options.lighthouse = true;
        break;
      case '--upload':
        options.upload = true;
        break;
      case '--pages':
        options.pages = takeValue().split(',');
        break;
      case '--products':
        options.products = Math.round(positive(takeValue()));
        break;
      case '--js':
        options.jsOnly = true;
        break;
      case '--help':
      case '-h':
        console.log(
          'Usage: npm run bench -- [--duration <s>=10] [--quick (3 s)] [--connections <n>=10] [--warmup <s>=3]\n' +
            '                        [--postgres <url> | BENCH_DATABASE_URL=<url>] [--verbose]\n' +
            '       npm run bench -- --scale [--postgres <url>]   (the catalogue at demo size and with 5,000 more products;\n' +
            '                                                      admin lists at demo size and at 100,000 enquiries)\n' +
            '       npm run bench -- --lighthouse [--pages /,/products] [--products 48] [--postgres <url>]   (Lighthouse 12,\n' +
            '                                                      mobile, median of 3; --products: at least that many in the catalogue)\n' +
            '       npm run bench -- --js   (first-load JavaScript only, no load tests)\n' +
            '       npm run bench -- --upload   (a 12-megapixel phone photo through POST /api/admin/upload-images)',
        );
        process.exit(0);
        break;
      default:
        fail(`Unknown option ${argv[i]} (try --help)`);
    }
  }
  if (quick && !durationGiven) options.duration = 3;
  return options;

  function fail(message) {
    console.error(message);
    process.exit(2);
  }
}

// ---------------------------------------------------------------------------------------------
// Processes and clean-up (always runs: normal end, error, Ctrl-C)

const state = {
  children: new Set(), // { name, child }
  tempDirs: [],
  currentRun: null, // the running autocannon instance
  interrupted: false,
  cleanup: null,
};

function track(name, child) {
  const entry = { name, child, exited: false };
  child.once('exit', () => {
    entry.exited = true;
  });
  state.children.add(entry);
  return entry;
}

async function stopChild(entry) {
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

function cleanup() {
  state.cleanup ??= (async () => {
    state.currentRun?.stop();
    // One at a time, newest first (the bare server, then the app, which checkpoints its database).
    for (const entry of [...state.children].reverse()) await stopChild(entry);
    for (const dir of state.tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  })();
  return state.cleanup;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (state.interrupted) return;
    state.interrupted = true;
    console.error(`\n${signal}: stopping the servers…`);
    cleanup().finally(() => process.exit(130));
  });
}

function checkInterrupted() {
  if (state.interrupted) throw new Error('interrupted');
}

function tempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  state.tempDirs.push(dir);
  return dir;
}

async function freePort() {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  await once(server, 'close');
  return port;
}

/** Keeps the last lines a child printed, for error messages; echoes them when asked. */
function collectOutput(stream, sink, prefix, echo) {
  let partial = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop();
    for (const line of lines) {
      sink.push(line);
      if (sink.length > 200) sink.shift();
      if (echo()) process.stderr.write(`${prefix}${line}\n`);
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Build and start

async function build(verbose) {
  const started = Date.now();
  const child = spawn('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const entry = track('npm run build', child);
  const output = [];
  collectOutput(child.stdout, output, '', () => verbose);
  collectOutput(child.stderr, output, '', () => verbose);
  const [code, signal] = await once(child, 'exit');
  state.children.delete(entry);
  checkInterrupted();
  if (code !== 0) {
    if (!verbose) console.error(output.join('\n'));
    throw new Error(`npm run build failed (${signal ?? `exit code ${code}`})`);
  }
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

async function startApp({ databaseUrl, dataDir = tempDir('bench-data-') }) {
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // The write benchmarks come from one IP: lift the per-IP limits for this run only.
    RATE_LIMIT_ORDERS: '1000000',
    RATE_LIMIT_CART: '1000000',
    RATE_LIMIT_SESSIONS: '1000000',
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const child = spawn(process.execPath, ['dist/main.js'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const entry = track('app', child);
  const output = [];
  collectOutput(child.stdout, output, '[app] ', () => true);
  collectOutput(child.stderr, output, '[app] ', () => true);
  child.once('exit', (code, signal) => {
    if (!state.cleanup && !entry.stopping) console.error(`[app] exited unexpectedly (${signal ?? `exit code ${code}`})`);
  });

  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + HEALTH_DEADLINE_MS;
  const started = Date.now();
  for (;;) {
    checkInterrupted();
    if (entry.exited) throw new Error(`The app exited before it was healthy:\n${output.slice(-30).join('\n')}`);
    try {
      const response = await get(`${base}/healthz`, { timeoutMs: 2000 });
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`GET /healthz did not answer 200 within ${HEALTH_DEADLINE_MS / 1000} s`);
    await sleep(200);
  }
  console.log(`App healthy on ${base} after ${((Date.now() - started) / 1000).toFixed(1)} s (DATA_DIR ${dataDir}).`);
  return { base, entry, dataDir };
}

const BARE_SERVER = `
import fs from 'node:fs';
import http from 'node:http';
const answers = new Map(
  JSON.parse(fs.readFileSync(process.argv[2], 'utf8')).map((a) => [a.path, { type: a.contentType, body: Buffer.from(a.body, 'base64') }]),
);
const server = http.createServer((req, res) => {
  const answer = answers.get(req.url);
  if (!answer) {
    res.writeHead(404, { 'content-length': 0 });
    res.end();
    return;
  }
  res.writeHead(200, { 'content-type': answer.type, 'content-length': answer.body.length });
  res.end(answer.body);
});
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
process.on('disconnect', () => process.exit(0));
`;

async function startBare(answers) {
  const dir = tempDir('bench-bare-');
  const script = path.join(dir, 'bare-server.mjs');
  const data = path.join(dir, 'answers.json');
  fs.writeFileSync(script, BARE_SERVER);
  fs.writeFileSync(
    data,
    JSON.stringify(answers.map((a) => ({ path: a.path, contentType: a.contentType, body: a.body.toString('base64') }))),
  );
  const child = spawn(process.execPath, [script, data], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const entry = track('bare server', child);
  const message = await Promise.race([
    once(child, 'message').then(([m]) => m),
    once(child, 'exit').then(() => {
      throw new Error('The bare server exited at start');
    }),
    sleep(10_000).then(() => {
      throw new Error('The bare server did not start within 10 s');
    }),
  ]);
  console.log(`Bare node:http server on http://127.0.0.1:${message.port} (pid ${child.pid}).`);
  return { base: `http://127.0.0.1:${message.port}`, entry };
}

// ---------------------------------------------------------------------------------------------
// HTTP

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A plain GET, like autocannon's: no Accept-Encoding, no cookies, no User-Agent. */
function get(url, { headers = {}, timeoutMs = 30_000 } = {}) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent: false }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.setTimeout(timeoutMs, () => request.destroy(new Error(`GET ${url} timed out after ${timeoutMs} ms`)));
    request.on('error', reject);
  });
}

// ---------------------------------------------------------------------------------------------
// Load

async function measure(url, { connections, duration, request = {} }) {
  checkInterrupted();
  const instance = autocannon({ url, connections, duration, timeout: 10, ...request });
  state.currentRun = instance;
  try {
    return await instance;
  } finally {
    state.currentRun = null;
  }
}

function summarise(result) {
  const total = result.requests.total;
  const elapsed = result.duration; // seconds, as measured by autocannon
  const summary = {
    reqPerSec: result.requests.average,
    reqPerSecStddev: result.requests.stddev,
    latencyMs: {
      mean: result.latency.mean,
      p50: result.latency.p50,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    requests: total,
    sent: result.requests.sent,
    durationSec: elapsed,
    bytesPerResponse: total > 0 ? Math.round(result.throughput.total / total) : 0,
    status2xx: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    resets: result.resets,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count])),
  };
  summary.ok = summary.status2xx > 0 && summary.non2xx === 0 && summary.errors === 0 && summary.timeouts === 0;
  // Plausibility: the per-second average times the duration should be close to the count.
  const expected = summary.reqPerSec * elapsed;
  summary.countPlausible = total > 0 && Math.abs(expected - total) <= Math.max(0.1 * total, 2 * summary.reqPerSec);
  return summary;
}

async function loadTest(label, url, options) {
  if (options.warmup > 0) {
    process.stdout.write(`  ${label}: warm-up ${options.warmup} s… `);
    await measure(url, { connections: options.connections, duration: options.warmup, request: options.request });
  } else {
    process.stdout.write(`  ${label}: `);
  }
  process.stdout.write(`measuring ${options.duration} s… `);
  const summary = summarise(await measure(url, options));
  console.log(
    `${Math.round(summary.reqPerSec)} req/s, p50 ${summary.latencyMs.p50} ms, p99 ${summary.latencyMs.p99} ms` +
      (summary.ok ? '' : `  ✗ non-2xx ${summary.non2xx}, errors ${summary.errors}, timeouts ${summary.timeouts}`),
  );
  return summary;
}

// ---------------------------------------------------------------------------------------------
// First-load JavaScript

function decodeEntities(text) {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

function attributes(tag) {
  const result = {};
  for (const match of tag.matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    result[match[1].toLowerCase()] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return result;
}

/** Static `import … from "x"`, `import "x"` and `export … from "x"` specifiers (not `import()`). */
function staticImports(code) {
  const specifiers = [];
  const pattern = /(?<![\w$.])(?:import|export)(?![\w$])\s*(?:[\w$*{}\s,]*?\bfrom\s*)?(["'])([^"'\n]+)\1/g;
  for (const match of code.matchAll(pattern)) specifiers.push(match[2]);
  return specifiers;
}

/** `import("x")` specifiers with a literal string. */
function dynamicImports(code) {
  return [...code.matchAll(/(?<![\w$.])import\s*\(\s*(["'])([^"'\n]+)\1\s*\)/g)].map((m) => m[2]);
}

/** The JavaScript a page makes the browser load at once, as URLs, with where each was found. */
function firstLoadScripts(html, pageUrl) {
  const found = new Map();
  const add = (specifier, via) => {
    if (!specifier || specifier.startsWith('data:')) return;
    const url = new URL(specifier, pageUrl).href;
    if (!found.has(url)) found.set(url, new Set());
    found.get(url).add(via);
  };
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const attrs = attributes(tag.slice(5, -1));
    if ((attrs.rel ?? '').toLowerCase().split(/\s+/).includes('modulepreload') && attrs.href) add(attrs.href, 'modulepreload');
  }
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = attributes(match[1]);
    const type = (attrs.type ?? '').toLowerCase();
    if (attrs.src) {
      // Classic and module scripts both load at once (unless they are JSON, import maps and such).
      if (type === '' || type === 'module' || type === 'text/javascript') add(attrs.src, `script src`);
    } else if (type === 'module') {
      for (const specifier of staticImports(match[2])) add(specifier, 'inline import');
      // The entry is imported with import() from the inline module script: it runs at once.
      for (const specifier of dynamicImports(match[2])) add(specifier, 'inline import()');
    }
  }
  return found;
}

async function measureFirstLoadJs(base, verbose) {
  const cache = new Map(); // url -> { rawBytes, gzipBytes, servedGzipBytes, imports }
  const failures = [];
  const fetchScript = async (url) => {
    if (cache.has(url)) return cache.get(url);
    const plain = await get(url);
    if (plain.status !== 200) throw new Error(`GET ${url} answered ${plain.status}`);
    const gzipped = await get(url, { headers: { 'accept-encoding': 'gzip' } });
    const info = {
      rawBytes: plain.body.length,
      gzipBytes: zlib.gzipSync(plain.body, { level: 9 }).length,
      servedGzipBytes: gzipped.headers['content-encoding'] === 'gzip' ? gzipped.body.length : null,
      // Only paths: a bare specifier ("react-router/dom") in built code is text in a string or a
      // comment, since browsers cannot load it without an import map.
      imports: staticImports(plain.body.toString('utf8'))
        .filter((s) => /^(\.{1,2})?\//.test(s))
        .map((s) => new URL(s, url).href),
    };
    cache.set(url, info);
    return info;
  };

  const routes = [];
  for (const route of JS_ROUTES) {
    checkInterrupted();
    const page = await get(base + route);
    if (page.status !== 200) {
      failures.push(`first-load JS: GET ${route} answered ${page.status}`);
      continue;
    }
    const scripts = firstLoadScripts(page.body.toString('utf8'), base + route);
    // Whatever those modules import statically loads at once too (Vite lists it in modulepreload
    // links; anything found only here is reported as not preloaded).
    const queue = [...scripts.keys()];
    while (queue.length > 0) {
      const url = queue.shift();
      let info;
      try {
        info = await fetchScript(url);
      } catch (error) {
        failures.push(`first-load JS for ${route}: ${error.message}`);
        continue;
      }
      for (const imported of info.imports) {
        if (!scripts.has(imported)) {
          scripts.set(imported, new Set([`static import (not preloaded) from ${new URL(url).pathname}`]));
          queue.push(imported);
        }
      }
    }
    const files = [...scripts]
      .filter(([url]) => cache.has(url))
      .map(([url, via]) => {
        const { rawBytes, gzipBytes, servedGzipBytes } = cache.get(url);
        return { path: new URL(url).pathname, via: [...via], rawBytes, gzipBytes, servedGzipBytes };
      })
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
    const totalGzipBytes = files.reduce((sum, f) => sum + f.gzipBytes, 0);
    const totalRawBytes = files.reduce((sum, f) => sum + f.rawBytes, 0);
    routes.push({
      route,
      files,
      totalGzipBytes,
      totalRawBytes,
      aimBytes: AIMS.firstLoadJsBytes,
      aimMet: totalGzipBytes <= AIMS.firstLoadJsBytes,
    });
  }

  console.log('\nFirst-load JavaScript (gzip level 9, KB = 1,000 bytes):');
  printTable(
    ['route', 'files', 'raw KB', 'gzip KB', 'aim'],
    routes.map((r) => [
      r.route,
      String(r.files.length),
      kb(r.totalRawBytes),
      kb(r.totalGzipBytes),
      `≤ ${AIMS.firstLoadJsBytes / KB} ${r.aimMet ? '✓' : '✗'}`,
    ]),
    ['l', 'r', 'r', 'r', 'l'],
  );
  const unpreloaded = routes.flatMap((r) =>
    r.files.filter((f) => f.via.some((v) => v.startsWith('static import'))).map((f) => `${r.route}: ${f.path}`),
  );
  if (unpreloaded.length > 0) console.log(`Loaded at once but not preloaded: ${unpreloaded.join(', ')}`);
  if (verbose) {
    for (const r of routes) {
      console.log(`\n${r.route}`);
      printTable(
        ['file', 'raw KB', 'gzip KB', 'served .gz KB', 'found by'],
        r.files.map((f) => [
          f.path,
          kb(f.rawBytes),
          kb(f.gzipBytes),
          f.servedGzipBytes === null ? '-' : kb(f.servedGzipBytes),
          f.via.join(', '),
        ]),
        ['l', 'r', 'r', 'r', 'l'],
      );
    }
  }
  return { routes, failures };
}

// ---------------------------------------------------------------------------------------------
// Output

function kb(bytes) {
  return (bytes / KB).toFixed(1);
}

function fmtInt(n) {
  return Math.round(n).toLocaleString('en-US');
}

function fmtMs(n) {
  return n === undefined || n === null ? '-' : String(Math.round(n * 100) / 100);
}

function printTable(head, rows, align) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    cells
      .map((c, i) => (align[i] === 'r' ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

function markdownTable(head, rows, align) {
  const lines = [`| ${head.join(' | ')} |`, `|${align.map((a) => (a === 'r' ? '---:' : '---')).join('|')}|`];
  for (const row of rows) lines.push(`| ${row.join(' | ')} |`);
  return lines.join('\n');
}

function maskUrl(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.href;
  } catch {
    return '(unparseable URL)';
  }
}

function targetRows(targets) {
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
const TARGET_ALIGN = ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'];

// ---------------------------------------------------------------------------------------------
// Main

let report = null;

function writeReport() {
  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  fs.writeFileSync(RESULTS_FILE, JSON.stringify(report, null, 2) + '\n');
}

const WRITE_HEAD = ['write', 'what', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx + errors'];
const WRITE_ALIGN = ['l', 'l', 'r', 'r', 'r', 'r'];

function writeRows(writes) {
  return writes.map((w) => [
    `POST ${w.path}`,
    w.what,
    fmtInt(Math.round(w.app.reqPerSec)),
    fmtMs(w.app.latencyMs.p50),
    fmtMs(w.app.latencyMs.p99),
    String(w.app.non2xx + w.app.errors + w.app.timeouts),
  ]);
}

/** Visitors the writes come from, in turn: enough that no cart line reaches its 999 cartons in a run. */
const WRITE_VISITORS = 200;

/**
 * A visitor as a browser becomes one before its first write: GET /api/auth/csrf-token starts its session
 * (the cookie) and answers the session's token. Answers the headers its writes carry.
 */
async function visitor(base) {
  const response = await get(`${base}/api/auth/csrf-token`);
  if (response.status !== 200) {
    throw new Error(`GET /api/auth/csrf-token answered ${response.status}: ${response.body.toString('utf8').slice(0, 300)}`);
  }
  const cookie = [response.headers['set-cookie'] ?? []]
    .flat()
    .map((c) => c.split(';')[0])
    .find((c) => /^(__Host-)?shop_session=/.test(c));
  if (!cookie) throw new Error('GET /api/auth/csrf-token set no session cookie');
  const { csrfToken } = JSON.parse(response.body.toString('utf8'));
  return { cookie, 'x-csrf-token': csrfToken };
}

/**
 * The two writes the enquiry flow depends on, with bodies built from the seeded catalogue. Every write
 * needs its session's CSRF token: the visitors get theirs first, and each request is the next visitor's.
 */
async function writeTargets(base) {
  const products = JSON.parse((await get(`${base}/api/products`)).body.toString('utf8'));
  const plain = products.filter((p) => p.inStock && !p.hasVariations);
  if (plain.length < 2) throw new Error('The catalogue needs two in-stock products without variations for the write benchmark');
  const visitors = [];
  for (let i = 0; i < WRITE_VISITORS; i++) visitors.push(await visitor(base));
  let turn = 0;
  const nextVisitor = (request) => ({ ...request, headers: { ...request.headers, ...visitors[turn++ % visitors.length] } });
  const json = (body) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    requests: [{ setupRequest: nextVisitor }],
  });
  const line = (p) => ({ productId: p.id, productName: p.name, quantity: 2, price: p.price, variationId: null });
  return [
    {
      path: '/api/cart',
      what: `add to a visitor's cart (session, CSRF token, line): ${WRITE_VISITORS} visitors in turn`,
      request: json({ productId: plain[0].id, quantity: 1, variationId: null }),
    },
    {
      path: '/api/orders',
      what: 'enquiry of 2 lines (session, CSRF token): priced from the DB, order + lines + 2 queued e-mails in one transaction',
      request: json({
        customerName: 'Bench Customer',
        customerEmail: 'bench@example.com',
        customerPhone: '9847012345',
        deliveryLocation: 'Market Road, Aluva, Ernakulam, Kerala 683101',
        items: [line(plain[0]), line(plain[1])],
        subtotal: '0.00',
        tax: '0.00',
        total: '0.00',
        isGuest: true,
        userId: null,
        sessionId: 'bench',
      }),
    },
  ];
}

/** Scale mode: the catalogue at demo size and at CATALOGUE_SCALE products, then the admin lists (scripts/bench-scale.ts). */
async function runScale(options) {
  const catalogueOk = await runCatalogueScale(options);
  const args = [
    '--import',
    'tsx',
    path.join(ROOT, 'scripts', 'bench-scale.ts'),
    ...(options.databaseUrl ? ['--postgres', options.databaseUrl] : []),
  ];
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
  const [code] = await once(child, 'exit');
  return catalogueOk && code === 0;
}

/** A typed bench of its own (scripts/<name>), run through tsx; true when it succeeded. */
async function runScript(name) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', name)], { cwd: ROOT, stdio: 'inherit' });
  const [code] = await once(child, 'exit');
  return code === 0;
}

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

/** The app's resident memory (Linux; null elsewhere). */
function residentBytes(pid) {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/** One fresh database per size; with PostgreSQL a database of its own on that server, dropped afterwards. */
async function catalogueDatabase(options, label) {
  if (!options.databaseUrl) return { databaseUrl: undefined, drop: async () => {} };
  const { default: pg } = await import('pg');
  const name = `bench_catalogue_${process.pid}_${label}`;
  const admin = new pg.Client({ connectionString: options.databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(options.databaseUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: options.databaseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The demo catalogue and `added` products more, written before the server starts on that database. */
async function addProducts({ dataDir, databaseUrl }, added) {
  const started = Date.now();
  const env = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/fill-catalogue.ts', String(added)], {
    cwd: ROOT,
    env,
    stdio: 'inherit',
  });
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error('scripts/fill-catalogue.ts failed');
  console.log(`Added ${fmtInt(added)} products in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

/** `--js`: only the first-load JavaScript of the public pages, without the load tests. */
async function runFirstLoadJs(options) {
  await build(options.verbose);
  const app = await startApp(options);
  const js = await measureFirstLoadJs(app.base, options.verbose);
  for (const failure of js.failures) console.error(failure);
  return js.failures.length === 0;
}

async function measureCatalogue(options, added) {
  const label = added ? String(added) : 'demo';
  const database = await catalogueDatabase(options, label);
  const dataDir = tempDir('bench-catalogue-');
  try {
    if (added) await addProducts({ dataDir, databaseUrl: database.databaseUrl }, added);
    const app = await startApp({ databaseUrl: database.databaseUrl, dataDir });
    const rows = [];
    for (const target of CATALOGUE_PATHS) {
      const url = app.base + target;
      const started = performance.now();
      const first = await get(url);
      const firstMs = performance.now() - started;
      if (first.status !== 200) throw new Error(`GET ${target} answered ${first.status}`);
      const gzip = await get(url, { headers: { 'accept-encoding': 'gzip' } });
      const load = await loadTest(`${label} GET ${target}`, url, { ...options, warmup: 1 });
      rows.push({ target, bytes: first.body.length, gzipBytes: gzip.body.length, firstMs, load });
    }
    const fresh = [];
    for (const word of FRESH_SEARCHES) {
      const started = performance.now();
      const response = await get(`${app.base}/api/products?search=${word}&sort=price-low`);
      if (response.status !== 200) throw new Error(`a fresh search answered ${response.status}`);
      fresh.push(performance.now() - started);
    }
    fresh.sort((a, b) => a - b);
    const rss = residentBytes(app.entry.child.pid);
    await stopChild(app.entry);
    state.children.delete(app.entry);
    return { label, rows, freshSearchMs: fresh[Math.floor(fresh.length / 2)], rss };
  } finally {
    await database.drop();
  }
}

async function runCatalogueScale(options) {
  console.log(
    `Catalogue at demo size and with ${fmtInt(CATALOGUE_SCALE)} more products (${options.databaseUrl ? 'PostgreSQL' : 'PGlite'}); building…`,
  );
  await build(options.verbose);
  const loadOptions = { ...options, duration: Math.min(options.duration, 5) };
  const demo = await measureCatalogue(loadOptions, 0);
  const large = await measureCatalogue(loadOptions, CATALOGUE_SCALE);
  const ratio = (a, b) => (a > 0 ? (b / a).toFixed(2) : '–');
  const head = [
    'GET',
    'demo bytes (gzip)',
    `+${fmtInt(CATALOGUE_SCALE)} bytes (gzip)`,
    'ratio',
    'demo first ms',
    `+${fmtInt(CATALOGUE_SCALE)} first ms`,
    'demo req/s (p50 ms)',
    `+${fmtInt(CATALOGUE_SCALE)} req/s (p50 ms)`,
  ];
  const rows = demo.rows.map((a, index) => {
    const b = large.rows[index];
    return [
      a.target,
      `${fmtInt(a.bytes)} (${fmtInt(a.gzipBytes)})`,
      `${fmtInt(b.bytes)} (${fmtInt(b.gzipBytes)})`,
      ratio(a.bytes, b.bytes),
      a.firstMs.toFixed(1),
      b.firstMs.toFixed(1),
      `${fmtInt(a.load.reqPerSec)} (${a.load.latencyMs.p50})`,
      `${fmtInt(b.load.reqPerSec)} (${b.load.latencyMs.p50})`,
    ];
  });
  const mb = (bytes) => (bytes === null ? '–' : `${(bytes / 1e6).toFixed(0)} MB`);
  console.log(
    `\nMarkdown for docs/benchmarks.md (${new Date().toISOString()}, ${options.databaseUrl ? 'PostgreSQL' : 'PGlite'}):\n`,
  );
  console.log(markdownTable(head, rows, ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r']));
  console.log(
    `\nA search no cache has seen (median of ${FRESH_SEARCHES.length}): demo ${demo.freshSearchMs.toFixed(1)} ms, ` +
      `+${fmtInt(CATALOGUE_SCALE)} ${large.freshSearchMs.toFixed(1)} ms.`,
  );
  console.log(`Resident memory after the load: demo ${mb(demo.rss)}, +${fmtInt(CATALOGUE_SCALE)} ${mb(large.rss)}.`);
  return demo.rows.every((row) => row.load.ok) && large.rows.every((row) => row.load.ok);
}

const LIGHTHOUSE_PAGES = [
  '/',
  '/products',
  '/products/1',
  '/blog/biodegradable-plates-kerala-restaurants',
  '/contact',
  '/checkout',
];
const LIGHTHOUSE_RUNS = 3;
const DEMO_PRODUCTS = 35;
const LIGHTHOUSE_AIMS = { score: 98, lcpMs: 1200, tbtMs: 100, cls: 0 };

/** One Lighthouse run in a fresh Chromium: the mobile preset (simulated 4G and a 4× slower CPU), performance only. */
async function lighthouseRun(url) {
  const { default: lighthouse } = await import('lighthouse');
  const { chromium } = await import('playwright-core');
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--remote-debugging-port=${port}`,
    ],
  });
  try {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    const value = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcpMs: value('first-contentful-paint'),
      lcpMs: value('largest-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      siMs: value('speed-index'),
    };
  } finally {
    await browser.close();
  }
}

/** Lighthouse 12 sometimes loses the trace's navigation start on Chromium 156 (NO_NAVSTART): that run is taken again. */
async function lighthouseRetried(url, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(url);
    } catch (error) {
      if (attempt >= attempts || !String(error).includes('NO_NAVSTART')) throw error;
      console.log(`  ${url}: the trace lost its navigation start; again`);
    }
  }
}

/** `--lighthouse`: each page LIGHTHOUSE_RUNS times against the production build; the run with the median score. */
async function runLighthouse(options) {
  console.log('Lighthouse 12, mobile preset; building…');
  await build(options.verbose);
  const dataDir = tempDir('bench-data-');
  // The demo catalogue has 35 products; --products asks for a fuller first page.
  if (options.products > DEMO_PRODUCTS) await addProducts({ dataDir }, options.products - DEMO_PRODUCTS);
  const app = await startApp({ ...options, dataDir });
  const rows = [];
  for (const page of options.pages ?? LIGHTHOUSE_PAGES) {
    await get(app.base + page); // rendered once, as a visitor after the first would find it
    const runs = [];
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
      checkInterrupted();
      runs.push(await lighthouseRetried(app.base + page));
    }
    runs.sort((a, b) => a.score - b.score || b.lcpMs - a.lcpMs);
    const median = runs[Math.floor(runs.length / 2)];
    console.log(`  ${page}: scores ${runs.map((r) => r.score).join(', ')}`);
    rows.push({ page, ...median });
  }
  const met = (r) =>
    r.score >= LIGHTHOUSE_AIMS.score &&
    r.lcpMs <= LIGHTHOUSE_AIMS.lcpMs &&
    r.tbtMs <= LIGHTHOUSE_AIMS.tbtMs &&
    r.cls <= LIGHTHOUSE_AIMS.cls;
  console.log(
    `\nMarkdown for docs/benchmarks.md (${new Date().toISOString()}, Lighthouse 12 mobile, median of ${LIGHTHOUSE_RUNS}):\n`,
  );
  console.log(
    markdownTable(
      ['page', 'score', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'Speed Index ms', 'aims met'],
      rows.map((r) => [
        r.page,
        String(r.score),
        fmtMs(r.fcpMs),
        fmtMs(r.lcpMs),
        fmtMs(r.tbtMs),
        r.cls.toFixed(3),
        fmtMs(r.siMs),
        met(r) ? '✓' : '✗',
      ]),
      ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
    ),
  );
  return true;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (options.scale) return runScale(options);
  if (options.lighthouse) return runLighthouse(options);
  if (options.jsOnly) return runFirstLoadJs(options);
  if (options.upload) return runScript('bench-upload.ts');
  const failures = [];
  const warnings = [];
  report = {
    date: new Date().toISOString(),
    node: process.version,
    cpu: os.cpus()[0]?.model?.trim() ?? 'unknown',
    cores: os.cpus().length,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    connections: options.connections,
    durationSec: options.duration,
    warmupSec: options.warmup,
    database: options.databaseUrl ? 'postgres' : 'pglite',
    loadAverageAtStart: os.loadavg().map((l) => Math.round(l * 100) / 100),
    targets: [],
    firstLoadJs: [],
    failures,
    warnings,
    ok: false,
  };

  console.log(
    `Benchmark: ${options.connections} connections, ${options.duration} s per run after a ${options.warmup} s warm-up; ` +
      `${report.cpu}, ${report.cores} cores, Node ${report.node}.`,
  );
  console.log(
    options.databaseUrl
      ? `Database: PostgreSQL at ${maskUrl(options.databaseUrl)} (DATABASE_URL)`
      : 'Database: embedded PGlite in a fresh temporary DATA_DIR (no DATABASE_URL)',
  );

  // Other work on the machine takes cores from both servers and from autocannon alike.
  if (report.loadAverageAtStart[0] > report.cores / 2) {
    const message = `the 1-minute load average is ${report.loadAverageAtStart[0]} on ${report.cores} cores: other work is running, numbers will be noisy`;
    console.log(`Warning: ${message}.`);
    warnings.push(message);
  }

  console.log('\nBuilding (npm run build)…');
  await build(options.verbose);

  const app = await startApp(options);

  // 1. The exact answers, fetched once (twice for pages: the first renders, the second should
  //    come from the page cache, which is what the load test mostly measures).
  const answers = [];
  for (const target of TARGETS) {
    checkInterrupted();
    let response = await get(app.base + target.path);
    if (response.status !== 200)
      throw new Error(`GET ${target.path} answered ${response.status}: ${response.body.toString('utf8').slice(0, 300)}`);
    const first = response;
    if (target.kind === 'page') {
      response = await get(app.base + target.path);
      if (!first.body.equals(response.body)) warnings.push(`GET ${target.path}: two consecutive renders differ in bytes`);
    }
    answers.push({
      ...target,
      contentType: response.headers['content-type'] ?? 'application/octet-stream',
      body: response.body,
      pageCache: response.headers['x-page-cache'] ?? null,
      responseHeaderCount: Object.keys(response.headers).length,
    });
  }
  for (const a of answers) {
    console.log(`  GET ${a.path}: ${a.body.length} bytes, ${a.contentType}${a.pageCache ? `, x-page-cache ${a.pageCache}` : ''}`);
    if (a.kind === 'page' && a.pageCache !== 'HIT')
      warnings.push(`GET ${a.path}: second request was not a page-cache HIT (${a.pageCache})`);
  }

  // 2. The bare server with the same bytes; check it answers them exactly.
  const bare = await startBare(answers);
  for (const a of answers) {
    const response = await get(bare.base + a.path);
    if (response.status !== 200 || !response.body.equals(a.body) || response.headers['content-type'] !== a.contentType) {
      throw new Error(`The bare server's answer for ${a.path} differs from the app's`);
    }
  }
  console.log('The bare server answers every target with the same bytes and content-type as the app.');

  // 3. Load, one server at a time.
  console.log('');
  for (const a of answers) {
    const target = {
      path: a.path,
      kind: a.kind,
      contentType: a.contentType,
      bytes: a.body.length,
      aim: a.kind === 'api' ? AIMS.api : AIMS.page,
      app: null,
      bare: null,
      ratio: null,
      aimMet: false,
    };
    report.targets.push(target);
    target.app = await loadTest(`app  GET ${a.path}`, app.base + a.path, options);
    target.bare = await loadTest(`bare GET ${a.path}`, bare.base + a.path, options);
    if (app.entry.exited) throw new Error('The app exited during the load test');
    target.ratio = target.bare.reqPerSec > 0 ? target.app.reqPerSec / target.bare.reqPerSec : null;
    target.aimMet = target.ratio !== null && target.ratio >= target.aim;
    for (const [who, s] of [
      ['app', target.app],
      ['bare', target.bare],
    ]) {
      if (!s.ok) {
        failures.push(
          `${who} GET ${a.path}: ${s.status2xx} 2xx, ${s.non2xx} non-2xx ${JSON.stringify(s.statusCodes)}, ${s.errors} errors, ${s.timeouts} timeouts`,
        );
      }
      if (!s.countPlausible)
        warnings.push(`${who} GET ${a.path}: ${s.requests} requests in ${s.durationSec} s does not match ${s.reqPerSec} req/s`);
    }
    // Body bytes per response include the headers; the app sends more headers than the bare server.
    target.headerBytes = { app: target.app.bytesPerResponse - a.body.length, bare: target.bare.bytesPerResponse - a.body.length };
  }

  // After the load: the app still answers the same bytes (the page cache may have re-rendered).
  for (const a of answers) {
    const response = await get(app.base + a.path);
    if (response.status !== 200) failures.push(`GET ${a.path} answered ${response.status} after the load test`);
    else if (!response.body.equals(a.body)) warnings.push(`GET ${a.path}: the app's bytes changed during the run`);
  }

  // 4. First-load JavaScript.
  const js = await measureFirstLoadJs(app.base, options.verbose);
  report.firstLoadJs = js.routes;
  failures.push(...js.failures);

  // 5. Writes: cart adds and whole enquiries, as visitors send them: with the session cookie and CSRF token
  //    that GET /api/auth/csrf-token gave them beforehand (the session starts there, not in the write).
  //    No bare comparison: the point is enquiries per second with zero errors.
  console.log('');
  report.writes = [];
  for (const write of await writeTargets(app.base)) {
    const summary = await loadTest(`app  POST ${write.path}`, app.base + write.path, { ...options, request: write.request });
    report.writes.push({ path: write.path, what: write.what, app: summary });
    if (!summary.ok) {
      failures.push(
        `POST ${write.path}: ${summary.status2xx} 2xx, ${summary.non2xx} non-2xx ${JSON.stringify(summary.statusCodes)}, ${summary.errors} errors, ${summary.timeouts} timeouts`,
      );
    }
  }

  // 6. Report.
  console.log(`\nThroughput (${options.connections} connections, ${options.duration} s, after ${options.warmup} s warm-up):`);
  printTable(TARGET_HEAD, targetRows(report.targets), TARGET_ALIGN);
  for (const t of report.targets) {
    console.log(
      `  GET ${t.path}: app ${fmtInt(t.app.requests)} requests (${t.headerBytes.app} header bytes each), ` +
        `bare ${fmtInt(t.bare.requests)} (${t.headerBytes.bare} header bytes each)`,
    );
  }

  printTable(WRITE_HEAD, writeRows(report.writes), WRITE_ALIGN);

  report.loadAverageAtEnd = os.loadavg().map((l) => Math.round(l * 100) / 100);
  report.ok = failures.length === 0;
  writeReport();
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
    markdownTable(
      ['route', 'first-load JS files', 'raw KB', 'gzip KB', 'aim'],
      report.firstLoadJs.map((r) => [
        r.route,
        String(r.files.length),
        kb(r.totalRawBytes),
        kb(r.totalGzipBytes),
        `≤ ${AIMS.firstLoadJsBytes / KB} ${r.aimMet ? '✓' : '✗'}`,
      ]),
      ['l', 'r', 'r', 'r', 'l'],
    ),
  );

  console.log('');
  console.log(markdownTable(WRITE_HEAD, writeRows(report.writes), WRITE_ALIGN));

  if (warnings.length > 0) console.log(`\nWarnings:\n${warnings.map((w) => `  - ${w}`).join('\n')}`);
  if (failures.length > 0) console.error(`\nFailures:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  return failures.length === 0;
}

let ok = false;
try {
  ok = await main();
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  if (!state.interrupted) console.error(`\nBenchmark failed: ${message}`);
  if (report) {
    report.failures.push(state.interrupted ? 'interrupted' : message);
    report.ok = false;
    try {
      writeReport();
      console.error(`Partial results written to ${path.relative(ROOT, RESULTS_FILE)}.`);
    } catch {
      // nothing more to do
    }
  }
} finally {
  await cleanup();
}
process.exit(state.interrupted ? 130 : ok ? 0 : 1);
