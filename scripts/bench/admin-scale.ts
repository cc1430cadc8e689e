// The admin lists at scale (`npm run bench -- --scale`): one fresh database per kind, the admin calls timed at demo
// size (the shop's newest 40 enquiries and 10 messages), then again after its history is added: 100,000 enquiries
// (three lines each, a year of them) and 20,000 contact messages. Each call asks for the same thing at both sizes
// (the searches look for the name on the newest enquiry), so both answers hold the same recent rows and the ratio
// is what the history costs.
// In-process (fastify.inject): this measures the server's own work per answer, which is what grows with the data.
//   npm run bench -- --scale [--postgres <url>]   (PostgreSQL too when a URL is given or BENCH_DATABASE_URL is set)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';

import { seedDemoCatalogue } from '#domains/catalogue/seed.server.ts';
import { displayIdOf } from '#domains/enquiry/model.ts';
import { type Database, openDatabase } from '#platform/db/client.ts';

import { adminBench } from './admin-app.ts';

const ENQUIRIES = 100_000;
const MESSAGES = 20_000;
const DEMO_ENQUIRIES = 40;
const DEMO_MESSAGES = 10;
const RUNS = 100;

// A shop's customers as they come: 60 first names and 60 surnames (so a searched name is shared by dozens of people,
// as real names are), 40,000 people who enquire again now and then (their e-mail and phone stay theirs), ten-digit
// mobiles that look random. A person is picked from the row's number by a multiplicative hash, not in sequence.
const FIRST_NAMES = `Aarav Priya Rahul Anjali Vikram Sneha Arjun Divya Karthik Meera Rohan Lakshmi Suresh Kavya Manoj Deepa Arun
  Pooja Sanjay Nisha Ramesh Asha Vijay Rekha Anil Swati Ganesh Revathi Harish Shalini Mohan Geetha Prakash Anitha Naveen
  Sunita Ajay Bhavana Kiran Radha Sachin Usha Rajesh Latha Varun Sangeetha Dinesh Jyothi Gopal Smitha Abdul Fathima Joseph
  Mary Thomas Ayesha Imran Sarah Farhan Neha`.split(/\s+/);
const SURNAMES = `Sharma Nair Menon Iyer Reddy Patel Kumar Singh Gupta Rao Pillai Das Joshi Verma Shetty Naidu Kulkarni Desai
  Mehta Bhat Chatterjee Banerjee Mukherjee Thomas Varghese Kurian Mathew George Khan Ahmed Sheikh Qureshi Agarwal Jain
  Bansal Chopra Kapoor Malhotra Saxena Srivastava Mishra Pandey Tiwari Dubey Yadav Chauhan Rathore Gowda Hegde Kamath Pai
  Shenoy Krishnan Subramanian Raman Venkatesh Natarajan Chandran Rajan Fernandes`.split(/\s+/);
const PEOPLE = 40_000;

/** The SQL for the person row `i` is (name, e-mail, phone), from the lists above. */
function personOf(i: SQL) {
  const person = sql`((${i})::bigint * 7919 % ${PEOPLE})`;
  const first = sql`(${sql.raw(`ARRAY[${FIRST_NAMES.map((name) => `'${name}'`).join(',')}]`)})[1 + ${person} % ${FIRST_NAMES.length}]`;
  const last = sql`(${sql.raw(`ARRAY[${SURNAMES.map((name) => `'${name}'`).join(',')}]`)})[1 + ${person} / ${FIRST_NAMES.length} % ${SURNAMES.length}]`;
  return {
    name: sql`${first} || ' ' || ${last}`,
    email: sql`lower(${first}) || '.' || lower(${last}) || ${person} || (ARRAY['@gmail.com','@yahoo.co.in','@rediffmail.com','@outlook.com'])[1 + ${person} % 4]`,
    phone: sql`(ARRAY['98','97','94','90','88','81','70','63'])[1 + ${person} % 8] || lpad((${person} * 104729 % 100000000)::text, 8, '0')`,
  };
}

