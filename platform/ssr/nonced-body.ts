import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';

import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this size compression does not pay (as in platform/http/encoded-body.ts). */
const MIN_COMPRESS_BYTES = 1024;
/** Deflate's window: a back-reference reaches at most this far. */
const WINDOW = 32 * 1024;
/** gzip header: deflate, no name or time, maximum compression, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 255]);
/** Every character a nonce may hold (base64), so a placeholder byte never equals a nonce's byte. */
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_';

/**
 * A cached page whose script nonce must be new on every answer: a nonce one visitor has seen must never
 * authorise scripts on another visitor's page. The page is kept split at each occurrence of the nonce it was
 * rendered with, so an answer is the parts joined around a fresh nonce, never a search through the text.
 *
 * Browsers get gzip, spliced rather than compressed per answer. The page is deflated once with a placeholder in
 * place of its nonce: bytes found nowhere else in the page (nor in any nonce), all different. The first
 * occurrence of the nonce (and any that is further than deflate's window from the one before) is cut out of
 * that stream as a stored, uncompressed block (the pieces around it end on a byte boundary: sync flush, and are
 * deflated with the page before them as a preset dictionary, so they compress as well as one stream would); an
 * answer writes its nonce into those blocks and computes the CRC-32, nothing more. The other occurrences are
 * back-references, and a reference that copies placeholder bytes can only copy them from the same place in an
 * earlier occurrence (the bytes are unique), which holds the answer's nonce too. This is checked once by
 * decompressing with a test nonce: a placeholder byte left as a literal would show; if one does, every
 * occurrence becomes a stored block, which is correct by construction (no part contains a placeholder byte, so
 * no reference reaches into one). Brotli is not offered: its streams cannot be spliced like this, and
 * compressing every answer again costs milliseconds (docs/decisions/065-cached-pages-get-a-fresh-nonce.md).
 */
export class NoncedBody {
  /** The page between the occurrences of its nonce. */
  private readonly parts: Buffer[];
  private readonly nonceLength: number;
  /** The page's length in bytes (the same whatever the nonce). */
  readonly size: number;
  /** The page's deflate stream, cut where a nonce goes in as a stored block. Made on first need. */
  private pieces: Buffer[] | null = null;

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

  /** How many occurrences of the nonce the gzip stream carries as stored blocks (the others are back-references). */
  get storedNonceCount(): number {
    return (this.pieces ??= this.splice()).length - 1;
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
    return this.assemble((this.pieces ??= this.splice()), this.nonceBytes(nonce));
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
    // The stored blocks and the placeholder assume every nonce has the rendered one's length.
    if (value.length !== this.nonceLength) throw new Error(`A nonce of ${this.nonceLength} bytes was expected`);
    return value;
  }

  /** gzip header, the pieces with the nonce in a stored block between each two, CRC-32 and length. */
  private assemble(pieces: Buffer[], value: Buffer): Buffer {
    const length = value.length;
    const stored = Buffer.from([0, length & 0xff, length >> 8, ~length & 0xff, (~length >> 8) & 0xff]);
    const chunks: Buffer[] = [GZIP_HEADER];
    pieces.forEach((piece, i) => {
      if (i > 0) chunks.push(stored, value);
      chunks.push(piece);
    });
    let crc = 0;
    this.parts.forEach((part, i) => {
      if (i > 0) crc = zlib.crc32(value, crc);
      crc = zlib.crc32(part, crc);
    });
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE(this.size >>> 0, 4);
    chunks.push(trailer);
    return Buffer.concat(chunks);
  }

  private splice(): Buffer[] {
    const placeholder = this.placeholder();
    if (placeholder) {
      // Stored: the first occurrence, and any too far from the one before for a back-reference to reach.
      const stored: boolean[] = [];
      let at = 0;
      let previous = -Infinity;
      for (let i = 0; i < this.nonceCount; i++) {
        at += (this.parts[i] as Buffer).length + (i > 0 ? this.nonceLength : 0);
        stored.push(at - previous > WINDOW - 512);
        previous = at;
      }
      const pieces = this.deflate(placeholder, stored);
      if (this.decodesRightly(pieces)) return pieces;
    }
    return this.deflate(
      placeholder,
      this.parts.slice(1).map(() => true),
    );
  }

  /** Whether the pieces decompress to the page with a test nonce (a placeholder byte left as a literal would not). */
  private decodesRightly(pieces: Buffer[]): boolean {
    const test = randomBytes(this.nonceLength).toString('base64').slice(0, this.nonceLength);
    try {
      return zlib.gunzipSync(this.assemble(pieces, Buffer.from(test))).equals(this.identity(test));
    } catch {
      return false; // the CRC-32 does not match
    }
  }

  /**
   * The page deflated with `placeholder` for its nonce, cut at the occurrences marked stored, each piece with
   * the page before it as its dictionary. Without a placeholder every occurrence must be stored; the pieces are
   * then the parts, deflated without dictionaries.
   */
  private deflate(placeholder: Buffer | null, stored: boolean[]): Buffer[] {
    const deflate = (piece: Buffer, dictionary: Buffer | null, last: boolean) =>
      zlib.deflateRawSync(piece, {
        level: 9,
        finishFlush: last ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH,
        ...(dictionary && dictionary.length > 0 && { dictionary }),
      });
    if (!placeholder) return this.parts.map((part, i) => deflate(part, null, i === this.nonceCount));

    const template = Buffer.concat(this.parts.flatMap((part, i) => (i > 0 ? [placeholder, part] : [part])));
    const before = (start: number) => template.subarray(Math.max(0, start - WINDOW), start);
    const pieces: Buffer[] = [];
    let start = 0;
    let at = 0;
    this.parts.forEach((part, i) => {
      if (i > 0) {
        if (stored[i - 1]) {
          pieces.push(deflate(template.subarray(start, at), before(start), false));
          start = at + this.nonceLength;
        }
        at += this.nonceLength;
      }
      at += part.length;
    });
    pieces.push(deflate(template.subarray(start), before(start), true));
    return pieces;
  }

  /** Distinct bytes, as many as the nonce is long, that occur nowhere in the page and in no nonce; or null. */
  private placeholder(): Buffer | null {
    const excluded = new Uint8Array(256);
    for (const char of BASE64) excluded[char.charCodeAt(0)] = 1;
    for (const part of this.parts) for (const byte of part) excluded[byte] = 1;
    const free: number[] = [];
    for (let byte = 0; byte < 256 && free.length < this.nonceLength; byte++) if (!excluded[byte]) free.push(byte);
    return free.length === this.nonceLength ? Buffer.from(free) : null;
  }
}
