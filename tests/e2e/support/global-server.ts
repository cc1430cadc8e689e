// Global setup of the 'e2e' project: finds Chromium, starts the production server once for every
// test file of the project (building first only when the build is stale), tells them the ids its demo
// products were given, and stops it afterwards. Without Chromium the browser suites skip themselves and
// the server still serves the tests that only fetch pages.
//
// The server runs `node scripts/start.mjs` (its staleness rule decides whether to build) inside a
// snapshot of the work tree: a copy of the sources, build/ and dist/ with timestamps kept, and
// node_modules linked. The production server reads build/client from disk on every request, so
// a `npm run build` started elsewhere during the run (another checkout user, `npm run bench`)
// would otherwise swap the hashed assets under the running server and fail the tests with 404s.
// E2E_IN_PLACE=1 runs it in the work tree instead; E2E_SERVER_LOG=1 prints the server's output
// at the end.
//
// The server starts with the two administrators of ./accounts.ts (E2E_ADMINS), made in its DATA_DIR
// just before it starts (see createAdmins).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { cp, mkdtemp, readdir, rm, stat, symlink, utimes } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { TestProject } from 'vitest/node';

import { checkAdminPassword, ensureFirstAdmin } from '#domains/account/first-admin.server.ts';
import { UserService } from '#domains/account/users.server.ts';
import { seedDemoCatalogue } from '#domains/catalogue/seed.server.ts';
import { loadConfig } from '#platform/config.ts';
import { withMigratedDatabase } from '#platform/db/open.ts';
import { addScaleProducts } from '#platform/db/seed/scale.ts';

import { E2E_ADMINS } from './accounts.ts';
import { ANALYTICS_TEST_GA4_ID } from './analytics.ts';
import { LARGE_CATALOGUE_ADDED } from './catalogue.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** A second server whose catalogue is the demo's and LARGE_CATALOGUE_ADDED more (the paging tests). */
    largeCatalogueURL: string;
    /** A third, on the demo catalogue, with Google Analytics set (ANALYTICS_TEST_GA4_ID): the analytics tests. */
    analyticsURL: string;
    /** A fourth, a fresh install with the two administrators, whose shop the settings test sets up. */
    settingsURL: string;
    /**
     * A fifth, on the demo catalogue with the two administrators, for the tests that add products: the first keeps the
     * demo catalogue, which the storefront's tests count, while they run beside them. The today list's tests count
     * here too: on the first, other tests quote and delete enquiries under their counts.
     */
    catalogueEditsURL: string;
    /** Where the shared server writes its e-mails as .eml files (it has no SMTP server): the tests read them there. */
    outboxDir: string;
    /** Where the settings server writes its e-mails. */
    settingsOutboxDir: string;
    chromium: string | null;
    /** The id of each product of the first server's catalogue, by name (read from its API once it is ready). */
    productIds: Record<string, number>;
  }
}

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Top-level entries not copied into the snapshot (node_modules is linked instead). */
const NOT_COPIED = new Set([
  'node_modules',
  '.git',
  'data',
  'tests',
  'test-results',
  'bench-results',
  'coverage',
  '.react-router',
]);
/** A build can take ~30 s and creating the PGlite database ~5 s on 2 cores. */
const STARTUP_DEADLINE_MS = 180_000;
const STOP_DEADLINE_MS = 15_000;
/** Output kept to explain a failed start. */
const MAX_LOG_CHARS = 20_000;

/**
 * Chromium's headless shell when it is installed (Debian's chromium-headless-shell: the same Blink and V8 without the
 * desktop browser around them, what Playwright itself launches for headless tests), else the full Chromium. On 2 cores
 * the shell took a third of the full browser's CPU for the same pages (docs/decisions/517-browser-tests-in-the-headless-shell.md);
 * E2E_FULL_CHROMIUM=1 runs the suite in the full browser instead.
 */
