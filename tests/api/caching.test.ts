// Caching right and a configured public address: fingerprinted assets are immutable for
// ASSET_MAX_AGE, and the sitemap's URLs come from PUBLIC_URL, never from the request's Host header.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadConfig } from '#platform/config.ts';
import { buildApp } from '#server/app.ts';
import { createTestApp, databaseKinds, type TestApp } from '#tests/support/databases.ts';
import { catalogueIds } from '#tests/support/enquiry.ts';

describe('PUBLIC_URL', () => {
  it.each([
    ['https://shop.example.in', 'https://shop.example.in'],
    ['https://shop.example.in/', 'https://shop.example.in'],
    ['http://localhost:3000', 'http://localhost:3000'],
    ['https://example.in/shop/', 'https://example.in/shop'],
  ])('%j is %j', (raw, expected) => {
    expect(loadConfig({ PUBLIC_URL: raw }).publicUrl).toBe(expected);
  });
  it('is unset by default', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
  });
  it.each(['shop.example.in', 'ftp://shop.example.in', 'https://shop.example.in/?a=1', 'https://user@shop.example.in'])(
    'refuses %j',
    (raw) => {
      expect(() => loadConfig({ PUBLIC_URL: raw })).toThrow(/^PUBLIC_URL must be an http or https address/);
    },
  );
});

describe.each(databaseKinds())('caching and the public address on %s', (kind) => {
  let ctx: TestApp;
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-client-'));
  const apps: FastifyInstance[] = [];

  /** The app with built assets in clientDir (pages are never rendered here). */
  async function withAssets(assetMaxAge: number): Promise<FastifyInstance> {
    const app = await buildApp({
      config: { ...ctx.config, assetMaxAge },
      database: ctx.database,
      services: ctx.services,
      pages: {
        mode: 'production',
        clientDir,
        build: async () => {
          throw new Error('no page in this test');
        },
      },
    });
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'assets', 'entry.client-Ab12Cd34.js'), 'console.log(1);\n');
    fs.writeFileSync(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
    fs.writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
    ctx = await createTestApp(kind, { seed: true, config: { publicUrl: 'https://shop.example.in' } });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await ctx?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it.each([31_536_000, 600])('serves /assets/* as public, max-age=ASSET_MAX_AGE (%i), immutable', async (maxAge) => {
    const app = await withAssets(maxAge);
    const response = await app.inject('/assets/entry.client-Ab12Cd34.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(`public, max-age=${maxAge}, immutable`);
  });

  it('checks the service worker on every visit and lets other files be cached for an hour', async () => {
    const app = await withAssets(31_536_000);
    expect((await app.inject('/sw.js')).headers['cache-control']).toBe('no-cache');
    expect((await app.inject('/favicon.svg')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('builds the sitemap from PUBLIC_URL, whatever the Host header says', async () => {
    const response = await ctx.app.inject({
      url: '/sitemap.xml',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(response.statusCode).toBe(200);
    const locs = [...response.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
    expect(locs.length).toBeGreaterThan(10);
    expect(locs).toContain('https://shop.example.in/');
    expect(locs).toContain('https://shop.example.in/products?category=meals+tray');
    for (const loc of locs) expect(loc.startsWith('https://shop.example.in/'), loc).toBe(true);
    expect(response.body).not.toContain('evil.example');
  });

  it('gives every product, category and article its last-modified day', async () => {
    const response = await ctx.app.inject({ url: '/sitemap.xml' });
    const entries = [
      ...response.body.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?((?:<xhtml:link [^>]*\/>)*)<\/url>/g),
    ];
    expect(entries.length).toBe(response.body.match(/<url>/g)!.length);
    const dated = entries.filter(([, loc]) => /\/products\/\d+$|\/products\?category=|\/blog\/./.test(loc!));
    expect(dated.length).toBeGreaterThan(2 * ctx.seeded);
    // Every page is there in both languages, each naming the two and English as the default.
    const links = (entry: string) => [...entry.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);
    const about = entries.filter(([, loc]) => /\/(ml\/)?about$/.test(loc!));
    expect(about.map(([, loc]) => loc)).toEqual(['https://shop.example.in/about', 'https://shop.example.in/ml/about']);
    for (const [, , , alternates] of about) {
      expect(links(alternates!)).toEqual([
        'en-IN https://shop.example.in/about',
        'ml-IN https://shop.example.in/ml/about',
        'x-default https://shop.example.in/about',
      ]);
    }
    for (const [, loc, lastmod] of dated) expect(lastmod, loc).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The seed wrote the products just now: their day is today's (or yesterday's, just after midnight).
    const round = (await catalogueIds(ctx.database.db)).product('Areca Leaf Round Plate');
    const seededDay = Date.parse(entries.find(([, loc]) => loc!.endsWith(`/products/${round}`))?.[2] ?? '');
    expect(Date.now() - seededDay).toBeLessThan(2 * 24 * 60 * 60 * 1000);
  });

  it('has no sitemap without PUBLIC_URL (no absolute URL to give)', async () => {
    const bare = await createTestApp(kind, { seed: false });
    try {
      const response = await bare.app.inject({ url: '/sitemap.xml', headers: { host: 'evil.example' } });
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe('No sitemap: the shop has no PUBLIC_URL set.\n');
    } finally {
      await bare.close();
    }
  });
});
