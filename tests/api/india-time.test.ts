// The day in India is worked out in one TypeScript function (lib/india-time.ts istDate) and, for the per-day enquiry
// counts, in one SQL function (ist_day, migration 0017): both give the same day for the same moments, worked by hand.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { istDate } from '#lib/india-time.ts';
import type { Database } from '#platform/db/client.ts';
import { createTestDatabase, databaseKinds } from '#tests/support/databases.ts';

const MOMENTS: [moment: string, day: string][] = [
  ['2026-11-22T18:29:59.999Z', '2026-11-22'], // 23:59:59.999 IST
  ['2026-11-22T18:30:00.000Z', '2026-11-23'], // midnight IST
  ['2026-12-31T18:30:00.000Z', '2027-01-01'], // the year turns in India five and a half hours before London
  ['2027-03-31T18:29:00.000Z', '2027-03-31'], // the financial year's last minute
  ['2026-06-15T06:00:00.000Z', '2026-06-15'],
];

describe.each(databaseKinds())('the day in India on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  it.each(MOMENTS)('%s falls on %s in India, in TypeScript and in the database', async (moment, day) => {
    expect(istDate(new Date(moment))).toBe(day);
    const result = (await database.db.execute(sql`select ist_day(${moment}::timestamptz)::text as day`)) as unknown as {
      rows: Array<{ day: string }>;
    };
    expect(result.rows[0]!.day).toBe(day);
  });
});
