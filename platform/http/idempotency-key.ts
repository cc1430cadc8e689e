import type { FastifyRequest } from 'fastify';

import { invalid } from '#lib/errors.ts';

/** Long enough that a key cannot be guessed or collide by chance (a UUID or 16+ random characters), and safe to store. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,100}$/;

/** The request's Idempotency-Key header, or null without one; anything but a well-formed key is 400. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return null;
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) {
    throw invalid('Idempotency-Key must be 16 to 100 letters, digits, - or _');
  }
  return key;
}
