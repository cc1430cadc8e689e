// Bundles the server into dist/main.js, the operator commands into dist/admin.js, migrate.js and backup.js (so that they
// run without tsx in a production install), pre-compresses the browser assets for @fastify/static, and writes the
// embedded database's template.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'server/main.ts',
    admin: 'server/cli/admin.ts',
    migrate: 'server/migrate-cli.ts',
    backup: 'server/cli/backup.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|html|webmanifest)$/;
for (const entry of fs.readdirSync('build/client', { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const data = fs.readFileSync(file);
  if (data.length < 1024) continue;
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
}
// A new embedded database is a copy of this, not initdb and the migrations run in the server (platform/db/pglite-memory.ts).
const template = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/pglite-template.ts'], { stdio: 'inherit' });
if (template.status !== 0) process.exit(template.status ?? 1);
// The lock file by content: `npm prune` rewrites it unchanged, which must not make the build look stale.
const lock = createHash('sha256').update(fs.readFileSync('package-lock.json')).digest('hex');
fs.writeFileSync('dist/.build-stamp', JSON.stringify({ builtAt: new Date().toISOString(), lock }));
