// Backups: `npm run backup` then `npm run restore` into an empty DATA_DIR or database brings
// back every row of every table and the uploaded files, on both databases; restore refuses a database in use.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';

import { seedDemoCatalogue } from '#domains/catalogue/seed.server.ts';
import { contactMessages } from '#domains/message/tables.ts';
import { type Database, openDatabase } from '#platform/db/client.ts';
import { killChildren, runToEnd } from '#tests/support/child-processes.ts';
import { createPostgresTestUrl, databaseKinds } from '#tests/support/databases.ts';

/** Every table's rows, in a stable order, as JSON text. */
async function everyRow(database: Database): Promise<Record<string, string>> {
  const tables = (
    (await database.db.execute(
      sql`select schemaname || '.' || tablename as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
    )) as unknown as { rows: { name: string }[] }
  ).rows;
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [schema, table] = name.split('.') as [string, string];
    const result = (await database.db.execute(
      sql`select * from ${sql.identifier(schema)}.${sql.identifier(table)} order by 1`,
    )) as unknown as { rows: unknown[] };
    out[name] = JSON.stringify(result.rows);
  }
  return out;
}

const cli = (command: 'backup' | 'restore', args: string[], env: Record<string, string>) =>
  runToEnd(process.execPath, ['scripts/cli.mjs', command, ...args], { ...process.env, ...env });

afterEach(() => killChildren());

describe.each(databaseKinds())('npm run backup and restore on %s', (kind) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });
  const tempDir = (label: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-${label}-`));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  };

  it('brings back every table and the uploads into an empty target, and refuses a target in use', async () => {
    const sourceDir = tempDir('source');
    const targetDir = tempDir('target');
    const folder = path.join(tempDir('backups'), 'one');
    const source: Record<string, string> = { DATA_DIR: sourceDir };
    const target: Record<string, string> = { DATA_DIR: targetDir };
    if (kind === 'postgres') {
      const [a, b] = await Promise.all([createPostgresTestUrl(), createPostgresTestUrl({ bare: true })]);
      cleanups.push(a.drop, b.drop);
      source.DATABASE_URL = a.url;
      target.DATABASE_URL = b.url;
    }
    const open = (env: Record<string, string>) =>
      env.DATABASE_URL
        ? openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
        : openDatabase({ kind: 'pglite', dataDir: env.DATA_DIR! });

    // Some data: the catalogue, a message with text that must survive byte for byte, and an uploaded file.
    let database = await open(source);
    await database.migrate();
    await seedDemoCatalogue(database.db);
    await database.db.insert(contactMessages).values({
      name: 'Ānanya “Quote” Nair',
      email: 'ananya@example.in',
      phone: '9847000000',
      inquiryType: 'general',
      message: 'Line one\nLine two\ttabbed — ₹450',
    });
    const before = await everyRow(database);
    await database.close();
    fs.mkdirSync(path.join(sourceDir, 'uploads', 'products'), { recursive: true });
    fs.writeFileSync(path.join(sourceDir, 'uploads', 'products', 'plate.webp'), Buffer.from([1, 2, 3, 250]));

    const backedUp = await cli('backup', [folder], source);
    expect(backedUp.code, backedUp.stderr).toBe(0);
    expect(backedUp.stdout).toMatch(new RegExp(`^Backed up ${kind} \\(\\d+ tables\\) to ${folder}`));
    expect(JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8'))).toMatchObject({ kind });

    const restored = await cli('restore', [folder], target);
    expect(restored.code, restored.stderr).toBe(0);
    database = await open(target);
    try {
      const after = await everyRow(database);
      expect(Object.keys(after).length).toBeGreaterThan(10);
      expect(after).toEqual(before);
    } finally {
      await database.close();
    }
    expect([...fs.readFileSync(path.join(targetDir, 'uploads', 'products', 'plate.webp'))]).toEqual([1, 2, 3, 250]);

    // A second restore finds the target in use and changes nothing.
    const again = await cli('restore', [folder], target);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/is not empty/);
  }, 120_000);

  if (kind === 'pglite') {
    it('refuses to back up the embedded database while another process has it open', async () => {
      const dataDir = tempDir('held');
      const database = await openDatabase({ kind: 'pglite', dataDir });
      try {
        const result = await cli('backup', [path.join(tempDir('backups'), 'two')], { DATA_DIR: dataDir });
        expect(result.code).toBe(1);
        expect(result.stderr).toMatch(/in use by another process/);
      } finally {
        await database.close();
      }
    }, 60_000);
  }
});
