// Which enquiries make one customer, as the database keeps it (the customers and customer_keys tables and
// orders.customer_id, kept by triggers on orders), on both databases: the keys worked by hand; enquiries joined by a
// shared e-mail (any case) or phone (however written) and through chains of them, whether written one at a time or in
// one bulk statement; customers split again when the enquiry that linked them is deleted or changed; and, over a few
// hundred enquiries sharing a small pool of addresses and phones, the kept grouping equal to one worked out afresh.
import fs from 'node:fs';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { type Database, MIGRATIONS_DIR, openDatabase } from '#platform/db/client.ts';
import { createTestDatabase, databaseKinds } from '#tests/support/databases.ts';
import { tempDirs } from '#tests/support/temp-dirs.ts';

interface Sent {
  email: string;
  phone: string | null;
  /** Minutes after the first enquiry. */
  at?: number;
}

const START = Date.UTC(2030, 0, 6, 4, 30);

const ANITHA_AND_OTHERS: Sent[] = [
  { email: 'anitha@example.in', phone: '9847000001' },
  { email: 'biju@example.in', phone: null },
  // Anitha again from another address but her phone, written another way.
  { email: 'anitha.menon@work.example', phone: '+91 98470 00001' },
  // Her work address in capitals with a new phone: joined through the third.
  { email: 'ANITHA.MENON@work.example', phone: '9847000099' },
  { email: 'chitra@example.in', phone: '9847000003' },
  // Two customers found to be one by a later enquiry: Biju's e-mail and Chitra's phone.
  { email: 'biju@example.in', phone: '098470 00003' },
  { email: 'dev@example.in', phone: '12' },
];
type SevenIds = [number, number, number, number, number, number, number];
/** Who they are: Anitha's three enquiries; Biju's and Chitra's, joined by the sixth; Dev's alone. */
const anithaAndOthersGrouped = ([a1, b2, a3, a4, c5, b6, d7]: SevenIds) => [[a1, a3, a4], [b2, c5, b6], [d7]];

