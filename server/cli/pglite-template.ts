// Run by `npm run build`: writes the embedded database's template data directory (server/db/pglite-memory.ts).
import { pgliteTemplatePath, writePgliteTemplate } from '../db/pglite-memory.ts';

await writePgliteTemplate(pgliteTemplatePath());
