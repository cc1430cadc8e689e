// `npm run admin`, `db:migrate`, `backup` and `restore`: the TypeScript sources through tsx when the development
// dependencies are installed, else the bundles `npm run build` made (a production install, pruned of tsx: see the
// installation guide, docs/configuration.md).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';

/** Each command: its source, its bundle in dist/, and the arguments it starts with. */
const COMMANDS = {
  admin: ['server/cli/admin.ts', 'admin', []],
  migrate: ['server/migrate-cli.ts', 'migrate', []],
  backup: ['server/cli/backup.ts', 'backup', ['backup']],
  restore: ['server/cli/backup.ts', 'backup', ['restore']],
};
const [name, ...rest] = process.argv.slice(2);
if (!(name in COMMANDS)) {
  console.error(`Unknown command ${JSON.stringify(name)}: one of ${Object.keys(COMMANDS).join(', ')}`);
  process.exit(2);
}
const [source, bundleName, first] = COMMANDS[name];
const args = [...first, ...rest];

function resolvable(specifier) {
  try {
    createRequire(import.meta.url).resolve(specifier);
    return true;
  } catch {
    return false;
  }
}

const bundle = `dist/${bundleName}.js`;
let argv;
if (resolvable('tsx')) argv = ['--import', 'tsx', source, ...args];
else if (fs.existsSync(bundle)) argv = [bundle, ...args];
else {
  console.error(`No ${bundle}: run \`npm run build\` before removing the development dependencies.`);
  process.exit(1);
}
const result = spawnSync(process.execPath, argv, { stdio: 'inherit' });
process.exit(result.status ?? 1);
