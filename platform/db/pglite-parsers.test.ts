// The PGlite client drizzle is given (pglite-parsers.ts): every value parsed as drizzle's own parsers parse it, in and
// out of a transaction, without handing PGlite the parsers on each query.
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';

import { parsersOnce } from './pglite-parsers.ts';

// One of each type drizzle's driver leaves as text, and some it leaves to PGlite.
const EVERY_KIND = sql`select
  timestamp '2026-12-06 10:15:00' as ts,
  timestamptz '2026-12-06 10:15:00+05:30' as tstz,
  interval '1 day 2 hours' as span,
  date '2026-12-06' as day,
  array[1.50, 2.25]::numeric[] as amounts,
  array[timestamp '2026-12-06 10:15:00']::timestamp[] as tss,
  array[timestamptz '2026-12-06 10:15:00+05:30']::timestamptz[] as tstzs,
  array[interval '3 days']::interval[] as spans,
  array[date '2026-12-06']::date[] as days,
  12.50::numeric as price, 7 as n, 'പാള' as word, true as yes, '{"a": [1, 2]}'::jsonb as doc, array[3, 4] as ids,
  null::timestamptz as never`;

describe('the PGlite client drizzle is given', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
  });
  afterAll(() => client.close());

  test('answers every kind of value as drizzle with its own parsers does, in a transaction too, and copies nothing', async () => {
    const expected = (await drizzle({ client }).execute(EVERY_KIND)).rows;
    expect(expected[0]).toMatchObject({ ts: '2026-12-06 10:15:00', day: '2026-12-06', amounts: '{1.50,2.25}', n: 7 });

    const lean = parsersOnce(client);
    const query = vi.spyOn(client, 'query');
    const db = drizzle({ client: lean });
    expect((await db.execute(EVERY_KIND)).rows).toEqual(expected);
    expect(await db.transaction(async (tx) => (await tx.execute(EVERY_KIND)).rows)).toEqual(expected);
    // Outside a transaction the query reaches PGlite without parsers of its own (the copy is what it costs).
    expect(query).toHaveBeenCalledTimes(1);
    expect((query.mock.calls[0]?.[2] as QueryOptions | undefined)?.parsers).toBeUndefined();
    query.mockRestore();
  });

  test('leaves the rest of the client as it was: its own methods and state', async () => {
    const lean = parsersOnce(client);
    expect(lean.closed).toBe(false);
    expect(await lean.exec('select 1 as one')).toEqual([expect.objectContaining({ rows: [{ one: 1 }] })]);
    expect(lean.parsers).toBe(client.parsers);
  });
});
