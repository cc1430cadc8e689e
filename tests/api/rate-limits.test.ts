// Several processes on one PostgreSQL share each rate limit: two apps, each with its own
// services, on one database, with one visitor's requests sent alternately to each.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedDemoCatalogue } from '#domains/catalogue/seed.server.ts';
import type { Database } from '#platform/db/client.ts';
import { buildApp } from '#server/app.ts';
import { createServices, type Services } from '#server/services.ts';
import { csrfFor } from '#tests/support/csrf.ts';
import { createTestDatabase, testConfig } from '#tests/support/databases.ts';
import { browserLine, call, catalogueIds, enquiryPayload } from '#tests/support/enquiry.ts';

const postgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

postgres('rate limits shared by two processes on one PostgreSQL', () => {
  let database: Database;
  const apps: FastifyInstance[] = [];
  const services: Services[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-data-'));

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await seedDemoCatalogue(database.db);
    const config = testConfig(dataDir, {
      rateLimits: { orders: { max: 3, timeWindow: 15 * 60_000 }, cart: { max: 4, timeWindow: 60_000 } },
    });
    for (let i = 0; i < 2; i++) {
      const own = createServices(database.db, config);
      await own.mail.stop();
      services.push(own);
      const app = await buildApp({ config, database, services: own });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const own of services) await own.mail.stop();
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a visitor gets 3 enquiries in all, not 3 from each process', async () => {
    const ids = await catalogueIds(database.db);
    const payload = enquiryPayload([browserLine(ids, 'Bagasse Cup 200 ml', null, 1)]);
    const { headers } = await csrfFor(apps[0]!);
    const ip = '203.0.113.70';
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) {
      const response = await call(apps[n % 2]!, 'POST', '/api/orders', { payload, headers, remoteAddress: ip });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
  });

  it('one cart allowance across routes and processes', async () => {
    const ids = await catalogueIds(database.db);
    const { headers } = await csrfFor(apps[1]!);
    const ip = '203.0.113.71';
    const add = (app: FastifyInstance) =>
      call(app, 'POST', '/api/cart', {
        payload: { productId: ids.product('Bagasse Cup 200 ml'), quantity: 1 },
        headers,
        remoteAddress: ip,
      });
    const clear = (app: FastifyInstance) => call(app, 'DELETE', '/api/cart', { headers, remoteAddress: ip });
    const statuses = [
      (await add(apps[0]!)).status,
      (await clear(apps[1]!)).status,
      (await add(apps[1]!)).status,
      (await clear(apps[0]!)).status,
      (await add(apps[0]!)).status,
      (await clear(apps[1]!)).status,
    ];
    expect(statuses).toEqual([201, 200, 201, 200, 429, 429]);
  });
});
