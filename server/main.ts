import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';

import { loadAppSecret } from '#domains/account/app-secret.server.ts';
import { ensureFirstAdmin } from '#domains/account/first-admin.server.ts';
import { seedDemoCatalogue } from '#domains/catalogue/seed.server.ts';
import { loadConfig, PROJECT_ROOT, publicUrlWarning } from '#platform/config.ts';
import { openConfiguredDatabase } from '#platform/db/open.ts';
import { loggerOptions } from '#platform/logging.ts';

import { type AppOptions, buildApp } from './app.ts';
import { createServices, type Services } from './services.ts';

const dev = process.argv.includes('--dev');
const SESSION_PURGE_INTERVAL_MS = 6 * 60 * 60 * 1000;
/** Orphaned image files are swept once a day old (platform/images/library.ts), so once a day finds them all. */
const IMAGE_SWEEP_INTERVAL_MS = 24 * 60 * 60 * 1000;
async function start(): Promise<void> {
  const config = loadConfig();
  const warning = publicUrlWarning(config);
  if (warning) console.warn(warning);
  config.appSecret = await loadAppSecret(config);
  const logger = loggerOptions(config.logLevel);
  const database = await openConfiguredDatabase(config);
  let app: FastifyInstance | null = null;
  let services: Services | null = null;
  let closeVite: (() => Promise<void>) | null = null;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app?.log.info({ signal }, 'shutting down');
    try {
      await app?.close();
      await services?.mail.stop();
      await closeVite?.();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  try {
    await database.migrate();
    if (config.seedDemo) await seedDemoCatalogue(database.db);

    services = createServices(database.db, config, {
      log: { warn: (obj, msg) => app?.log.warn(obj, msg), info: (obj, msg) => app?.log.info(obj, msg) },
    });
    await ensureFirstAdmin(services.users, config.firstAdmin, (text) => console.log(text));
    await services.settings.ensureSeeded();
    let pages: AppOptions['pages'];
    if (dev) {
      const vite = await import('vite').then(({ createServer }) =>
        createServer({ server: { middlewareMode: true }, appType: 'custom' }),
      );
      closeVite = () => vite.close();
      pages = {
        mode: 'development',
        build: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
      };
      app = await buildApp({ config, database, services, logger, pages });
      const middie = await import('@fastify/middie');
      await app.register(middie.default);
      app.use(vite.middlewares);
    } else {
      const serverBuild = path.join(PROJECT_ROOT, 'build/server/index.js');
      if (!fs.existsSync(serverBuild)) throw new Error('No production build: run `npm run build` (npm start does it for you).');
      const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
      pages = { mode: 'production', build, clientDir: path.join(PROJECT_ROOT, 'build/client') };
      app = await buildApp({ config, database, services, logger, pages });
    }
    await app.listen({ host: config.host, port: config.port });
    if (await services.settings.isDemo()) {
      app.log.warn(
        'The shop still has the demo details: set its legal name, GSTIN and address in the panel (Settings); until then every document says "Specimen, not a tax invoice"',
      );
    }
    services.mail.start();
    services.reminderSchedule.start();
    const purge = () =>
      void Promise.all([
        services?.sessions.purgeStale(),
        services?.loginThrottle.purgeForgotten(),
        services?.securityLog.purgeOld(),
      ]).catch((error: unknown) =>
        app?.log.warn({ err: error }, 'purge of stale sessions, sign-in failures and security log entries failed'),
      );
    purge();
    setInterval(purge, SESSION_PURGE_INTERVAL_MS).unref();
    const sweepImages = () =>
      void services?.images.sweep().then(
        (swept) => swept.images > 0 && app?.log.info(swept, 'swept the files of images no product shows'),
        (error: unknown) => app?.log.warn({ err: error }, 'sweep of orphaned image files failed'),
      );
    sweepImages();
    setInterval(sweepImages, IMAGE_SWEEP_INTERVAL_MS).unref();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await app?.close().catch(() => {});
    await database.close();
    process.exit(1);
  }
}

start().catch((error: unknown) => {
  // A bad setting, or the database could not be opened (e.g. the data directory is locked by another process).
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
