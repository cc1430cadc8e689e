// Everything reads the shop's settings (issue 32), on both databases: the next anonymous page after a change shows it
// (the page cache is cleared, in every process on PostgreSQL through the settings' NOTIFY), the contact page's
// structured data carries the new name, address and hours with the holidays, the new-enquiry e-mail goes to the
// settings' e-mail, and the customer's e-mail (.eml as written) is signed with the new details and promises the call
// past the holiday. Pages are rendered by the real SSR plugin from the app's own root, public layout and contact route.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import * as root from '#app/root.tsx';
import * as contact from '#app/routes/contact.tsx';
import * as publicLayout from '#app/routes/public.tsx';
import { seedDemoCatalogue } from '#domains/catalogue/seed.server.ts';
import type { HoursSettings } from '#domains/settings/schema.ts';
import { type Database, openDatabase } from '#platform/db/client.ts';
import { buildApp } from '#server/app.ts';
import { createServices, type Services } from '#server/services.ts';
import { adminUserAndVisitor, type Client } from '#tests/support/accounts.ts';
import { csrfFor } from '#tests/support/csrf.ts';
import { createPostgresTestUrl, createTestDatabase, databaseKinds, testConfig } from '#tests/support/databases.ts';
import { parseEml } from '#tests/support/eml.ts';
import { browserLine, call, catalogueIds, enquiryPayload } from '#tests/support/enquiry.ts';
import { testServerBuild } from '#tests/support/server-build.ts';
import { SAVED } from '#tests/support/settings.ts';

/** The app's root (its loader gives every page the shop), the public layout (header and footer) and /contact. */
const build = testServerBuild([
  { id: 'root', path: '', module: root, flags: { hasLoader: true, hasErrorBoundary: true } },
  { id: 'routes/public', parentId: 'root', module: publicLayout, flags: { hasErrorBoundary: true } },
  { id: 'routes/contact', parentId: 'routes/public', path: 'contact', module: contact },
]);

/** Tuesday 24 August 2027, 10:30 in India: the day before Thiruvonam. */
const NOW = new Date('2027-08-24T10:30:00+05:30');

const BUSINESS = SAVED.business;
/** Monday to Friday 9 to 17, Saturday 9 to 13, Sunday closed; Thiruvonam (Wednesday 25 August 2027) a holiday. */
const HOURS: HoursSettings = {
  week: [null, ...Array.from({ length: 5 }, () => ({ opens: 9, closes: 17 })), { opens: 9, closes: 13 }],
  holidays: [{ date: '2027-08-25', name: 'Thiruvonam' }],
};

interface Process {
  app: FastifyInstance;
  services: Services;
  dataDir: string;
  close(): Promise<void>;
}

