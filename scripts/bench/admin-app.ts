// The in-process benches' start: the app on a given database, with an administrator signed in.
import type { FastifyInstance } from 'fastify';

import { loadConfig } from '#platform/config.ts';
import type { Database } from '#platform/db/client.ts';
import { buildApp } from '#server/app.ts';
import { createServices, type Services } from '#server/services.ts';

const ADMIN = { username: 'bench_admin', password: 'Bench-Areca#Plates42' };

interface AdminBench {
  app: FastifyInstance;
  services: Services;
  /** The signed-in administrator's Cookie header and X-CSRF-Token. */
  headers: { cookie: string; 'x-csrf-token': string };
  close(): Promise<void>;
}

const sessionCookie = (answer: { cookies: Array<{ name: string; value: string }> }) =>
  `shop_session=${answer.cookies.find((c) => c.name === 'shop_session')?.value}`;

/** The API app (no pages) on a migrated `database`, files under `dataDir`, and its administrator signed in. */
export async function adminBench(database: Database, dataDir: string): Promise<AdminBench> {
  const config = { ...loadConfig({}), dataDir, appSecret: 'bench-admin-secret-bench-admin-secret-0123' };
  const services = createServices(database.db, config);
  await services.users.create({ ...ADMIN, email: 'bench@example.in', firstName: 'Bench', lastName: 'Admin', role: 'admin' });
  const app = await buildApp({ config, database, services });
  await app.ready();
  const csrfToken = async (cookie?: string) => {
    const answer = await app.inject({ method: 'GET', url: '/api/auth/csrf-token', headers: cookie ? { cookie } : {} });
    return { cookie: cookie ?? sessionCookie(answer), token: (answer.json() as { csrfToken: string }).csrfToken };
  };
  const visitor = await csrfToken();
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { cookie: visitor.cookie, 'x-csrf-token': visitor.token },
    payload: ADMIN,
  });
  // Signing in gives a new session, and with it a new token.
  const admin = await csrfToken(sessionCookie(login));
  return {
    app,
    services,
    headers: { cookie: admin.cookie, 'x-csrf-token': admin.token },
    async close() {
      await app.close();
      await services.mail.stop();
    },
  };
}
