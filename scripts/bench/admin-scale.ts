// The admin lists at scale (`npm run bench -- --scale`): one fresh database per kind, the admin calls timed at demo
// size, then again after 100,000 enquiries (three lines each, a year of them) and 20,000 contact messages are added.
// In-process (fastify.inject): this measures the server's own work per answer, which is what grows with the data.
//   npm run bench -- --scale [--postgres <url>]   (PostgreSQL too when a URL is given or BENCH_DATABASE_URL is set)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

import { sql } from 'drizzle-orm';
import pg from 'pg';

import { type Database, openDatabase } from '../../server/db/client.ts';
import { seedDemoCatalogue } from '../../server/db/seed/seed.ts';
import { adminBench } from './admin-app.ts';

const ENQUIRIES = 100_000;
const MESSAGES = 20_000;
const DEMO_ENQUIRIES = 40;
const DEMO_MESSAGES = 10;
const RUNS = 100;

function fillEnquiries(db: Database['db'], count: number) {
  return db.execute(sql`
    INSERT INTO orders (status, seen, customer_name, customer_email, customer_phone, delivery_location, subtotal, tax, total,
                        is_guest, session_id, created_at)
    SELECT (ARRAY['pending','confirmed','processing','shipped','delivered','cancelled'])[1 + i % 6], i % 5 <> 0,
           'Customer ' || i, 'customer' || i || '@example.in', '98' || lpad((i % 100000000)::text, 8, '0'),
           'House ' || i || ', Temple Road, Kochi, Kerala 682024', 2850.00, 0, 2850.00, true, 'guest_' || i,
           now() - make_interval(mins => i * ${Math.round((365 * 24 * 60) / Math.max(count, 1))})
    FROM generate_series(1, ${count}) AS i`);
}

async function fill(db: Database['db'], enquiries: number, messages: number): Promise<void> {
  const result = (await db.execute(sql`SELECT coalesce(max(id), 0) AS before FROM orders`)) as unknown as {
    rows: Array<{ before: number | string }>;
  };
  const before = Number(result.rows[0]?.before ?? 0);
  await fillEnquiries(db, enquiries);
  await db.execute(sql`
    INSERT INTO order_items (order_id, product_id, product_name, quantity, price, options, units_per_carton, unit_type,
                             price_per_unit, line_total, position)
    SELECT o.id, 1 + (o.id + k) % 35, 'Product ' || (1 + (o.id + k) % 35), 1 + k, 950.00, '[]', 100, 'plates', 9.50,
           950.00 * (1 + k), k
    FROM orders o CROSS JOIN generate_series(0, 2) AS k WHERE o.id > ${before}`);
  await db.execute(sql`
    INSERT INTO contact_messages (name, email, phone, company, inquiry_type, message, seen, created_at)
    SELECT 'Visitor ' || i, 'visitor' || i || '@example.in', '97' || lpad(i::text, 8, '0'), 'Company ' || i, 'bulk-order',
           'Please quote for ' || i || ' cartons of areca plates.', i % 3 <> 0, now() - make_interval(mins => i * 20)
    FROM generate_series(1, ${messages}) AS i`);
  await db.execute(sql`ANALYZE`);
}

async function timed(run: () => Promise<{ statusCode: number }>): Promise<{ median: number; p95: number }> {
  for (let i = 0; i < 10; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const response = await run();
    times.push(performance.now() - start);
    if (response.statusCode !== 200) throw new Error(`answered ${response.statusCode}`);
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.floor(RUNS * share)] ?? Number.NaN;
  return { median: at(0.5), p95: at(0.95) };
}

async function benchKind(label: string, database: Database): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-'));
  await database.migrate();
  await seedDemoCatalogue(database.db);
  const bench = await adminBench(database, dataDir);
  const { app } = bench;
  const signedIn = bench.headers.cookie;
  const calls: Array<[string, string]> = [
    ['first page', '/api/admin/orders?page=1'],
    ['unseen filter', '/api/admin/orders?seen=false'],
    ['search by name', '/api/admin/orders?q=Customer%20777'],
    ['search by number', '/api/admin/orders?q=%231777'],
    ['contacts first page', '/api/admin/contacts?page=1'],
    ['dashboard', '/api/admin/dashboard'],
  ];
  const measureAll = async () => {
    const results: Record<string, { median: number; p95: number }> = {};
    for (const [name, url] of calls)
      results[name] = await timed(() => app.inject({ method: 'GET', url, headers: { cookie: signedIn } }));
    return results;
  };
  await fill(database.db, DEMO_ENQUIRIES, DEMO_MESSAGES);
  const demo = await measureAll();
  const started = performance.now();
  await fill(database.db, ENQUIRIES, MESSAGES);
  const fillSeconds = (performance.now() - started) / 1000;
  const large = await measureAll();
  console.log(
    `\n${label}: filled ${ENQUIRIES.toLocaleString('en')} enquiries (${(ENQUIRIES * 3).toLocaleString('en')} lines) and ${MESSAGES.toLocaleString('en')} messages in ${fillSeconds.toFixed(1)} s`,
  );
  console.log('| call | demo median (p95) ms | 100,000 median (p95) ms | ratio |');
  console.log('| --- | --- | --- | --- |');
  for (const [name] of calls) {
    const a = demo[name];
    const b = large[name];
    if (!a || !b) continue;
    console.log(
      `| ${name} | ${a.median.toFixed(2)} (${a.p95.toFixed(2)}) | ${b.median.toFixed(2)} (${b.p95.toFixed(2)}) | ${(b.median / a.median).toFixed(2)} |`,
    );
  }
  await bench.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const postgresIndex = process.argv.indexOf('--postgres');
const postgresUrl = postgresIndex > -1 ? process.argv[postgresIndex + 1] : process.env.BENCH_DATABASE_URL;

const pglite = await openDatabase({ kind: 'pglite-memory' });
try {
  await benchKind('PGlite', pglite);
} finally {
  await pglite.close();
}
if (postgresUrl) {
  // A database of its own on that server, dropped afterwards: nothing already there is touched.
  const name = `bench_scale_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const postgres = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  try {
    await benchKind('PostgreSQL', postgres);
  } finally {
    await postgres.close();
    await admin.query(`DROP DATABASE ${name}`);
    await admin.end();
  }
}