describe.each(databaseKinds())('customers kept by the database on %s', (kind) => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase(kind);
  });
  afterEach(() => database.close());

  const { rows, send, sendAnithaAndOthers, kept, expectTablesAgree } = customerTables(() => database.db);

  it('reads an e-mail in small letters and a phone as its 10 national digits, and ignores a phone too short to say', async () => {
    const keys = await rows<Record<string, string | null>>(sql`SELECT
      customer_email_key(' Anitha.Menon@Example.IN ') AS email,
      customer_phone_key('+91 98470-12345') AS international,
      customer_phone_key('098470 12345') AS trunk,
      customer_phone_key('91-9847012345') AS country,
      customer_phone_key('(0484) 2345678') AS landline,
      customer_phone_key('9847012345') AS plain,
      customer_phone_key('ext. 4411 2233') AS digits_only,
      customer_phone_key('12') AS short,
      customer_phone_key(NULL) AS none`);
    expect(keys).toEqual([
      {
        email: 'e:anitha.menon@example.in',
        international: 'p:9847012345',
        trunk: 'p:9847012345',
        country: 'p:9847012345',
        landline: 'p:4842345678',
        plain: 'p:9847012345',
        digits_only: 'p:44112233',
        short: null,
        none: null,
      },
    ]);
  });

  for (const bulk of [false, true]) {
    it(`joins enquiries sharing an e-mail or a phone, and chains of them (${bulk ? 'one bulk statement' : 'one at a time'})`, async () => {
      const ids = await sendAnithaAndOthers({ bulk });
      expect(await kept()).toEqual(anithaAndOthersGrouped(ids));
      const [a1] = ids;
      await expectTablesAgree();
      expect(await rows(sql`SELECT key FROM customer_keys WHERE customer_id = ${a1} ORDER BY order_id, key`)).toEqual([
        { key: 'e:anitha@example.in' },
        { key: 'p:9847000001' },
        { key: 'e:anitha.menon@work.example' },
        { key: 'p:9847000099' },
      ]);
    });
  }

  it('splits a customer again when the enquiry that linked them is deleted, and when its e-mail or phone is changed', async () => {
    const [a1, b2, a3, a4, c5, b6, d7] = await sendAnithaAndOthers({ bulk: false });
    await database.db.execute(sql`DELETE FROM orders WHERE id = ${b6}`);
    expect(await kept()).toEqual([[a1, a3, a4], [b2], [c5], [d7]]);
    await expectTablesAgree();

    // The third enquiry was the only link between Anitha's first and her work address: corrected to another person.
    await database.db.execute(sql`UPDATE orders SET customer_email = 'eve@example.in', customer_phone = NULL WHERE id = ${a3}`);
    expect(await kept()).toEqual([[a1], [b2], [a3], [a4], [c5], [d7]]);
    await expectTablesAgree();

    // Chitra's enquiry changed to Dev's e-mail: joined to Dev, under the older id.
    await database.db.execute(sql`UPDATE orders SET customer_email = 'Dev@example.in' WHERE id = ${c5}`);
    expect(await kept()).toEqual([[a1], [b2], [a3], [a4], [c5, d7]]);
    await expectTablesAgree();

    // A status change touches no customer.
    const before = await rows(sql`SELECT * FROM customer_keys ORDER BY key`);
    await database.db.execute(sql`UPDATE orders SET status = 'confirmed', seen = true`);
    expect(await rows(sql`SELECT * FROM customer_keys ORDER BY key`)).toEqual(before);

    await database.db.execute(sql`TRUNCATE orders CASCADE`);
    expect(await rows(sql`SELECT count(*)::int AS n FROM customers`)).toEqual([{ n: 0 }]);
    expect(await rows(sql`SELECT count(*)::int AS n FROM customer_keys`)).toEqual([{ n: 0 }]);
  });

  it('keeps the grouping equal to one worked out afresh, over a few hundred enquiries sharing addresses and phones', async () => {
    // A small pool of addresses and phones, so that chains form; a fixed sequence, so a failure can be replayed.
    let state = 20301106;
    const random = (n: number) => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state % n;
    };
    const phoneForms = (n: number) => [
      `98470${String(n).padStart(5, '0')}`,
      `+91 98470 ${String(n).padStart(5, '0')}`,
      `0 98470-${String(n).padStart(5, '0')}`,
    ];
    const make = (count: number): Sent[] =>
      Array.from({ length: count }, () => ({
        email: `${['anitha', 'biju', 'chitra', 'dev', 'esha'][random(5)]}${random(60)}@${random(2) ? 'example.in' : 'EXAMPLE.in'}`,
        phone: random(4) === 0 ? null : (phoneForms(random(90))[random(3)] as string),
        at: random(100_000),
      }));
    const sent = new Map<number, Sent>();
    const record = async (batch: Sent[], bulk: boolean) => {
      const ids = await send(batch, { bulk });
      ids.forEach((id, index) => sent.set(id, batch[index] as Sent));
    };
    await record(make(150), true);
    for (const one of make(60)) await record([one], false);
    await record(make(90), true);
    expect(await kept()).toEqual(afresh(sent));
    await expectTablesAgree();

    const gone = [...sent.keys()].filter(() => random(8) === 0);
    await database.db.execute(
      sql`DELETE FROM orders WHERE id IN ${sql`(${sql.join(
        gone.map((id) => sql`${id}`),
        sql`, `,
      )})`}`,
    );
    for (const id of gone) sent.delete(id);
    expect(await kept()).toEqual(afresh(sent));
    await expectTablesAgree();
  });

  if (kind === 'postgres') {
    it('joins two enquiries from one new customer sent at the same moment', async () => {
      // Another status and day each, so that the counters of the lists and days (rows locked by the first writer
      // until it commits) do not hold the second back before it reaches the customers.
      const insert = (phone: string, status: string, day: string) => sql`
        INSERT INTO orders (customer_name, customer_email, customer_phone, delivery_location, subtotal, tax, total,
                            is_guest, status, created_at)
        VALUES ('Farah', 'farah@example.in', ${phone}, 'Kochi', 100, 0, 100, true, ${status}, ${day}::timestamptz)
        RETURNING id`;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let written!: () => void;
      const firstWritten = new Promise<void>((resolve) => (written = resolve));
      const first = database.db.transaction(async (tx) => {
        await tx.execute(insert('9847011111', 'confirmed', '2030-01-06T05:00:00Z'));
        written();
        await held;
      });
      await firstWritten;
      // The second waits on the first's uncommitted e-mail key; once it is waiting, the first commits.
      // (A drizzle query runs when awaited: then() starts it now.)
      const second = database.db.execute(insert('9847022222', 'pending', '2030-01-07T05:00:00Z')).then(() => undefined);
      await expect
        .poll(
          async () =>
            (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'`))[0]
              ?.n,
          {
            timeout: 10_000,
          },
        )
        .toBeGreaterThan(0);
      release();
      await Promise.all([first, second]);
      const groups = await kept();
      expect(groups).toHaveLength(1);
      expect(groups[0]).toHaveLength(2);
      await expectTablesAgree();
    });
  }
});

describe('the migration that made the customers', () => {
  const tempDir = tempDirs('customers-migration-');

  it('finds the customers of the enquiries written before it (PGlite; the SQL is the same on PostgreSQL)', async () => {
    // The committed migrations up to the one before it, then the enquiries, then every migration. Those after it go
    // too: the migrator runs only migrations newer than the newest applied, so one left in would skip this one.
    const before = tempDir();
    fs.cpSync(MIGRATIONS_DIR, before, { recursive: true });
    const journalFile = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
    journal.entries = journal.entries.slice(
      0,
      journal.entries.findIndex((entry) => entry.tag === '0018_customers'),
    );
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    const database = await openDatabase({ kind: 'pglite-memory' });
    try {
      await migrate(database.db as unknown as PgliteDatabase, { migrationsFolder: before });
      const { sendAnithaAndOthers, kept, expectTablesAgree } = customerTables(() => database.db);
      const ids = await sendAnithaAndOthers({ bulk: true });
      await database.migrate();
      expect(await kept()).toEqual(anithaAndOthersGrouped(ids));
      await expectTablesAgree();
    } finally {
      await database.close();
    }
  });
});

