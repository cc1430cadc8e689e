// `npm start`: builds when the build is missing or older than the sources, then serves in production mode.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// package-lock.json is compared by content (build-server.mjs records its hash): `npm prune` rewrites it unchanged.
const SOURCES = ['app', 'domains', 'lib', 'platform', 'server', 'package.json', 'vite.config.ts', 'react-router.config.ts'];
const STAMP = 'dist/.build-stamp';

function newestChange(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function builtLock() {
  try {
    return JSON.parse(fs.readFileSync(STAMP, 'utf8')).lock;
  } catch {
    return null;
  }
}

const built = fs.existsSync(STAMP) && fs.existsSync('build/server/index.js') ? fs.statSync(STAMP).mtimeMs : 0;
const lock = createHash('sha256').update(fs.readFileSync('package-lock.json')).digest('hex');
if (built < Math.max(...SOURCES.map(newestChange)) || builtLock() !== lock) {
  if (!fs.existsSync('node_modules/.bin/react-router')) {
    // A production install (npm prune --omit=dev) cannot build: the build tools are development dependencies.
    console.error(
      built
        ? 'The sources changed since the last build, and building needs the development dependencies: npm ci && npm run build.'
        : 'No build: run `npm ci && npm run build` before removing the development dependencies.',
    );
    process.exit(1);
  }
  console.log(built ? 'Sources changed since the last build: building…' : 'No build yet: building…');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV = 'production';
// The build's output, not a source file: no alias names it (docs/decisions/049-one-home-per-rule-and-one-folder-per-concept.md).
// eslint-disable-next-line no-restricted-syntax
await import('../dist/main.js');
