// `npm run db:migrate`: applies the migrations and seeds the demo catalogue into an empty database,
// without starting the server (it takes the DATA_DIR lock like every process that opens the database).
import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from './open.ts';
import { seedDemoCatalogue } from './seed/seed.ts';

const config = loadConfig();
try {
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    const seeded = config.seedDemo ? await seedDemoCatalogue(database.db) : 0;
    console.log(`Database migrated (${database.kind})${seeded ? `; seeded ${seeded} demo products` : ''}.`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
