// Security headers (accounts/security issue, item 10): the page CSP with a per-answer script nonce, the
// allow-nothing CSP of the API, HSTS only over HTTPS, and helmet's headers on pages and API alike.
// Pages are rendered by the real SSR plugin and app/entry.server.tsx from a small ServerBuild whose root
// route uses the app's own Layout (app/root.tsx) and JSON-LD component.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createElement as h } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { Layout } from '#app/root.tsx';
import { JsonLd } from '#app/ui/JsonLd.tsx';
import type { Database } from '#platform/db/client.ts';
import { DEFAULT_CSP, HSTS, SERVICE_WORKER_CSP } from '#platform/http/security-headers.ts';
import { buildApp } from '#server/app.ts';
import { createServices, type Services } from '#server/services.ts';
import { createTestDatabase, suiteApp, testConfig, type TestConfigOverrides } from '#tests/support/databases.ts';
import { testServerBuild } from '#tests/support/server-build.ts';

const NONCE = /'nonce-([A-Za-z0-9+/]{22}==)'/;

function Page() {
  return h('main', null, h('h1', null, 'Areca plates'), h(JsonLd, { data: { '@type': 'Store', name: 'Green Leaf' } }));
}

/** One route, '/', rendered in the app's Layout, with one stylesheet link, as `react-router build` lays it out. */
const build = testServerBuild(
  [{ id: 'root', path: '', module: { default: Page, Layout, links: () => [{ rel: 'stylesheet', href: '/assets/root.css' }] } }],
  ['/assets/jsx-runtime.js'],
);

interface PagesApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

