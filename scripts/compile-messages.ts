// `npm run messages`: compiles the Malayalam catalogue for the runtime.
import { readFileSync, writeFileSync } from 'node:fs';

import { catalogueModule, compiledCatalogue } from '#lib/i18n/compile.ts';

const folder = new URL('../lib/i18n/messages/', import.meta.url);
const malayalam = JSON.parse(readFileSync(new URL('ml.json', folder), 'utf8')) as Record<string, string>;
writeFileSync(new URL('ml.ts', folder), catalogueModule(compiledCatalogue(malayalam)));