/** Writing enquiries straight in SQL, and reading back the customers the database kept for them. */
function customerTables(db: () => Database['db']) {
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db().execute(query)) as unknown as { rows: T[] }).rows;

  const valuesOf = (enquiries: Sent[]) =>
    sql.join(
      enquiries.map(
        (sent, index) =>
          sql`(${`Customer ${index}`}, ${sent.email}, ${sent.phone}, 'Kochi', 100, 0, 100, true, ${new Date(
            START + (sent.at ?? index) * 60_000,
          ).toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
  /** Writes the enquiries (in one statement, or one statement each) and returns their ids in order. */
  const send = async (enquiries: Sent[], { bulk }: { bulk: boolean }): Promise<number[]> => {
    const insert = (part: Sent[]) =>
      rows<{ id: number }>(sql`
        INSERT INTO orders (customer_name, customer_email, customer_phone, delivery_location, subtotal, tax, total,
                            is_guest, created_at)
        VALUES ${valuesOf(part)} RETURNING id`);
    if (bulk) return (await insert(enquiries)).map((row) => row.id);
    const ids: number[] = [];
    for (const sent of enquiries) ids.push(...(await insert([sent])).map((row) => row.id));
    return ids;
  };
  /** The customers as lists of their enquiries' ids, each ascending, ordered by their first id. */
  const kept = async () => {
    const found = await rows<{ customer_id: number; ids: number[] }>(sql`
      SELECT customer_id, array_agg(id ORDER BY id) AS ids FROM orders GROUP BY customer_id ORDER BY min(id)`);
    for (const group of found) expect(group.customer_id, 'a customer is named by their first enquiry').toBe(group.ids[0]);
    return found.map((group) => group.ids);
  };
  /** The customers rows and keys agree with the enquiries: one row per customer, its latest date, its keys only. */
  const expectTablesAgree = async () => {
    expect(await rows(sql`SELECT coalesce(sum(rows), 0)::int AS kept FROM list_counts WHERE list = 'customers'`)).toEqual(
      await rows(sql`SELECT count(*)::int AS kept FROM customers`),
    );
    expect(await rows(sql`SELECT id, last_enquiry_at::text FROM customers ORDER BY id`)).toEqual(
      await rows(sql`SELECT customer_id AS id, max(created_at)::text AS last_enquiry_at FROM orders
                     GROUP BY customer_id ORDER BY customer_id`),
    );
    expect(await rows(sql`SELECT key, customer_id, order_id FROM customer_keys ORDER BY key`)).toEqual(
      await rows(sql`
        SELECT key, min(customer_id) AS customer_id, min(id) AS order_id FROM (
          SELECT customer_email_key(customer_email) AS key, customer_id, id FROM orders
          UNION ALL
          SELECT customer_phone_key(customer_phone), customer_id, id FROM orders WHERE customer_phone_key(customer_phone) IS NOT NULL
        ) AS used GROUP BY key ORDER BY key`),
    );
  };
  /** Writes ANITHA_AND_OTHERS and names their ids in order. */
  const sendAnithaAndOthers = async ({ bulk }: { bulk: boolean }) => (await send(ANITHA_AND_OTHERS, { bulk })) as SevenIds;
  return { rows, send, sendAnithaAndOthers, kept, expectTablesAgree };
}

/** The customers worked out from scratch: a union of the enquiries sharing an e-mail or phone key. */
function afresh(sent: Map<number, Sent>): number[][] {
  const parent = new Map<number, number>();
  const find = (id: number): number => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root) as number;
    return root;
  };
  const firstWith = new Map<string, number>();
  const ids = [...sent.keys()].sort((a, b) => a - b);
  for (const id of ids) parent.set(id, id);
  for (const id of ids) {
    const { email, phone } = sent.get(id) as Sent;
    const digits = phone?.replace(/[\s().-]/g, '').replace(/^(?:\+91|91|0)(?=\d{10}$)/, '') ?? '';
    for (const key of [`e:${email.toLowerCase()}`, digits.length >= 8 ? `p:${digits}` : null]) {
      if (!key) continue;
      const first = firstWith.get(key);
      if (first === undefined) firstWith.set(key, id);
      else {
        const [a, b] = [find(first), find(id)];
        if (a !== b) parent.set(Math.max(a, b), Math.min(a, b));
      }
    }
  }
  const groups = new Map<number, number[]>();
  for (const id of ids) groups.set(find(id), [...(groups.get(find(id)) ?? []), id]);
  return [...groups.values()].sort((a, b) => (a[0] as number) - (b[0] as number));
}