async function createPagesApp(
  overrides: TestConfigOverrides,
  mode: 'production' | 'development' = 'production',
): Promise<PagesApp> {
  const database: Database = await createTestDatabase('pglite');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-data-'));
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-client-'));
  fs.writeFileSync(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  let services: Services | undefined;
  try {
    const config = testConfig(dataDir, overrides);
    services = createServices(database.db, config);
    const app = await buildApp({ config, database, services, pages: { build, mode, clientDir } });
    await app.ready();
    return {
      app,
      async close() {
        try {
          await app.close();
          await services?.mail.stop();
        } finally {
          await database.close();
          fs.rmSync(dataDir, { recursive: true, force: true });
          fs.rmSync(clientDir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    await services?.mail.stop();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(clientDir, { recursive: true, force: true });
    throw error;
  }
}

/** The page's CSP and its script nonce. */
function pagePolicy(response: LightMyRequestResponse): { csp: string; nonce: string } {
  const csp = String(response.headers['content-security-policy']);
  const nonce = NONCE.exec(csp)?.[1];
  if (!nonce) throw new Error(`No script nonce in ${csp}`);
  return { csp, nonce };
}

function directive(csp: string, name: string): string | undefined {
  return csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.split(' ')[0] === name);
}

/** Every <script> and every <link> React Router or our components wrote, with their nonce attribute (or null). */
function nonceAttributes(html: string, tag: 'script' | 'link'): Array<string | null> {
  return [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, 'g'))].map((match) => /\snonce="([^"]*)"/.exec(match[0])?.[1] ?? null);
}

function expectCommonHeaders(response: LightMyRequestResponse): void {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(directive(String(response.headers['content-security-policy']), 'frame-ancestors')).toBe("frame-ancestors 'none'");
  expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(response.headers['origin-agent-cluster']).toBe('?1');
  // Headers for browsers and plug-ins long gone (IE8 downloads, the XSS auditor, Flash): bytes on every answer.
  for (const obsolete of [
    'x-download-options',
    'x-xss-protection',
    'x-permitted-cross-domain-policies',
    'x-dns-prefetch-control',
  ])
    expect(response.headers[obsolete], obsolete).toBeUndefined();
}

describe('security headers on pages', () => {
  let ctx: PagesApp;
  beforeAll(async () => {
    ctx = await createPagesApp({ trustProxy: true, pageCacheTtlMs: 60_000 });
  });
  afterAll(() => ctx?.close());

  it('a page has a CSP whose scripts need this answer’s nonce, and every script carries it', async () => {
    const response = await ctx.app.inject({ url: '/', headers: { cookie: 'a=1' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const { csp, nonce } = pagePolicy(response);
    expect(directive(csp, 'script-src')).toBe(`script-src 'self' 'nonce-${nonce}'`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toBe(
      "default-src 'self'; " +
        `script-src 'self' 'nonce-${nonce}'; ` +
        "style-src 'self'; style-src-attr 'unsafe-inline'; img-src 'self' data: blob: https://res.cloudinary.com https://images.unsplash.com; font-src 'self'; " +
        "connect-src 'self'; manifest-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'self'; " +
        "form-action 'self'; frame-ancestors 'none'",
    );

    const html = response.body;
    const scripts = nonceAttributes(html, 'script');
    // React Router's scroll restoration, context, route modules and stream scripts, and the JSON-LD block.
    expect(scripts.length).toBeGreaterThanOrEqual(4);
    expect(scripts).toEqual(scripts.map(() => nonce));
    expect(html).toContain('<script type="application/ld+json" nonce=');
    const links = nonceAttributes(html, 'link');
    expect(links.length).toBeGreaterThanOrEqual(1); // the stylesheet (module preloads are left out of pages)
    expect(links).toEqual(links.map(() => nonce));
    expect(html).not.toContain('rel="modulepreload"');
    expectCommonHeaders(response);
  });

  it('gives every answer its own nonce', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const response = await ctx.app.inject({ url: '/', headers: { cookie: 'a=1' } });
      const { nonce } = pagePolicy(response);
      expect(response.body).toContain(`nonce="${nonce}"`);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(3);
  });

  it('a page-cache hit gets a fresh nonce in its body and its header, identity and gzip alike', async () => {
    const first = await ctx.app.inject({ url: '/?cached' });
    expect(first.headers['x-page-cache']).toBe('MISS');
    const seen = [pagePolicy(first).nonce];
    expect(first.body).toContain(`nonce="${seen[0]}"`);

    for (const encoding of [undefined, 'gzip, deflate, br', 'br']) {
      const hit = await ctx.app.inject({ url: '/?cached', headers: encoding ? { 'accept-encoding': encoding } : {} });
      expect(hit.headers['x-page-cache']).toBe('HIT');
      const { nonce } = pagePolicy(hit);
      const contentEncoding = hit.headers['content-encoding'];
      const html =
        contentEncoding === 'gzip'
          ? zlib.gunzipSync(hit.rawPayload).toString()
          : contentEncoding === 'br'
            ? zlib.brotliDecompressSync(hit.rawPayload).toString()
            : hit.body;
      if (encoding?.includes('gzip')) expect(contentEncoding).toBe('gzip');
      for (const old of seen) expect(html).not.toContain(old);
      const scripts = nonceAttributes(html, 'script');
      expect(scripts.length).toBeGreaterThanOrEqual(4);
      expect(scripts).toEqual(scripts.map(() => nonce));
      expect(html.replaceAll(nonce, 'N')).toBe(first.body.replaceAll(seen[0]!, 'N'));
      seen.push(nonce);
    }
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('serves the shared copy to a visitor whose cookies are not the session’s, and never to one with a session cookie', async () => {
    const first = await ctx.app.inject({ url: '/?other-cookies' });
    expect(first.headers['x-page-cache']).toBe('MISS');
    const other = await ctx.app.inject({ url: '/?other-cookies', headers: { cookie: 'consent=yes; _ga=GA1.1.5' } });
    expect(other.headers['x-page-cache']).toBe('HIT');
    expect(other.body.replaceAll(pagePolicy(other).nonce, 'N')).toBe(first.body.replaceAll(pagePolicy(first).nonce, 'N'));

    // Any session cookie, valid or not, is rendered for its visitor and kept by nobody.
    const { headers } = await ctx.app.inject({ url: '/api/auth/csrf-token' });
    const session = [headers['set-cookie'] ?? []]
      .flat()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith('shop_session='));
    for (const cookie of [session!, 'consent=yes; shop_session=forged', 'shop_session=']) {
      const personal = await ctx.app.inject({ url: '/?other-cookies', headers: { cookie } });
      expect(personal.statusCode).toBe(200);
      expect(personal.headers['x-page-cache'], cookie).toBeUndefined();
    }
    const https = await ctx.app.inject({
      url: '/?other-cookies',
      headers: { cookie: '__Host-shop_session=forged', 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['x-page-cache']).toBeUndefined();
  });

  it('sends HSTS and upgrade-insecure-requests only when the request came over HTTPS', async () => {
    const https = await ctx.app.inject({ url: '/', headers: { cookie: 'a=1', 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe(HSTS);
    expect(pagePolicy(https).csp).toMatch(/; upgrade-insecure-requests$/);

    const http = await ctx.app.inject({ url: '/', headers: { cookie: 'a=1' } });
    expect(http.headers['strict-transport-security']).toBeUndefined();
    expect(pagePolicy(http).csp).not.toContain('upgrade-insecure-requests');

    const api = await ctx.app.inject({ url: '/api/products', headers: { 'x-forwarded-proto': 'https' } });
    expect(api.headers['strict-transport-security']).toBe(HSTS);
    expect((await ctx.app.inject({ url: '/api/products' })).headers['strict-transport-security']).toBeUndefined();
  });

  it('gives the service worker a policy that lets it fetch this origin', async () => {
    const response = await ctx.app.inject({ url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe(SERVICE_WORKER_CSP);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers the API with a CSP that allows nothing, and the same other headers as pages', async () => {
    const api = await ctx.app.inject({ url: '/api/products' });
    expect(api.statusCode).toBe(200);
    expect(api.headers['content-security-policy']).toBe(DEFAULT_CSP);
    expectCommonHeaders(api);
    const missing = await ctx.app.inject({ url: '/api/products/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toBe(DEFAULT_CSP);
    expectCommonHeaders(missing);
  });
});

describe('security headers in development', () => {
  let ctx: PagesApp;
  beforeAll(async () => {
    ctx = await createPagesApp({}, 'development');
  });
  afterAll(() => ctx?.close());

  it('relaxes the page CSP for Vite (inline scripts and styles, its HMR WebSocket) and renders no nonce', async () => {
    const response = await ctx.app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    const csp = String(response.headers['content-security-policy']);
    expect(directive(csp, 'script-src')).toBe("script-src 'self' 'unsafe-inline'");
    expect(directive(csp, 'style-src')).toBe("style-src 'self' 'unsafe-inline'");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' ws: wss:");
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(response.body).not.toContain('nonce=');
    expectCommonHeaders(response);
  });
});

describe('security headers without a trusted proxy', () => {
  const ctx = suiteApp('pglite', { seed: false });

  it('ignores X-Forwarded-Proto: no HSTS over plain HTTP', async () => {
    expect(ctx.config.trustProxy).toBe(false);
    const response = await ctx.app.inject({ url: '/api/products', headers: { 'x-forwarded-proto': 'https' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['content-security-policy']).toBe(DEFAULT_CSP);
    expectCommonHeaders(response);
  });
});
