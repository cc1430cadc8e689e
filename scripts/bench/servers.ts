// The servers under test: the production build of the app on a fresh database, and a bare node:http server that
// answers the same paths with the same bytes from memory (the most any Node server could do on this machine).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';

import { get, sleep } from './http.ts';
import { checkInterrupted, collectOutput, exitCode, freePort, ROOT, state, tempDir, track, type Tracked } from './processes.ts';

const HEALTH_DEADLINE_MS = 90_000;
/** The node flags `npm start` runs the server with (its V8 heap cap), so that the memory measured is production's. */
const START_FLAGS = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(/\s+/)
  .filter((arg) => arg.startsWith('--'));

export interface RunningServer {
  base: string;
  entry: Tracked;
}

/** `npm run build`, its output shown only when it fails (or with --verbose). */
export async function build(verbose: boolean): Promise<void> {
  const started = Date.now();
  const child = spawn('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const entry = track('npm run build', child);
  const output: string[] = [];
  collectOutput(child.stdout, output, '', () => verbose);
  collectOutput(child.stderr, output, '', () => verbose);
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  state.children.delete(entry);
  checkInterrupted();
  if (code !== 0) {
    if (!verbose) console.error(output.join('\n'));
    throw new Error(`npm run build failed (${signal ?? `exit code ${code}`})`);
  }
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

/** Fills a fresh database with the demo catalogue and `added` products more, before a server starts on it. */
export async function addProducts(
  { dataDir, databaseUrl }: { dataDir: string; databaseUrl?: string },
  added: number,
): Promise<void> {
  const started = Date.now();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/fill-catalogue.ts', String(added)], {
    cwd: ROOT,
    env,
    stdio: 'inherit',
  });
  if ((await exitCode(child)) !== 0) throw new Error('scripts/fill-catalogue.ts failed');
  console.log(`Added ${added.toLocaleString('en-US')} products in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

/**
 * Every request of the bench comes from one address and a handful of visitors: each rate limit the server reads
 * (every `RATE_LIMIT_*` variable of platform/config.ts, per visitor and per address) is lifted to the largest value it
 * takes, for this run only, so that a 429 in the results is a defect and not the bench meeting a limit.
 */
export const LIFTED_RATE_LIMITS = {
  RATE_LIMIT_ORDERS: '1000000',
  RATE_LIMIT_ORDERS_PER_ADDRESS: '1000000',
  RATE_LIMIT_CONTACT: '1000000',
  RATE_LIMIT_CART: '1000000',
  RATE_LIMIT_REGISTER: '1000000',
  RATE_LIMIT_SESSIONS: '1000000',
  RATE_LIMIT_PASSWORD_RESETS: '1000000',
  RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL: '1000000',
} as const;

/** The built app (dist/main.js) on a free port, once GET /healthz answers 200. */
export async function startApp({
  databaseUrl,
  dataDir = tempDir('bench-data-'),
}: {
  databaseUrl: string | undefined;
  dataDir?: string;
}): Promise<RunningServer & { dataDir: string }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...LIFTED_RATE_LIMITS,
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const child = spawn(process.execPath, [...START_FLAGS, 'dist/main.js'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const entry = track('app', child);
  const output: string[] = [];
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

/** One answer the bare server gives. */
export interface BareAnswer {
  path: string;
  contentType: string;
  body: Buffer;
}

// Plain JavaScript written to a temporary file and run by node itself: nothing of the bench is loaded beside it.
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

export async function startBare(answers: readonly BareAnswer[]): Promise<RunningServer> {
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
    once(child, 'message').then(([m]) => m as { port: number }),
    exitCode(child).then(() => {
      throw new Error('The bare server exited at start');
    }),
    sleep(10_000).then(() => {
      throw new Error('The bare server did not start within 10 s');
    }),
  ]);
  console.log(`Bare node:http server on http://127.0.0.1:${message.port} (pid ${child.pid}).`);
  return { base: `http://127.0.0.1:${message.port}`, entry };
}
