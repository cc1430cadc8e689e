// Real server processes: two processes on one PostgreSQL serve one visitor alternately
// as one would; and a process killed with SIGKILL during a stream of enquiries loses none it acknowledged, with
// their lines and e-mails, on both databases.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { count, inArray, like } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';

import { totpCode } from '#domains/account/totp.server.ts';
import { UserService } from '#domains/account/users.server.ts';
import { seedDemoCatalogue } from '#domains/catalogue/seed.server.ts';
import { orderItems, orders } from '#domains/enquiry/tables.ts';
import { documentCounters } from '#domains/invoice/tables.ts';
import { inReminderHours } from '#domains/reminder/model.ts';
import { remindersSent } from '#domains/reminder/tables.ts';
import type { SettingsAnswer } from '#domains/settings/schema.ts';
import { auditLog } from '#platform/audit/tables.ts';
import { type Database, type Db, openDatabase } from '#platform/db/client.ts';
import { outbox } from '#platform/mail/tables.ts';
import { buildApp } from '#server/app.ts';
import { createServices } from '#server/services.ts';
import { adminUserAndVisitor } from '#tests/support/accounts.ts';
import { killChildren, startChild } from '#tests/support/child-processes.ts';
import { DAY, TestClock } from '#tests/support/clock.ts';
import { createPostgresTestUrl, databaseKinds, testConfig, type TestDatabaseKind } from '#tests/support/databases.ts';
import { browserLine, catalogueIds, CUSTOMER } from '#tests/support/enquiry.ts';
import { ownCustomers, QUOTE_LINES, quoteBody, RAISED, type Sent, SHOP_PAYMENTS, steps } from '#tests/support/staff-app.ts';
import { tempDirs } from '#tests/support/temp-dirs.ts';

const APP_SECRET = randomBytes(32).toString('base64url');
/** A demo product without variations. */
const CUP = 'Bagasse Cup 200 ml';

interface Server {
  child: ChildProcess;
  base: string;
}

