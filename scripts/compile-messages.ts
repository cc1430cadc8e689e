// `npm run messages`: compiles the Malayalam catalogue (and the English messages with placeholders) for the runtime.
import { readFileSync, writeFileSync } from 'node:fs';

import { catalogueModule, compiledCatalogue, englishCatalogue } from '#lib/i18n/compile.ts';

const folder = new URL('../lib/i18n/messages/', import.meta.url);
const malayalam = JSON.parse(readFileSync(new URL('ml.json', folder), 'utf8')) as Record<string, string>;
writeFileSync(new URL('ml.ts', folder), catalogueModule(compiledCatalogue(malayalam)));
writeFileSync(new URL('en.ts', folder), catalogueModule(englishCatalogue(malayalam)));
