import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';

import { isStorefrontPath, LANGUAGE_COOKIE, languageOfPath, pathIn } from '#lib/language.ts';
import { EncodedBody } from '#platform/http/encoded-body.ts';
import { createNonce, pageContentSecurityPolicy } from '#platform/http/security-headers.ts';
import type { Services } from '#server/services.ts';

import { NoncedBody } from './nonced-body.ts';
import type { CachedPage, PageCache } from './page-cache.ts';

export interface SsrOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'production' | 'development';
  services: Services;
  pageCache: PageCache;
  /** The cookie a page is rendered for its visitor by (the session's); any other cookie leaves a page the same. */
  visitorCookie: (request: FastifyRequest) => string;
}

/**
 * Every path that is not /api or a static file: React Router renders it on the server.
 * The handler speaks the Fetch API; the answer goes back through Fastify's reply, so the
 * security headers and compression registered on the app apply to pages too. Pages replace the
 * app's allow-nothing CSP with their own, whose script nonce is new on every answer, cache hits
 * included; React Router gets it in the load context (app/entry.server.tsx).
 */
export async function ssrPlugin(app: FastifyInstance, options: SsrOptions): Promise<void> {
  const handle = createRequestHandler(options.build, options.mode);
  const { pageCache, services } = options;
  const development = options.mode === 'development';

  // Pages are read-only (GET, and HEAD with it): there are no route actions, and writes go through /api with its
  // same-origin and CSRF checks. A page action added later needs those checks here first.
  app.route({
    method: 'GET',
    url: '/*',
    handler: async (request, reply) => {
      const chosen = chosenLanguagePath(request);
      if (chosen) return reply.redirect(chosen, 302);
      const nonce = createNonce();
      const policy = pageContentSecurityPolicy(nonce, {
        https: request.protocol === 'https',
        development,
        analytics: services.analytics,
      });
      // With the host: a page holds the shop's address, which is the request's when PUBLIC_URL is not set.
      const cacheKey = isAnonymous(request, options.visitorCookie(request))
        ? `${request.protocol}://${request.host}${request.url}`
        : null;
      const cached = cacheKey ? pageCache.get(cacheKey) : undefined;
      if (cached) return sendPage(request, reply, cached, 'HIT', nonce, policy);

      const response = await handle(toWebRequest(request, reply), development ? services : { ...services, cspNonce: nonce });
      if (cacheKey && pageCache.enabled && response.body && isShareable(response)) {
        const identity = Buffer.from(await response.arrayBuffer());
        const page: CachedPage = {
          status: response.status,
          headers: [...response.headers],
          body: identity.includes(nonce) ? new NoncedBody(identity, nonce) : new EncodedBody(identity),
        };
        pageCache.set(cacheKey, page);
        return sendPage(request, reply, page, 'MISS', nonce, policy);
      }
      reply.status(response.status);
      copyHeaders(response.headers, reply);
      if (!isHtml(response.headers.get('content-type')) || !response.body)
        return reply.send(response.body ? Readable.fromWeb(response.body as NodeReadableStream) : undefined);
      reply.header('content-security-policy', policy);
      // A page's data is loaded before it renders, so it is whole at once: sent in one write (and compressed in one
      // go) rather than React's many small chunks, each a write of its own.
      return reply.send(Buffer.from(await response.arrayBuffer()));
    },
  });
}

/**
 * Where a visitor who chose Malayalam on this device (the switch's cookie) is sent when they open an English page from
 * outside the shop: a bookmark, a typed address, a link elsewhere. A move within the shop (Sec-Fetch-Site:
 * same-origin) is never turned round, so the switch back to English and the English links stay where they lead.
 */
function chosenLanguagePath(request: FastifyRequest): string | null {
  if (request.cookies[LANGUAGE_COOKIE] !== 'ml' || request.headers['sec-fetch-site'] === 'same-origin') return null;
  if (request.headers['sec-fetch-dest'] !== undefined && request.headers['sec-fetch-dest'] !== 'document') return null;
  const [path = '/', query] = request.url.split(/\?(.*)/s);
  if (languageOfPath(path) === 'ml' || !isStorefrontPath(path) || path.endsWith('.data')) return null;
  return `${pathIn('ml', path)}${query === undefined ? '' : `?${query}`}`;
}

/**
 * A GET that renders as it would for a first-time visitor: no session cookie and no credentials. Other cookies (a
 * consent flag, an analytics id) change nothing the server renders, so such a visitor is served the shared copy.
 */
function isAnonymous(request: FastifyRequest, visitorCookie: string): boolean {
  return request.method === 'GET' && request.cookies[visitorCookie] === undefined && !request.headers.authorization;
}

function isShareable(response: Response): boolean {
  if (response.headers.has('set-cookie')) return false;
  if (/no-store|private/.test(response.headers.get('cache-control') ?? '')) return false;
  return response.status === 200 || response.status === 404;
}

/** A cached answer with this request's nonce: in the body (a rendered page) and in the page's CSP. */
function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  state: 'HIT' | 'MISS',
  nonce: string,
  policy: string,
): FastifyReply {
  reply.status(page.status);
  for (const [name, value] of page.headers) {
    reply.header(name, value);
    if (name === 'content-type' && isHtml(value)) reply.header('content-security-policy', policy);
  }
  reply.header('x-page-cache', state);
  return page.body instanceof NoncedBody ? page.body.send(request, reply, nonce) : page.body.send(request, reply);
}

function isHtml(contentType: string | null): boolean {
  return contentType !== null && contentType.startsWith('text/html');
}

function copyHeaders(headers: Headers, reply: FastifyReply): void {
  for (const [name, value] of headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return new Request(`${request.protocol}://${request.host}${request.url}`, {
    method: request.method,
    headers,
    signal: controller.signal,
  });
}
