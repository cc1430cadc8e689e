import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cartAddSchema, cartUpdateSchema } from '../../../core/schemas/enquiry.ts';
import { parseId } from '../../../core/ids.ts';
import { HttpError, parseInput } from '../../http/errors.ts';
import type { RateLimit } from '../../http/rate-limits.ts';
import type { CartService } from './service.ts';

const pathId = (name: string) =>
  z.string().transform((value, ctx) => {
    const id = parseId(value);
    if (id === null) {
      ctx.addIssue({ code: 'custom', message: `${name} must be a positive whole number` });
      return z.NEVER;
    }
    return id;
  });
const lineParams = z.object({ productId: pathId('Product id'), variationId: pathId('Variation id').optional() });

export function cartRoutes(cart: CartService, rateLimit: RateLimit) {
  return async function routes(app: FastifyInstance): Promise<void> {
    // One allowance shared by every cart write, not one per route.
    const writes = { config: { rateLimit: { ...rateLimit, groupId: 'cart-writes' } } };

    app.get('/cart', async (request, reply) => {
      const session = await request.visitorSession();
      reply.header('cache-control', 'no-store');
      return session ? cart.list(session.id) : [];
    });

    app.post('/cart', writes, async (request, reply) => {
      const input = parseInput(cartAddSchema, request.body, 'cart item');
      const session = await request.ensureVisitorSession(reply);
      await cart.add(session.id, input);
      return reply.status(201).send({ items: await cart.list(session.id) });
    });

    const update = async (params: unknown, body: unknown, sessionId: number | null) => {
      const line = parseInput(lineParams, params, 'cart line');
      const { quantity } = parseInput(cartUpdateSchema, body, 'quantity');
      if (sessionId === null) return notInCart();
      await cart.setQuantity(sessionId, line.productId, line.variationId ?? null, quantity);
      return { items: await cart.list(sessionId) };
    };
    const remove = async (params: unknown, sessionId: number | null) => {
      const line = parseInput(lineParams, params, 'cart line');
      if (sessionId === null) return notInCart();
      await cart.remove(sessionId, line.productId, line.variationId ?? null);
      return { items: await cart.list(sessionId) };
    };

    app.put('/cart/:productId', writes, async (request) => update(request.params, request.body, (await request.visitorSession())?.id ?? null));
    app.put('/cart/:productId/:variationId', writes, async (request) =>
      update(request.params, request.body, (await request.visitorSession())?.id ?? null),
    );
    app.delete('/cart/:productId', writes, async (request) => remove(request.params, (await request.visitorSession())?.id ?? null));
    app.delete('/cart/:productId/:variationId', writes, async (request) => remove(request.params, (await request.visitorSession())?.id ?? null));

    app.delete('/cart', writes, async (request) => {
      const session = await request.visitorSession();
      if (session) await cart.clear(session.id);
      return { items: [] };
    });
  };
}

function notInCart(): never {
  throw new HttpError(404, 'This item is not in your enquiry cart');
}