function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const shell = env.E2E_FULL_CHROMIUM === '1' ? [] : [env.HEADLESS_SHELL_PATH, '/usr/bin/chromium-headless-shell'];
  const candidates = [...shell, env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const candidate of candidates) {
    if (candidate && isExecutable(candidate)) return candidate;
  }
  return null;
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Copies the work tree (without the entries above) into `dir`, keeping modification times. */
async function snapshot(dir: string): Promise<void> {
  for (const entry of await readdir(ROOT, { withFileTypes: true })) {
    if (NOT_COPIED.has(entry.name)) continue;
    const from = path.join(ROOT, entry.name);
    const to = path.join(dir, entry.name);
    await cp(from, to, { recursive: true, preserveTimestamps: true, verbatimSymlinks: true });
    // cp keeps the files' times but gives a folder the time of its copy, and the staleness rule of scripts/start.mjs
    // reads the times of the top-level source folders too: without this, a build the work tree has was always stale
    // here and made again (about 30 s on 2 cores).
    if (entry.isDirectory()) {
      const { atime, mtime } = await stat(from);
      await utimes(to, atime, mtime);
    }
  }
  await symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('No free port'))));
    });
  });
}

/** `count` free ports, none the same. */
async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/** `env` for a server of its own: its port, its data directory, and its address, which its links and e-mails carry. */
function ownServerEnv(env: NodeJS.ProcessEnv, port: number, dataDir: string): NodeJS.ProcessEnv {
  return { ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir };
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_DEADLINE_MS;
  let exitedEarly = false;
  child.once('exit', () => (exitedEarly = true));
  while (Date.now() < deadline) {
    if (exitedEarly) throw new Error(`The server exited before it was ready (code ${child.exitCode}).\n${log()}`);
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer GET /healthz with 200 within ${STARTUP_DEADLINE_MS / 1000} s.\n${log()}`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const pid = child.pid;
  // The child leads its own process group, so an `npm run build` it started stops with it.
  const signal = (name: NodeJS.Signals) => {
    try {
      if (pid) process.kill(-pid, name);
      else child.kill(name);
    } catch {
      // Already gone.
    }
  };
  signal('SIGTERM');
  const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), STOP_DEADLINE_MS).unref());
  if ((await Promise.race([exited(child), timer])) === 'timeout') {
    signal('SIGKILL');
    await exited(child);
  }
}

/**
 * E2E_ADMINS.twoFactor is the first administrator, from ADMIN_USERNAME / ADMIN_PASSWORD / ADMIN_EMAIL in the
 * server's environment; E2E_ADMINS.plain is a second one, as `npm run admin -- create` makes it. Both are
 * made here with the server's own code and settings, before it starts: the embedded database admits one
 * process at a time, and the server's own first-admin bootstrap creates nobody once an administrator exists,
 * so it runs here first (same function, same environment) and finds them both at start.
 */
async function createAdmins(env: NodeJS.ProcessEnv): Promise<void> {
  const config = loadConfig(env);
  const { plain } = E2E_ADMINS;
  checkAdminPassword(plain.password);
  await withMigratedDatabase(config, async ({ db }) => {
    const users = new UserService(db);
    await ensureFirstAdmin(users, config.firstAdmin, (text) => console.log(text));
    await users.create({
      username: plain.username,
      email: plain.email,
      password: plain.password,
      firstName: '',
      lastName: '',
      role: 'admin',
    });
  });
}

/**
 * The databases of three servers, made before they start: the demo catalogue and LARGE_CATALOGUE_ADDED more in the
 * large-catalogue server's, the two administrators in the settings server's and the catalogue-edits server's. One
 * after the other: each new embedded database takes hundreds of MB while it is made.
 */
async function prepareOtherDatabases(
  env: NodeJS.ProcessEnv,
  largeDataDir: string,
  settingsDataDir: string,
  editsDataDir: string,
): Promise<void> {
  await withMigratedDatabase(loadConfig({ ...env, DATA_DIR: largeDataDir }), async ({ db }) => {
    await seedDemoCatalogue(db);
    await addScaleProducts(db, LARGE_CATALOGUE_ADDED);
  });
  await createAdmins({ ...env, DATA_DIR: settingsDataDir });
  await createAdmins({ ...env, DATA_DIR: editsDataDir });
}

interface Started {
  url: string;
  /** Resolves once GET /healthz answers 200 (rejects with the server's output when it does not). */
  ready: Promise<void>;
  stop: () => Promise<void>;
}

/** Starts `node scripts/start.mjs` in `workDir` (it builds only when the build is missing or older than the sources). */
async function startServer(workDir: string, env: NodeJS.ProcessEnv, name: string): Promise<Started> {
  const url = `http://127.0.0.1:${env.PORT}`;
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-MAX_LOG_CHARS);
  };
  const started = Date.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: workDir,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // Should vitest itself die without running the teardown, do not leave the server behind.
  const orphanGuard = () => {
    try {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  process.once('exit', orphanGuard);
  const ready = waitForHealth(url, child, () => output).then(() => {
    const built = /building/i.test(output) ? ', built first' : '';
    console.log(`Browser tests: ${name} ready at ${url} after ${((Date.now() - started) / 1000).toFixed(1)} s${built}`);
  });
  return {
    url,
    ready,
    stop: async () => {
      await stop(child);
      process.off('exit', orphanGuard);
      if (output.trim() && process.env.E2E_SERVER_LOG) console.log(output);
    },
  };
}

/** Each product's id by name, as the server's API lists them (every page of the list). */
async function readProductIds(url: string): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (let page = 1; ; page++) {
    const response = await fetch(`${url}/api/products?page=${page}`);
    if (!response.ok) throw new Error(`GET /api/products?page=${page}: HTTP ${response.status}`);
    const products = (await response.json()) as Array<{ id: number; name: string }>;
    for (const product of products) ids[product.name] = product.id;
    if (products.length === 0 || Object.keys(ids).length >= Number(response.headers.get('x-total-count'))) return ids;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const chromium = findChromium();
  project.provide('chromium', chromium);
  if (!chromium) {
    console.log('Browser tests skipped: no Chromium found (apt-get install chromium-headless-shell, or set CHROME_PATH)');
  } else {
    console.log(`Browser tests in ${chromium}`);
  }

  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'e2e-data-'));
  project.provide('outboxDir', path.join(dataDir, 'outbox'));
  const inPlace = process.env.E2E_IN_PLACE === '1';
  const workDir = inPlace ? ROOT : await mkdtemp(path.join(os.tmpdir(), 'e2e-tree-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // The shop's address: the links in its e-mails and its canonical links start with it.
    PUBLIC_URL: baseURL,
    // Every browser test comes from 127.0.0.1: the per-IP limits are tested in the API tests instead.
    RATE_LIMIT_ORDERS: '10000',
    RATE_LIMIT_CONTACT: '10000',
    RATE_LIMIT_CART: '10000',
    RATE_LIMIT_REGISTER: '10000',
    RATE_LIMIT_SESSIONS: '10000',
    // The ways to pay an invoice: the status page's UPI button and QR code and the bank account need them.
    SHOP_UPI_ID: 'greenleaf@okaxis',
    SHOP_BANK_ACCOUNT: '12345678901234',
    SHOP_BANK_IFSC: 'FDRL0001234',
    SHOP_BANK_NAME: 'Federal Bank, Aluva',
    // The first administrator (see createAdmins).
    ADMIN_USERNAME: E2E_ADMINS.twoFactor.username,
    ADMIN_PASSWORD: E2E_ADMINS.twoFactor.password,
    ADMIN_EMAIL: E2E_ADMINS.twoFactor.email,
  };
  delete env.DATABASE_URL;
  // Independent, so side by side: the copy of the tree, and the accounts in the (separate) data directory.
  const prepared = await Promise.allSettled([inPlace ? null : snapshot(workDir), createAdmins(env)]);
  const failed = prepared.find((result) => result.status === 'rejected');
  if (failed) {
    if (!inPlace) await rm(workDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
    throw failed.reason;
  }

  const largeDataDir = await mkdtemp(path.join(os.tmpdir(), 'e2e-large-'));
  const analyticsDataDir = await mkdtemp(path.join(os.tmpdir(), 'e2e-analytics-'));
  const settingsDataDir = await mkdtemp(path.join(os.tmpdir(), 'e2e-settings-'));
  const editsDataDir = await mkdtemp(path.join(os.tmpdir(), 'e2e-edits-'));
  const server = await startServer(workDir, env, 'server');
  // The databases of the servers below need no build: made while the first server builds (if it must) and starts. Its
  // failure is the set-up's, thrown below (not an unhandled rejection meanwhile).
  const databases = chromium ? prepareOtherDatabases(env, largeDataDir, settingsDataDir, editsDataDir) : null;
  databases?.catch(() => {});
  let large: Started | undefined;
  let analytics: Started | undefined;
  let settings: Started | undefined;
  let edits: Started | undefined;
  const teardown = async () => {
    await Promise.all([server.stop(), large?.stop(), analytics?.stop(), settings?.stop(), edits?.stop()]);
    await rm(dataDir, { recursive: true, force: true });
    await rm(largeDataDir, { recursive: true, force: true });
    await rm(analyticsDataDir, { recursive: true, force: true });
    await rm(settingsDataDir, { recursive: true, force: true });
    await rm(editsDataDir, { recursive: true, force: true });
    if (!inPlace) await rm(workDir, { recursive: true, force: true });
  };
  // Once the first has built (if it had to), and only for the browser tests, four more, so the shared server keeps the
  // demo catalogue and the settings every other test counts on: one on a catalogue of 35 + LARGE_CATALOGUE_ADDED
  // products for the paging tests, one with an analytics provider set, one whose shop is set up through its Settings,
  // one whose catalogue the tests that add products change (and where the today list's counts are not lowered by others). Without Chromium the first still serves the
  // tests that only fetch pages (HTML validity).
  try {
    await server.ready;
    project.provide('productIds', await readProductIds(baseURL));
    if (!chromium) {
      project.provide('largeCatalogueURL', '');
      project.provide('analyticsURL', '');
      project.provide('settingsURL', '');
      project.provide('settingsOutboxDir', '');
      project.provide('catalogueEditsURL', '');
      project.provide('baseURL', baseURL);
      return teardown;
    }
    const withoutAdmins = { ...env };
    delete withoutAdmins.ADMIN_USERNAME;
    delete withoutAdmins.ADMIN_PASSWORD;
    delete withoutAdmins.ADMIN_EMAIL;
    const [analyticsPort, largePort, settingsPort, editsPort] = (await freePorts(4)) as [number, number, number, number];
    const analyticsEnv = {
      ...ownServerEnv(withoutAdmins, analyticsPort, analyticsDataDir),
      ANALYTICS_GA4_ID: ANALYTICS_TEST_GA4_ID,
    };
    await databases;
    // Each awaited with the others below (a failure before then is the teardown's, not an unhandled rejection).
    analytics = await startServer(workDir, analyticsEnv, 'analytics server');
    analytics.ready.catch(() => {});
    large = await startServer(workDir, ownServerEnv(withoutAdmins, largePort, largeDataDir), 'large-catalogue server');
    large.ready.catch(() => {});
    settings = await startServer(workDir, ownServerEnv(env, settingsPort, settingsDataDir), 'settings server');
    settings.ready.catch(() => {});
    edits = await startServer(workDir, ownServerEnv(env, editsPort, editsDataDir), 'catalogue-edits server');
    await Promise.all([large.ready, analytics.ready, settings.ready, edits.ready]);
    project.provide('largeCatalogueURL', large.url);
    project.provide('analyticsURL', analytics.url);
    project.provide('settingsURL', settings.url);
    project.provide('settingsOutboxDir', path.join(settingsDataDir, 'outbox'));
    project.provide('catalogueEditsURL', edits.url);
  } catch (error) {
    // The databases are not removed while they are still being made.
    await databases?.catch(() => {});
    await teardown();
    throw error;
  }
  project.provide('baseURL', baseURL);
  return teardown;
}