/** Starts tests/fixtures/api-server.ts with these settings and waits until it listens. */
function startServer(env: Record<string, string>): Promise<Server> {
  const child = startChild(process.execPath, ['--import', 'tsx', 'tests/fixtures/api-server.ts'], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'silent', APP_SECRET, SEED_DEMO: 'true', ...env },
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /listening (\d+)/.exec(output)?.[1];
      if (port) resolve({ child, base: `http://127.0.0.1:${port}` });
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening: ${output}`)));
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );

interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/**
 * A browser over HTTP: keeps the session cookie and the CSRF token, and sends each request to the next server (or to
 * the one given).
 */
class Visitor {
  private cookie: string | undefined;
  private csrf: { token: string; cookie: string | undefined } | undefined;
  private turn = 0;

  constructor(private readonly bases: string[]) {}

  async send<T = Record<string, unknown>>(method: string, url: string, body?: unknown, to?: string): Promise<Answer<T>> {
    const headers: Record<string, string> = {};
    if (method !== 'GET') {
      if (!this.csrf || this.csrf.cookie !== this.cookie) {
        const token = await this.send<{ csrfToken: string }>('GET', '/api/auth/csrf-token', undefined, to);
        this.csrf = { token: token.body.csrfToken, cookie: this.cookie };
      }
      headers['x-csrf-token'] = this.csrf.token;
    }
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookie) headers.cookie = `shop_session=${this.cookie}`;
    const base = to ?? this.bases[this.turn++ % this.bases.length]!;
    const response = await fetch(base + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const set = response.headers.getSetCookie().find((c) => c.startsWith('shop_session='));
    if (set) this.cookie = set.split(';')[0]!.slice('shop_session='.length) || undefined;
    return { status: response.status, body: (await response.json()) as T };
  }
}

afterEach(() => killChildren());

/** An administrator made straight in the database, then signed in through these processes. */
async function signedInAdmin(db: Db, bases: string[], username: string): Promise<Visitor> {
  const password = 'Palm-Leaf#Kochi42';
  await new UserService(db).create({
    username,
    email: `${username.replaceAll('_', '-')}@example.in`,
    password,
    firstName: 'Panel',
    lastName: 'Admin',
    role: 'admin',
  });
  const staff = new Visitor(bases);
  expect((await staff.send('POST', '/api/auth/login', { username, password })).status).toBe(200);
  return staff;
}

const postgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

postgres('two server processes on one PostgreSQL', () => {
  const cleanups: (() => Promise<void>)[] = [];
  const makeTempDir = tempDirs('reminders-two-processes-');
  afterAll(async () => {
    killChildren();
    for (const cleanup of cleanups) await cleanup();
  });

  it('serve one visitor alternately: session, CSRF token, cart, sign-in with two-factor, enquiry, rate limits', async () => {
    const database = await createPostgresTestUrl();
    cleanups.push(database.drop);
    const env = { DATABASE_URL: database.url, RATE_LIMIT_ORDERS: '2', RATE_LIMIT_CART: '6' };
    const servers = await Promise.all([startServer(env), startServer(env)]);
    const visitor = new Visitor(servers.map((s) => s.base));

    // Register (session and CSRF token from one process, the write to the other), set up two-factor, sign out.
    const password = 'Palm-Leaf#Kochi42';
    const registration = { firstName: 'Two', lastName: 'Procs', username: 'two_procs', email: 'two@example.in', password };
    expect((await visitor.send('POST', '/api/auth/register', registration)).status).toBe(201);
    const setup = await visitor.send<{ manualEntryKey: string }>('POST', '/api/auth/setup-2fa');
    expect(setup.status).toBe(200);
    const secret = setup.body.manualEntryKey;
    expect((await visitor.send('POST', '/api/auth/enable-2fa', { token: totpCode(secret, new Date()) })).status).toBe(200);
    expect((await visitor.send('POST', '/api/auth/logout')).status).toBe(200);

    // Sign in on one process, the code on the other; the session is the account's on both.
    const login = await visitor.send<{ requiresTwoFactor: boolean }>('POST', '/api/auth/login', {
      username: 'two_procs',
      password,
    });
    expect(login.status).toBe(200);
    expect(login.body.requiresTwoFactor).toBe(true);
    // A code used once is refused after: pick the next step's code, valid within the window.
    const verify = await visitor.send('POST', '/api/auth/verify-2fa', { token: totpCode(secret, new Date(Date.now() + 30_000)) });
    expect(verify.status, JSON.stringify(verify.body)).toBe(200);
    for (let n = 0; n < 2; n++) {
      const status = await visitor.send<{ user: { username: string } | null }>('GET', '/api/auth/status');
      expect(status.body.user?.username).toBe('two_procs');
    }

    // The cart written on one process is read on the other.
    const products = await visitor.send<{ id: number; name: string }[]>('GET', '/api/products?category=cups');
    const cup = products.body.find((product) => product.name === CUP)!;
    expect((await visitor.send('POST', '/api/cart', { productId: cup.id, quantity: 2 })).status).toBe(201);
    const cart = await visitor.send<{ productId: number; quantity: number }[]>('GET', '/api/cart');
    expect(cart.body).toMatchObject([{ productId: cup.id, quantity: 2 }]);

    // Two enquiries in all, whichever process takes them; the third is refused by either.
    const line = { productId: cup.id, productName: cup.name, quantity: 1, price: '1.00' };
    const order = { ...CUSTOMER, items: [line], subtotal: '1.00', tax: '0.00', total: '1.00', isGuest: false, userId: null };
    const statuses: number[] = [];
    for (let n = 0; n < 4; n++) statuses.push((await visitor.send('POST', '/api/orders', order)).status);
    expect(statuses).toEqual([201, 201, 429, 429]);
    // Cart writes: 6 in all across both processes (1 above, 5 more), then refused.
    const writes: number[] = [];
    for (let n = 0; n < 6; n++) writes.push((await visitor.send('PUT', `/api/cart/${cup.id}`, { quantity: 3 })).status);
    expect(writes).toEqual([200, 200, 200, 200, 200, 429]);
  }, 120_000);
  it('a product or a setting changed through one process is served changed by the other (LISTEN/NOTIFY)', async () => {
    const database = await createPostgresTestUrl();
    cleanups.push(database.drop);
    const servers = await Promise.all([startServer({ DATABASE_URL: database.url }), startServer({ DATABASE_URL: database.url })]);
    const [first, second] = servers as [Server, Server];
    const direct = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 1 });
    cleanups.push(() => direct.close());
    const staff = await signedInAdmin(direct.db, [first.base], 'two_proc_admin');

    // Both processes hold the catalogue in memory, and the answer for this product.
    const cups = await new Visitor([first.base]).send<{ id: number; name: string }[]>('GET', '/api/products?category=cups');
    const cup = cups.body.find((product) => product.name === CUP)!;
    const read = async (base: string) =>
      (await fetch(`${base}/api/products/${cup.id}`).then((r) => r.json())) as { price: string; inStock: boolean };
    const before = await read(second.base);
    expect((await read(first.base)).price).toBe(before.price);

    const toggled = await staff.send<{ inStock: boolean }>('PATCH', `/api/admin/products/${cup.id}`, {
      inStock: !before.inStock,
    });
    expect(toggled.status, JSON.stringify(toggled.body)).toBe(200);
    // The other process's copy has no expiry: only the notice refreshes it, so serving the change at all shows the
    // notice arrived. How fast it arrives is a benchmark's question, not one a shared test machine can answer.
    await vi.waitFor(async () => expect((await read(second.base)).inStock).toBe(!before.inStock), {
      timeout: 30_000,
      interval: 20,
    });

    // The shop's settings likewise: held in memory by both, saved on one, served by the other within a second.
    const settingsOf = async (base: string) =>
      (await staff.send<SettingsAnswer>('GET', '/api/admin/settings', undefined, base)).body.settings;
    const tax = (await settingsOf(second.base)).tax;
    expect(tax.gstRates).toEqual([0, 5, 18, 40]);
    const saved = await staff.send('PUT', '/api/admin/settings/tax', { ...tax, gstRates: [5, 12, 18] }, first.base);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await vi.waitFor(async () => expect((await settingsOf(second.base)).tax.gstRates).toEqual([5, 12, 18]), {
      timeout: 1000,
      interval: 20,
    });
  }, 120_000);

  it('20 invoices issued at the same moment on two processes get 20 consecutive numbers, none skipped or twice', async () => {
    const database = await createPostgresTestUrl();
    cleanups.push(database.drop);
    const env = { DATABASE_URL: database.url, RATE_LIMIT_ORDERS: '1000' };
    const servers = await Promise.all([startServer(env), startServer(env)]);
    const direct = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 1 });
    cleanups.push(() => direct.close());
    const customer = new Visitor(servers.map((s) => s.base));
    const products = await customer.send<{ id: number; name: string }[]>('GET', '/api/products?category=cups');
    const cup = products.body.find((product) => product.name === CUP)!;
    const line = { productId: cup.id, productName: cup.name, quantity: 2, price: '1.00' };
    const order = { ...CUSTOMER, items: [line], subtotal: '2.00', tax: '0.00', total: '2.00', isGuest: true, userId: null };
    const ids: number[] = [];
    for (let n = 0; n < 20; n++) ids.push((await customer.send<{ id: number }>('POST', '/api/orders', order)).body.id);

    // The staff, signed in once, send every other request to the other process; the CSRF token is fetched first.
    const staff = await signedInAdmin(
      direct.db,
      servers.map((s) => s.base),
      'invoice_admin',
    );
    const confirmed = {
      confirmed: { lines: [{ price: '260.00', hsnCode: '48236900', gstRate: 18 }], delivery: '50.00', placeOfSupply: '32' },
    };
    const answers = await Promise.all(
      ids.map((id) => staff.send<{ invoice: { number: string } }>('POST', `/api/admin/orders/${id}/invoice`, confirmed)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    const numbers = answers.map((answer) => answer.body.invoice.number).sort();
    const year = /^GL\/(\d{4}-\d{2})\//.exec(numbers[0]!)![1];
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, n) => `GL/${year}/${String(n + 1).padStart(4, '0')}`));
    const [counter] = await direct.db.select().from(documentCounters);
    expect(counter).toMatchObject({ series: 'invoice', financialYear: year, lastSerial: 20 });
  }, 120_000);

  it('two processes running the reminders at once send each reminder once in all', async () => {
    const database = await createPostgresTestUrl();
    cleanups.push(database.drop);
    // Twenty days ago, through the app in this process: three invoices due 7 days later (13 days ago: their 7-day step
    // is due now) and a quote valid for 7 days (expired 13 days ago).
    const direct = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
    cleanups.push(() => direct.close());
    await seedDemoCatalogue(direct.db);
    const dataDir = makeTempDir();
    const clock = new TestClock(Date.now() - 20 * DAY);
    const config = testConfig(dataDir, { payments: SHOP_PAYMENTS, rateLimits: { orders: RAISED } });
    const services = createServices(direct.db, config, { now: clock.now });
    const app = await buildApp({ config, database: direct, services });
    try {
      const { admin, visitor } = await adminUserAndVisitor(app, services);
      const ids = await catalogueIds(direct.db);
      const customer = ownCustomers('twoproc');
      const line = browserLine(ids, 'Areca Leaf Round Plate', '8 inch', 2);
      const invoiced: Array<Sent & { email: string }> = [];
      for (let n = 0; n < 3; n++) {
        const sent = await customer(visitor, [line]);
        await steps.invoice(admin, sent.id, {
          confirmed: { lines: [QUOTE_LINES[0]], delivery: '50.00', placeOfSupply: '32', customerGstin: null },
        });
        invoiced.push(sent);
      }
      const quoted = await customer(visitor, [line]);
      await steps.quote(admin, quoted.id, quoteBody(clock, { lines: [QUOTE_LINES[0]] }));
    } finally {
      await app.close();
    }

    // Both processes start their first round as they start, at the same moment; SIGTERM waits for a round under way.
    const env = { DATABASE_URL: database.url };
    const servers = await Promise.all([startServer(env), startServer(env)]);
    const inHours = inReminderHours(new Date());
    const sentCount = async () => (await direct.db.select({ n: count() }).from(remindersSent))[0]!.n;
    await vi.waitFor(async () => expect(await sentCount()).toBe(inHours ? 4 : 1), { timeout: 30_000, interval: 50 });
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => exited(server.child)));

    // Nothing twice: one row per document and step, one e-mail per reminder, one history entry each.
    expect(await sentCount()).toBe(inHours ? 4 : 1);
    const mails = await direct.db.select({ to: outbox.to }).from(outbox).where(like(outbox.subject, 'Payment reminder%'));
    expect(mails.map((mail) => mail.to).sort()).toEqual(
      inHours ? ['twoproc1@example.in', 'twoproc2@example.in', 'twoproc3@example.in'] : [],
    );
    const history = await direct.db
      .select({ action: auditLog.action, n: count() })
      .from(auditLog)
      .where(inArray(auditLog.action, ['payment-reminder', 'quote-expired']))
      .groupBy(auditLog.action);
    expect(Object.fromEntries(history.map((row) => [row.action, row.n]))).toEqual({
      'quote-expired': 1,
      ...(inHours && { 'payment-reminder': 3 }),
    });
  }, 120_000);
});

describe.each(databaseKinds())('SIGKILL during a stream of enquiries on %s', (kind: TestDatabaseKind) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    killChildren();
    for (const cleanup of cleanups) await cleanup();
  });

  it('keeps every acknowledged enquiry, with its lines and both e-mails', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-kill-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = { DATA_DIR: dataDir, RATE_LIMIT_ORDERS: '1000000', RATE_LIMIT_SESSIONS: '1000000' };
    if (kind === 'postgres') {
      const database = await createPostgresTestUrl();
      cleanups.push(database.drop);
      env.DATABASE_URL = database.url;
    }
    const server = await startServer(env);
    const products = (await (await fetch(`${server.base}/api/products?category=cups`)).json()) as { id: number; name: string }[];
    const cup = products.find((product) => product.name === CUP)!;
    const line = { productId: cup.id, productName: cup.name, quantity: 2, price: '1.00' };
    const order = {
      ...CUSTOMER,
      items: [line, { ...line, quantity: 1 }],
      subtotal: '3.00',
      tax: '0.00',
      total: '3.00',
      isGuest: true,
      userId: null,
    };

    // Eight visitors send enquiries back to back; the server is killed while they are in flight.
    const acknowledged: { id: number; displayId: string }[] = [];
    let sent = 0;
    let stop = false;
    const stream = async () => {
      const visitor = new Visitor([server.base]);
      while (!stop) {
        sent++;
        try {
          const answer = await visitor.send<{ id: number; displayId: string }>('POST', '/api/orders', order);
          if (answer.status === 201) acknowledged.push(answer.body);
          else throw new Error(`enquiry answered ${answer.status}: ${JSON.stringify(answer.body)}`);
        } catch (error) {
          if (error instanceof Error && error.message.startsWith('enquiry answered')) throw error;
          return; // the connection died with the server
        }
      }
    };
    const streams = Array.from({ length: 8 }, stream);
    const failed = Promise.all(streams).then(() => 'ended');
    while (acknowledged.length < 40) {
      const ended = await Promise.race([failed, new Promise((resolve) => setTimeout(resolve, 10))]);
      if (ended === 'ended') throw new Error('the streams ended before the kill');
    }
    server.child.kill('SIGKILL');
    await exited(server.child);
    stop = true;
    await Promise.all(streams);

    // The next start opens the same data (after a kill the embedded database's lock is taken over).
    const restarted = await startServer(env);
    restarted.child.kill('SIGTERM');
    await exited(restarted.child);
    const database: Database =
      kind === 'postgres'
        ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL! })
        : await openDatabase({ kind: 'pglite', dataDir });
    try {
      const stored = await database.db.select({ id: orders.id }).from(orders);
      const storedIds = new Set(stored.map((row) => row.id));
      const missing = acknowledged.filter((order) => !storedIds.has(order.id));
      expect(missing, `acknowledged but lost (of ${acknowledged.length})`).toEqual([]);
      // Nothing half-written: every stored enquiry has its two lines, and the outbox two e-mails per enquiry.
      const lines = await database.db
        .select({ orderId: orderItems.orderId, n: count() })
        .from(orderItems)
        .groupBy(orderItems.orderId);
      expect(lines.filter((row) => row.n !== 2)).toEqual([]);
      expect(new Set(lines.map((row) => row.orderId))).toEqual(storedIds);
      const mails = await database.db.select({ text: outbox.text, subject: outbox.subject }).from(outbox);
      expect(mails).toHaveLength(2 * stored.length);
      for (const order of acknowledged) {
        // By its number as the e-mails write it ('#1027'): a bare '1027' also turns up by chance inside a status
        // link's token, and the tokens of one file's run are the same on both databases (one APP_SECRET).
        const byNumber = new RegExp(`#${order.displayId}(?!\\d)`);
        const about = mails.filter((mail) => byNumber.test(`${mail.subject}\n${mail.text}`));
        expect(about.length, `e-mails of ${order.displayId}`).toBe(2);
      }
      console.log(`SIGKILL on ${kind}: ${sent} sent, ${acknowledged.length} acknowledged, ${stored.length} stored, 0 lost`);
    } finally {
      await database.close();
    }
  }, 120_000);
});
