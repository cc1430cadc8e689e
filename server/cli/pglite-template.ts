// Run by `npm run build`: writes the embedded database's template, a new database with the migrations applied
// (server/db/pglite-memory.ts). Made from nothing, not from an earlier build's template.
import fs from 'node:fs';
import path from 'node:path';

import { openDatabase } from '../db/client.ts';
import { pgliteTemplateDir } from '../db/pglite-memory.ts';

const template = pgliteTemplateDir();
const dist = path.dirname(template);
fs.mkdirSync(dist, { recursive: true });
for (const old of fs.readdirSync(dist)) if (old.startsWith('pgdata-')) fs.rmSync(path.join(dist, old), { recursive: true });
const work = fs.mkdtempSync(path.join(dist, 'pgdata-build-'));
try {
  const database = await openDatabase({ kind: 'pglite', dataDir: work });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  fs.renameSync(path.join(work, 'pgdata'), template);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
