import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this size compression does not pay (as in server/http/encoded-body.ts). */
const MIN_COMPRESS_BYTES = 1024;
/** Deflate's window: a back-reference reaches at most this far. */
const WINDOW = 32 * 1024;
/** gzip header: deflate, no name or time, maximum compression, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 255]);

/**
 * A cached page whose script nonce must be new on every answer: a nonce one visitor has seen must never
 * authorise scripts on another visitor's page. The page is kept split at each occurrence of the nonce it was
 * rendered with, so an answer is the parts joined around a fresh nonce, never a search through the text.
 *
 * Browsers get gzip, spliced rather than compressed per answer: each part is deflated once, ending on a byte
 * boundary (sync flush), and each nonce goes between them as a stored (uncompressed) deflate block; an answer
 * only joins the pieces and computes the CRC-32. Each part is deflated with the page before it as a preset
 * dictionary, so it compresses about as well as a whole page would. In that dictionary the nonces are NUL bytes,
 * which no part contains: no back-reference can reach into a nonce, so whatever nonce the answer carries, every
 * reference copies the same bytes as when the part was deflated. Brotli is not offered: its stream cannot be
 * spliced like this, and compressing every answer again costs milliseconds (docs/decisions.md).
 */
export class NoncedBody {
  /** The page between the occurrences of its nonce. */
  private readonly parts: Buffer[];
  private readonly nonceLength: number;
  /** The page's length in bytes (the same whatever the nonce). */
  private readonly size: number;
  /** Each part as raw deflate blocks, byte-aligned; the last one ends the stream. Made on first need. */
  private deflated: Buffer[] | null = null;

  constructor(identity: Buffer, renderedNonce: string) {
    const needle = Buffer.from(renderedNonce);
    if (needle.length === 0 || needle.length > 0xffff) throw new Error('A nonce is 1 to 65535 bytes');
    this.nonceLength = needle.length;
    this.parts = [];
    let from = 0;
    for (let at = identity.indexOf(needle); at !== -1; at = identity.indexOf(needle, from)) {
      this.parts.push(identity.subarray(from, at));
      from = at + needle.length;
    }
    this.parts.push(identity.subarray(from));
    this.size = identity.length;
  }

  /** How many times the nonce occurs in the page. */
  get nonceCount(): number {
    return this.parts.length - 1;
  }

  /** The page with `nonce` in place of every occurrence of the one it was rendered with. */
  identity(nonce: string): Buffer {
    const value = this.nonceBytes(nonce);
    const chunks: Buffer[] = [];
    this.parts.forEach((part, i) => {
      if (i > 0) chunks.push(value);
      chunks.push(part);
    });
    return Buffer.concat(chunks);
  }

  /** The page with `nonce`, gzip-compressed. */
  gzip(nonce: string): Buffer {
    const value = this.nonceBytes(nonce);
    const deflated = (this.deflated ??= this.deflateParts());
    const stored = Buffer.from([0, value.length & 0xff, value.length >> 8, ~value.length & 0xff, (~value.length >> 8) & 0xff]);
    const chunks: Buffer[] = [GZIP_HEADER];
    let crc = 0;
    deflated.forEach((blocks, i) => {
      if (i > 0) {
        chunks.push(stored, value);
        crc = zlib.crc32(value, crc);
      }
      chunks.push(blocks);
      crc = zlib.crc32(this.parts[i] as Buffer, crc);
    });
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE(this.size >>> 0, 4);
    chunks.push(trailer);
    return Buffer.concat(chunks);
  }

  /** Sends the page with `nonce`, gzip-compressed when the client takes it; the app's compression leaves that alone. */
  send(request: FastifyRequest, reply: FastifyReply, nonce: string): FastifyReply {
    reply.header('vary', 'accept-encoding');
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (this.size >= MIN_COMPRESS_BYTES && /\bgzip\b/.test(accepted)) {
      return reply.header('content-encoding', 'gzip').send(this.gzip(nonce));
    }
    return reply.send(this.identity(nonce));
  }

  private nonceBytes(nonce: string): Buffer {
    const value = Buffer.from(nonce);
    // The stored blocks and the dictionaries assume every nonce has the rendered one's length.
    if (value.length !== this.nonceLength) throw new Error(`A nonce of ${this.nonceLength} bytes was expected`);
    return value;
  }

  private deflateParts(): Buffer[] {
    const placeholder = Buffer.alloc(this.nonceLength, 0);
    // Should a part contain a NUL byte, a reference could reach into a placeholder: then no dictionaries.
    const withDictionary = this.parts.every((part) => !part.includes(0));
    let history = Buffer.alloc(0);
    return this.parts.map((part, i) => {
      const last = i === this.parts.length - 1;
      const options: zlib.ZlibOptions = {
        level: 9,
        finishFlush: last ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH,
      };
      if (withDictionary && history.length > 0) options.dictionary = history;
      const deflated = zlib.deflateRawSync(part, options);
      if (withDictionary) {
        history = Buffer.concat([history, part, placeholder]);
        if (history.length > WINDOW) history = history.subarray(history.length - WINDOW);
      }
      return deflated;
    });
  }
}
