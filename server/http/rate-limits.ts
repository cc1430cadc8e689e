import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

/** A per-IP allowance for one route: `max` requests per `timeWindow` milliseconds. */
export interface RateLimit {
  max: number;
  timeWindow: number;
}

/** Registers rate limiting for routes that opt in with `config.rateLimit`; nothing else is limited. */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });
}
