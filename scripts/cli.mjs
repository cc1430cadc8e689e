// `npm run admin` and `npm run db:migrate`: the TypeScript sources through tsx when the development dependencies
// are installed, else the bundles `npm run build` made (a production install, pruned of tsx: see the README).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';

const SOURCES = { admin: 'server/cli/admin.ts', migrate: 'server/db/migrate-cli.ts' };
const [name, ...args] = process.argv.slice(2);
if (!(name in SOURCES)) {
  console.error(`Unknown command ${JSON.stringify(name)}: one of ${Object.keys(SOURCES).join(', ')}`);
  process.exit(2);
}

function resolvable(specifier) {
  try {
    createRequire(import.meta.url).resolve(specifier);
    return true;
  } catch {
    return false;
  }
}

const bundle = `dist/${name}.js`;
let argv;
if (resolvable('tsx')) argv = ['--import', 'tsx', SOURCES[name], ...args];
else if (fs.existsSync(bundle)) argv = [bundle, ...args];
else {
  console.error(`No ${bundle}: run \`npm run build\` before removing the development dependencies.`);
  process.exit(1);
}
const result = spawnSync(process.execPath, argv, { stdio: 'inherit' });
process.exit(result.status ?? 1);
