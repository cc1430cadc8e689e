// Run by `npm run build`: writes the embedded database's template, a new database with the migrations applied
// (platform/db/pglite-memory.ts). Made from nothing in memory, not from an earlier build's template, and put in place
// only when whole.
import fs from 'node:fs';
import path from 'node:path';

import { dumpPgliteMemory, openDatabase } from '#platform/db/client.ts';
import { pgliteTemplateDir } from '#platform/db/pglite-memory.ts';

const template = pgliteTemplateDir();
const dist = path.dirname(template);
fs.mkdirSync(dist, { recursive: true });
const work = fs.mkdtempSync(path.join(dist, 'pgdata-build-'));
try {
  const memory = await openDatabase({ kind: 'pglite-memory' });
  let dump: Blob;
  try {
    await memory.migrate();
    dump = await dumpPgliteMemory(memory);
  } finally {
    await memory.close();
  }
  // Written to disk by PGlite itself, as a restore is (server/cli/backup.ts).
  await (await openDatabase({ kind: 'pglite', dataDir: work, loadDataDir: dump })).close();
  fs.rmSync(template, { recursive: true, force: true });
  fs.renameSync(path.join(work, 'pgdata'), template);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
// Templates of other PGlite versions are never used again.
for (const old of fs.readdirSync(dist)) {
  const file = path.join(dist, old);
  if (old.startsWith('pgdata-') && file !== template) fs.rmSync(file, { recursive: true, force: true });
}
