// The default run of `npm run bench`: the app against the bare server on the same answers, the first-load
// JavaScript, and the writes. Aims are reported, not enforced: only failures (a non-2xx answer, an error or timeout
// under load, bytes that differ) make the run fail.
import { measureFirstLoadJs } from './first-load-js.ts';
import { maskUrl } from './format.ts';
import { get } from './http.ts';
import { describeProblems, loadTest } from './load.ts';
import type { Options } from './options.ts';
import { checkInterrupted, residentMemory } from './processes.ts';
import { finishReport, type Report, type TargetResult } from './report.ts';
import { type BareAnswer, build, startApp, startBare } from './servers.ts';
import { measureVisitors } from './visitors.ts';
import { writeTargets } from './writes.ts';

const TARGETS: Array<{ path: string; kind: 'api' | 'page' }> = [
  { path: '/api/products', kind: 'api' },
  { path: '/api/products/1', kind: 'api' },
  { path: '/', kind: 'page' },
  { path: '/products', kind: 'page' },
  { path: '/products/1', kind: 'page' },
];
/** The least app/bare throughput aimed for, by kind. */
const AIMS = { api: 0.7, page: 0.25 };

/** The same page but for its CSP nonce, which every response has its own of (a page from the cache too). */
const samePage = (a: Buffer, b: Buffer): boolean =>
  a.toString('latin1').replace(/ nonce="[^"]*"/g, '') === b.toString('latin1').replace(/ nonce="[^"]*"/g, '');

type Target = (typeof TARGETS)[number] & BareAnswer & { pageCache: string | null; responseHeaderCount: number };

/** Fills `report` as it goes (what is there when something fails is written as partial results); true when ok. */
export async function runThroughput(options: Options, report: Report): Promise<boolean> {
  const { failures, warnings } = report;
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
  const loadAverage = report.loadAverageAtStart[0] ?? 0;
  if (loadAverage > report.cores / 2) {
    const message = `the 1-minute load average is ${loadAverage} on ${report.cores} cores: other work is running, numbers will be noisy`;
    console.log(`Warning: ${message}.`);
    warnings.push(message);
  }

  console.log('\nBuilding (npm run build)…');
  await build(options.verbose);

  const app = await startApp(options);

  // 1. The exact answers, fetched once (twice for pages: the first renders, the second should
  //    come from the page cache, which is what the load test mostly measures).
  const answers: Target[] = [];
  for (const target of TARGETS) {
    checkInterrupted();
    let response = await get(app.base + target.path);
    if (response.status !== 200)
      throw new Error(`GET ${target.path} answered ${response.status}: ${response.body.toString('utf8').slice(0, 300)}`);
    const first = response;
    if (target.kind === 'page') {
      response = await get(app.base + target.path);
      if (!samePage(first.body, response.body)) warnings.push(`GET ${target.path}: two consecutive renders differ in bytes`);
    }
    const pageCache = response.headers['x-page-cache'];
    answers.push({
      ...target,
      contentType: response.headers['content-type'] ?? 'application/octet-stream',
      body: response.body,
      pageCache: typeof pageCache === 'string' ? pageCache : null,
      responseHeaderCount: Object.keys(response.headers).length,
    });
  }
  report.memory = { atRest: residentMemory(app.entry.child.pid)?.now ?? null, peak: null, after: null };
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
    const target: TargetResult = {
      path: a.path,
      kind: a.kind,
      contentType: a.contentType,
      bytes: a.body.length,
      aim: AIMS[a.kind],
      app: null,
      bare: null,
      ratio: null,
      aimMet: false,
    };
    report.targets.push(target);
    const appSummary = await loadTest(`app  GET ${a.path}`, app.base + a.path, options);
    target.app = appSummary;
    const bareSummary = await loadTest(`bare GET ${a.path}`, bare.base + a.path, options);
    target.bare = bareSummary;
    if (app.entry.exited) throw new Error('The app exited during the load test');
    target.ratio = bareSummary.reqPerSec > 0 ? appSummary.reqPerSec / bareSummary.reqPerSec : null;
    target.aimMet = target.ratio !== null && target.ratio >= target.aim;
    for (const [who, s] of [
      ['app', appSummary],
      ['bare', bareSummary],
    ] as const) {
      if (!s.ok) failures.push(describeProblems(`${who} GET ${a.path}`, s));
      if (!s.countPlausible)
        warnings.push(`${who} GET ${a.path}: ${s.requests} requests in ${s.durationSec} s does not match ${s.reqPerSec} req/s`);
    }
    // Body bytes per response include the headers; the app sends more headers than the bare server.
    target.headerBytes = { app: appSummary.bytesPerResponse - a.body.length, bare: bareSummary.bytesPerResponse - a.body.length };
  }

  // After the load: the app still answers the same bytes (the page cache may have re-rendered).
  for (const a of answers) {
    const response = await get(app.base + a.path);
    if (response.status !== 200) failures.push(`GET ${a.path} answered ${response.status} after the load test`);
    else if (!samePage(response.body, a.body)) warnings.push(`GET ${a.path}: the app's bytes changed during the run`);
  }

  // Resident memory: the peak is the high-water mark over the whole load, reads and writes.
  const recordMemory = () => {
    const memory = residentMemory(app.entry.child.pid);
    if (report.memory && memory) Object.assign(report.memory, { peak: memory.peak, after: memory.now });
  };

  // 3b. The visitors the page cache does not serve, and one it should (other cookies than the session's).
  console.log('');
  report.visitors = await measureVisitors(app.base, options);
  for (const v of report.visitors) {
    if (!v.app.ok) failures.push(describeProblems(`GET ${v.path} (${v.who})`, v.app));
    if (v.who === 'other cookies' && v.pageCache !== 'HIT')
      warnings.push(`GET ${v.path} with other cookies: not a page-cache HIT`);
  }

  // 4. First-load JavaScript.
  const js = await measureFirstLoadJs(app.base, options.verbose);
  report.firstLoadJs = js.routes;
  failures.push(...js.failures);

  // 5. Writes: cart adds and whole enquiries, as visitors send them: with the session cookie and CSRF token
  //    that GET /api/auth/csrf-token gave them beforehand (the session starts there, not in the write).
  //    No bare comparison: the point is enquiries per second with zero errors.
  console.log('');
  const writes: NonNullable<Report['writes']> = [];
  report.writes = writes;
  for (const write of await writeTargets(app.base)) {
    const summary = await loadTest(`app  POST ${write.path}`, app.base + write.path, { ...options, request: write.request });
    writes.push({ path: write.path, what: write.what, app: summary });
    if (!summary.ok) failures.push(describeProblems(`POST ${write.path}`, summary));
  }

  recordMemory();

  // 6. Report.
  finishReport(report, options);
  return failures.length === 0;
}
