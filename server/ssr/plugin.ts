import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { EncodedBody } from '../http/encoded-body.ts';
import type { Services } from '../services.ts';
import type { CachedPage, PageCache } from './page-cache.ts';

export interface SsrOptions {
  build: () => Promise<ServerBuild>;
  mode: 'production' | 'development';
  services: Services;
  pageCache: PageCache;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Every path that is not /api or a static file: React Router renders it on the server.
 * The handler speaks the Fetch API; the answer goes back through Fastify's reply, so the
 * security headers and compression registered on the app apply to pages too.
 */
export async function ssrPlugin(app: FastifyInstance, options: SsrOptions): Promise<void> {
  const handle = createRequestHandler(options.build, options.mode);
  const { pageCache, services } = options;

  // Route actions read the body themselves (form data), so leave it unread here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.route({
    method: [...METHODS],
    url: '/*',
    handler: async (request, reply) => {
      const cacheKey = isCacheable(request) ? request.url : null;
      const cached = cacheKey ? pageCache.get(cacheKey) : undefined;
      if (cached) return sendPage(request, reply, cached, 'HIT');

      const response = await handle(toWebRequest(request, reply), services);
      if (cacheKey && pageCache.enabled && response.body && isShareable(response)) {
        const page: CachedPage = {
          status: response.status,
          headers: [...response.headers],
          body: new EncodedBody(Buffer.from(await response.arrayBuffer())),
        };
        pageCache.set(cacheKey, page);
        return sendPage(request, reply, page, 'MISS');
      }
      reply.status(response.status);
      copyHeaders(response.headers, reply);
      return reply.send(response.body ? Readable.fromWeb(response.body as NodeReadableStream) : undefined);
    },
  });
}

/** Anonymous GETs only: anything with cookies may be personal. */
function isCacheable(request: FastifyRequest): boolean {
  return request.method === 'GET' && !request.headers.cookie && !request.headers.authorization;
}

function isShareable(response: Response): boolean {
  if (response.headers.has('set-cookie')) return false;
  if (/no-store|private/.test(response.headers.get('cache-control') ?? '')) return false;
  return response.status === 200 || response.status === 404;
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage, state: 'HIT' | 'MISS'): FastifyReply {
  reply.status(page.status);
  for (const [name, value] of page.headers) reply.header(name, value);
  return page.body.send(request, reply.header('x-page-cache', state));
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
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(`${request.protocol}://${request.host}${request.url}`, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody && { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' }),
  } as RequestInit);
}
