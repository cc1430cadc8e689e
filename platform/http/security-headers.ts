import { randomBytes } from 'node:crypto';

import type { FastifyInstance } from 'fastify';

import { type AnalyticsSettings, analyticsSources } from '#domains/settings/analytics.ts';
import { IMAGE_HOSTS } from '#lib/images.ts';

/** One year, subdomains included; sent only on requests that came over HTTPS (see below). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** Every answer that is not a page (the JSON API, images, assets) may load nothing and be framed by no one. */
export const DEFAULT_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The service worker's own policy (a worker's CSP comes from its script's answer): it fetches pages, assets
 * and images of this origin for the offline cache, so `default-src 'none'` would break it.
 */
export const SERVICE_WORKER_CSP = "default-src 'none'; connect-src 'self'";

/** No cache keeps any answer of the routes registered with `app`: they are one account's, or the shop's own settings. */
export function neverCached(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
}

/** A fresh script nonce: 16 random bytes in base64 (always 24 characters). */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

export interface PagePolicyOptions {
  /** The request came over HTTPS (Fastify's request.protocol, which honours X-Forwarded-Proto behind a trusted proxy). */
  https: boolean;
  /**
   * Vite's development server: no nonce and inline scripts and styles allowed, since Vite's HMR injects <style>
   * elements and talks over a WebSocket on a port of its own, and React Router's development-only critical-CSS
   * <style> with a nonce makes React report a hydration mismatch (browsers hide a nonce from the DOM).
   */
  development: boolean;
  /** The analytics providers the shop has set: their hosts are allowed, no others. */
  analytics?: AnalyticsSettings;
}

/**
 * The Content-Security-Policy of a server-rendered page. Scripts run only from this origin or inline with this
 * answer's nonce (React Router's hydration scripts, React's streaming scripts); no 'unsafe-inline' for scripts.
 * Styles come from this origin; inline style attributes (React `style={{}}`, e.g. image aspect ratios) are
 * allowed, <style> elements are not. Images may be data: (the two-factor QR code), blob: (image previews) and
 * from the known image hosts (an alternative image URL, lib/images.ts).
 * See docs/decisions/063-security-headers-and-the-pages-csp.md.
 */
export function pageContentSecurityPolicy(nonce: string, { https, development, analytics = {} }: PagePolicyOptions): string {
  const third = analyticsSources(analytics);
  const extra = (sources: string[]) => sources.map((source) => ` ${source}`).join('');
  const directives = [
    "default-src 'self'",
    (development ? "script-src 'self' 'unsafe-inline'" : `script-src 'self' 'nonce-${nonce}'`) + extra(third.script),
    development ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' data: blob: ${IMAGE_HOSTS.map((host) => `https://${host}`).join(' ')}${extra(third.img)}`,
    "font-src 'self'",
    (development ? "connect-src 'self' ws: wss:" : "connect-src 'self'") + extra(third.connect),
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/**
 * The protective headers every answer carries, pages and API alike: what helmet would send with the options this shop
 * needs (nosniff, Referrer-Policy, X-Frame-Options DENY as the legacy twin of frame-ancestors, Cross-Origin-Opener- and
 * -Resource-Policy same-origin, Origin-Agent-Cluster) and without its obsolete headers (IE8 downloads, the removed XSS
 * auditor, Flash and Acrobat policy files, DNS prefetching of outbound links). Fixed values, so they are written from
 * this list rather than by helmet's chain of middleware on every request: that chain was a twentieth of the CPU an
 * answer of the catalogue API took (docs/benchmarks.md, 2026-12-07).
 */
const PROTECTIVE_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
];

/**
 * Security headers on every answer: PROTECTIVE_HEADERS and a CSP that allows nothing (DEFAULT_CSP); the SSR plugin
 * replaces that CSP on pages with pageContentSecurityPolicy(). HSTS only over HTTPS (helmet would send it on plain HTTP
 * too). Written onto the raw response in onRequest, so the headers also reach answers that bypass Fastify's reply
 * (Vite's middleware in development).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const response = reply.raw;
    for (const [name, value] of PROTECTIVE_HEADERS) response.setHeader(name, value);
    response.setHeader('content-security-policy', request.url === '/sw.js' ? SERVICE_WORKER_CSP : DEFAULT_CSP);
    if (request.protocol === 'https') response.setHeader('strict-transport-security', HSTS);
    done();
  });
}
