import zlib from 'node:zlib';

import compress from '@fastify/compress';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { EncodedBody } from './encoded-body.ts';

describe('EncodedBody', () => {
  const big = new EncodedBody(Buffer.from(JSON.stringify({ text: 'areca '.repeat(1000) })));
  const small = new EncodedBody(Buffer.from('{"ok":true}'));
  const app = Fastify();

  beforeAll(async () => {
    // As in the app: a globally registered compressor must leave an already encoded body alone.
    await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
    app.get('/big', (request, reply) => big.send(request, reply.type('application/json')));
    app.get('/small', (request, reply) => small.send(request, reply.type('application/json')));
  });
  afterAll(() => app.close());

  it('sends brotli to clients that accept it, once compressed and reused', async () => {
    const first = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const second = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(first.rawPayload).equals(big.identity)).toBe(true);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('sends gzip when brotli is not accepted, and plain bytes when nothing is', async () => {
    const gzip = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).equals(big.identity)).toBe(true);
    const plain = await app.inject({ url: '/big', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(big.identity)).toBe(true);
  });

  it('does not compress small bodies', async () => {
    const response = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('{"ok":true}');
  });
});
