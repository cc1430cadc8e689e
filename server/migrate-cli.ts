// `npm run db:migrate`: applies the migrations and seeds the demo catalogue into an empty database,
// without starting the server (it takes the DATA_DIR lock like every process that opens the database).
import { seedDemoCatalogue } from '#domains/catalogue/seed.server.ts';
import { loadConfig } from '#platform/config.ts';
import { withMigratedDatabase } from '#platform/db/open.ts';

try {
  const config = loadConfig();
  const { kind, seeded } = await withMigratedDatabase(config, async (database) => ({
    kind: database.kind,
    seeded: config.seedDemo ? await seedDemoCatalogue(database.db) : 0,
  }));
  console.log(`Database migrated (${kind})${seeded ? `; seeded ${seeded} demo products` : ''}.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