// Enquiries five minutes apart, newest first (100,000 of them make a year). As in a shop that keeps up: the last few days' are pending and most of
// them unseen, the last weeks' confirmed, in progress or shipped, older ones delivered or cancelled; a few older ones
// were left pending (one in 500) or unseen (one in 200), as happens.
function fillEnquiries(db: Database['db'], count: number) {
  const minutes = Math.round((365 * 24 * 60) / ENQUIRIES);
  const person = personOf(sql`i`);
  const ageDays = sql`(i * ${minutes} / 1440.0)`;
  return db.execute(sql`
    INSERT INTO orders (status, seen, customer_name, customer_email, customer_phone, delivery_location, subtotal, tax, total,
                        is_guest, session_id, created_at)
    SELECT CASE WHEN ${ageDays} < 4 OR i % 500 = 0 THEN 'pending'
                WHEN ${ageDays} < 30 THEN (ARRAY['confirmed','processing','shipped'])[1 + i % 3]
                WHEN i % 8 = 0 THEN 'cancelled' ELSE 'delivered' END,
           NOT ((${ageDays} < 2 AND i % 3 <> 0) OR i % 200 = 0),
           ${person.name}, ${person.email}, ${person.phone},
           'House ' || i || ', Temple Road, Kochi, Kerala 682024', 2850.00, 0, 2850.00, true, 'guest_' || i,
           now() - make_interval(mins => i * ${minutes})
    FROM generate_series(1, ${count}) AS i`);
}

async function fill(db: Database['db'], enquiries: number, messages: number): Promise<void> {
  const result = (await db.execute(sql`SELECT coalesce(max(id), 0) AS before FROM orders`)) as unknown as {
    rows: Array<{ before: number | string }>;
  };
  const before = Number(result.rows[0]?.before ?? 0);
  await fillEnquiries(db, enquiries);
  const visitor = personOf(sql`i + 1000003`);
  await db.execute(sql`
    INSERT INTO order_items (order_id, product_id, product_name, quantity, price, options, units_per_carton, unit_type,
                             price_per_unit, line_total, position)
    SELECT o.id, 1 + (o.id + k) % 35, 'Product ' || (1 + (o.id + k) % 35), 1 + k, 950.00, '[]', 100, 'plates', 9.50,
           950.00 * (1 + k), k
    FROM orders o CROSS JOIN generate_series(0, 2) AS k WHERE o.id > ${before}`);
  await db.execute(sql`
    INSERT INTO contact_messages (name, email, phone, company, inquiry_type, message, seen, created_at)
    SELECT ${visitor.name}, ${visitor.email}, ${visitor.phone}, 'Company ' || i, 'bulk-order',
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
  await fill(database.db, DEMO_ENQUIRIES, DEMO_MESSAGES);
  // Someone the demo-size shop has: the customer of its newest enquiry, their surname, and its number.
  const [newest] = (
    (await database.db.execute(sql`SELECT id, customer_name FROM orders ORDER BY id DESC LIMIT 1`)) as unknown as {
      rows: Array<{ id: number; customer_name: string }>;
    }
  ).rows;
  if (!newest) throw new Error('the demo-size fill made no enquiry');
  const surname = newest.customer_name.split(' ').at(-1) ?? '';
  const calls: Array<[string, string]> = [
    ['first page', '/api/admin/orders?page=1'],
    ['unseen filter', '/api/admin/orders?seen=false'],
    ['status filter', '/api/admin/orders?status=pending'],
    [`search by name ("${newest.customer_name}")`, `/api/admin/orders?q=${encodeURIComponent(newest.customer_name)}`],
    [`search by surname ("${surname}")`, `/api/admin/orders?q=${encodeURIComponent(surname)}`],
    [`search by number (#${displayIdOf(newest.id)})`, `/api/admin/orders?q=%23${displayIdOf(newest.id)}`],
    ['contacts first page', '/api/admin/contacts?page=1'],
    ['customers first page', '/api/admin/customers?page=1'],
    ['dashboard', '/api/admin/dashboard'],
    ['today', '/api/admin/today'],
  ];
  const measureAll = async () => {
    const results: Record<string, { median: number; p95: number }> = {};
    for (const [name, url] of calls) {
      results[name] = await timed(() => app.inject({ method: 'GET', url, headers: { cookie: signedIn } }));
      // Said as it goes: at 100,000 enquiries a whole table takes minutes, and a slow call should show which it is.
      console.error(`  ${label} ${name}: ${results[name].median.toFixed(2)} ms`);
    }
    return results;
  };
  const demo = await measureAll();
  const started = performance.now();
  await fill(database.db, ENQUIRIES, MESSAGES);
  const fillSeconds = (performance.now() - started) / 1000;
  console.error(`  ${label}: filled in ${fillSeconds.toFixed(1)} s`);
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