/** One server process: its own services, page cache and database connection. */
async function startProcess(database: Database): Promise<Process> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-data-'));
  const config = testConfig(dataDir, { rateLimits: { orders: { max: 100, timeWindow: 900_000 } } });
  const services = createServices(database.db, config, { now: () => NOW });
  const app = await buildApp({ config, database, services, pages: { build, mode: 'production' } });
  await app.ready();
  await services.mail.stop();
  return {
    app,
    services,
    dataDir,
    async close() {
      await app.close();
      await services.mail.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const page = async (app: FastifyInstance, url = '/contact') => {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return { html: response.body, cache: response.headers['x-page-cache'] };
};

/** The page's schema.org Store, as search engines read it. */
function storeOf(html: string): Record<string, unknown> {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
  );
  const store = blocks.find((block) => block['@type'] === 'Store');
  if (!store) throw new Error('no Store in the page');
  return store;
}

describe.each(databaseKinds())('everything reads the settings on %s', (kind) => {
  const databases: Database[] = [];
  let drop: (() => Promise<void>) | undefined;
  let one: Process;
  /** A second process on the same PostgreSQL (the embedded database has one process only). */
  let two: Process | null = null;
  let admin: Client;

  beforeAll(async () => {
    if (kind === 'postgres') {
      const created = await createPostgresTestUrl();
      drop = created.drop;
      databases.push(await openDatabase({ kind: 'postgres', url: created.url, poolSize: 5 }));
      databases.push(await openDatabase({ kind: 'postgres', url: created.url, poolSize: 5 }));
    } else databases.push(await createTestDatabase('pglite'));
    const [first, second] = databases as [Database, Database | undefined];
    await seedDemoCatalogue(first.db);
    one = await startProcess(first);
    await one.services.settings.ensureSeeded();
    if (second) two = await startProcess(second);
    ({ admin } = await adminUserAndVisitor(one.app, one.services));
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    for (const database of databases) await database.close();
    await drop?.();
  });

  it('a change of name, address and hours shows on the next anonymous page of every process, its Store data included', async () => {
    const processes = [one, ...(two ? [two] : [])];
    for (const { app } of processes) {
      expect((await page(app)).cache).toBe('MISS');
      const cached = await page(app);
      expect(cached.cache).toBe('HIT');
      expect(cached.html).toContain('Green Leaf Eco Tableware');
    }

    expect((await admin.request('PUT', '/api/admin/settings/business', { payload: BUSINESS })).status).toBe(200);
    expect((await admin.request('PUT', '/api/admin/settings/hours', { payload: HOURS })).status).toBe(200);

    for (const { app } of processes) {
      // The other process hears of it through PostgreSQL's NOTIFY: a moment later, not at once.
      const { html } = await vi.waitFor(
        async () => {
          const shown = await page(app);
          expect(shown.html).toContain('Kochi Leafware');
          return shown;
        },
        { timeout: 2_000, interval: 50 },
      );
      expect(html).not.toContain('Green Leaf Eco Tableware');
      expect(html).toContain('<title>Contact us | Kochi Leafware</title>');
      expect(html).toContain('aria-label="Kochi Leafware, home"');
      // The footer and the contact page's hours, in words.
      expect(html).toContain('Monday to Friday 9:00 AM to 5:00 PM, Saturday 9:00 AM to 1:00 PM IST');
      expect(html).toContain('Sunday closed');
      expect(html).toContain('href="https://wa.me/919895054321"');
      expect(html).toContain('href="https://www.instagram.com/kochileafware.example"');
      expect(storeOf(html)).toEqual({
        '@context': 'https://schema.org',
        '@type': 'Store',
        name: 'Kochi Leafware',
        telephone: '+91 98950 12345',
        email: 'orders@kochi-leafware.example',
        priceRange: '₹₹',
        address: {
          '@type': 'PostalAddress',
          streetAddress: BUSINESS.address.street,
          addressLocality: 'Ravipuram',
          addressRegion: 'Kerala',
          postalCode: '682016',
          addressCountry: 'IN',
        },
        openingHours: ['Mo-Fr 09:00-17:00', 'Sa 09:00-13:00'],
        specialOpeningHoursSpecification: [
          {
            '@type': 'OpeningHoursSpecification',
            name: 'Thiruvonam',
            validFrom: '2027-08-25',
            validThrough: '2027-08-25',
            opens: '00:00',
            closes: '00:00',
          },
        ],
        areaServed: 'Kerala',
      });
    }
  });

  it("the new enquiry goes to the settings' e-mail; the customer's, as written, is signed with them and promised past the holiday", async () => {
    const ids = await catalogueIds((databases[0] as Database).db);
    const visitor = await csrfFor(one.app);
    const sent = await call<{ displayId: number }>(one.app, 'POST', '/api/orders', {
      payload: enquiryPayload([browserLine(ids, 'Bagasse Cup 200 ml', null, 2)]),
      headers: visitor.headers,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await one.services.mail.sendDue();
    const outbox = path.join(one.dataDir, 'outbox');
    const mails = fs.readdirSync(outbox).map((file) => parseEml(fs.readFileSync(path.join(outbox, file), 'utf8')));
    const header = (mail: (typeof mails)[number], name: string) =>
      mail.headers.find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}: `))?.slice(name.length + 2);
    const toShop = mails.find((mail) => header(mail, 'Subject')?.startsWith('New enquiry #'));
    expect(toShop && header(toShop, 'To')).toBe('orders@kochi-leafware.example');
    const toCustomer = mails.find((mail) => header(mail, 'Subject')?.startsWith('We received your enquiry'));
    if (!toCustomer) throw new Error('no acknowledgement written');
    expect(header(toCustomer, 'Reply-To')).toBe('orders@kochi-leafware.example');
    // Tuesday 10:30, 24 hours on is Wednesday, Thiruvonam: the first working morning is Thursday, two hours after 9.
    expect(toCustomer.text).toContain(
      `Thank you for your enquiry #${sent.body.displayId} with Kochi Leafware. We will contact you by Thursday 26 August, 11 AM IST (the first working morning after 24 hours)`,
    );
    expect(toCustomer.text).toContain(
      'Questions? Call +91 98950 12345 (Monday to Friday 9:00 AM to 5:00 PM, Saturday 9:00 AM to 1:00 PM IST) or reply to this e-mail.',
    );
    expect(toCustomer.html).toContain('Kochi Leafware, Ravipuram, Kerala');
    expect(toCustomer.html).not.toContain('Green Leaf');
  });
});
