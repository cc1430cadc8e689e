// `npm start`: builds when the build is missing or older than the sources, then serves in production mode.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const SOURCES = ['app', 'server', 'core', 'package.json', 'package-lock.json', 'vite.config.ts', 'react-router.config.ts'];
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

const built = fs.existsSync(STAMP) && fs.existsSync('build/server/index.js') ? fs.statSync(STAMP).mtimeMs : 0;
if (built < Math.max(...SOURCES.map(newestChange))) {
  console.log(built ? 'Sources changed since the last build: building…' : 'No build yet: building…');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV = 'production';
await import('../dist/main.js');
