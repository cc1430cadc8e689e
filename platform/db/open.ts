import type { Config } from '#platform/config.ts';

import { type Database, openDatabase } from './client.ts';

/** The app's database as configured: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : openDatabase({ kind: 'pglite', dataDir: config.dataDir });
}

/**
 * For scripts (`npm run db:migrate`, `npm run admin`): opens the configured database as the server does
 * (taking the DATA_DIR lock for the embedded one, so it refuses while the server runs), applies the
 * migrations, runs the work, and always closes (checkpoint, lock released).
 */
export async function withMigratedDatabase<T>(config: Config, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    return await work(database);
  } finally {
    await database.close();
  }
}
