import zlib from 'node:zlib';

import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this size compression does not pay. */
const MIN_COMPRESS_BYTES = 1024;

/**
 * A response body that is sent many times (cached pages, cached API answers), with the headers that belong to it:
 * each compressed form is made once, on first need, instead of once per request.
 */
export class EncodedBody {
  private gzip: Buffer | null = null;
  private br: Buffer | null = null;

  constructor(
    readonly identity: Buffer,
    private readonly headers: Record<string, string> = {},
  ) {}

  /** Sends the best form the client accepts; the app's compression leaves an encoded reply alone. */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.headers(this.headers).header('vary', 'accept-encoding');
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (this.identity.length >= MIN_COMPRESS_BYTES) {
      if (/\bbr\b/.test(accepted)) {
        this.br ??= zlib.brotliCompressSync(this.identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } });
        return reply.header('content-encoding', 'br').send(this.br);
      }
      if (/\bgzip\b/.test(accepted)) {
        this.gzip ??= zlib.gzipSync(this.identity, { level: 9 });
        return reply.header('content-encoding', 'gzip').send(this.gzip);
      }
    }
    return reply.send(this.identity);
  }
}
