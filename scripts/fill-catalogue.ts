// Bench scale mode (`npm run bench -- --scale`): the demo catalogue and N more products in the database the
// environment names (DATA_DIR or DATABASE_URL), before the server starts on it.
//   node --import tsx scripts/fill-catalogue.ts <N>
import { seedDemoCatalogue } from '#domains/catalogue/seed.server.ts';
import { loadConfig } from '#platform/config.ts';
import { withMigratedDatabase } from '#platform/db/open.ts';
import { addScaleProducts } from '#platform/db/seed/scale.ts';

const count = Number(process.argv[2]);
if (!Number.isInteger(count) || count < 1) throw new Error('Usage: fill-catalogue.ts <number of products to add>');
await withMigratedDatabase(loadConfig(process.env), async ({ db }) => {
  await seedDemoCatalogue(db);
  await addScaleProducts(db, count);
});
