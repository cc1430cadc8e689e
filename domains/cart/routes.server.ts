import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';

import { cartAddSchema, cartUpdateSchema } from '#domains/cart/schema.ts';
import { parseId } from '#lib/ids.ts';
import type { Language } from '#lib/language.ts';
import { languageQueryField, languageQuerySchema, pathIdSchema, queryLanguage } from '#lib/schemas/query.ts';
import { parseInput } from '#platform/http/errors.ts';
import { perVisitor, type RateLimit } from '#platform/http/rate-limits.ts';

import { type CartService, type LineAddress, notInCart } from './service.server.ts';

const lineParams = z.object({ productId: pathIdSchema('Product id'), variationId: pathIdSchema('Variation id').optional() });
/** `?options=12,15`: every option id of the line, to tell apart lines that differ only in options. */
const lineQuery = z.strictObject({
  options: z
    .string()
    .transform((value, ctx) => {
      const ids = value.split(',').map(parseId);
      if (ids.length > 20 || ids.some((id) => id === null)) {
        ctx.addIssue({ code: 'custom', message: 'Options must be option ids separated by commas' });
        return z.NEVER;
      }
      return (ids as number[]).sort((a, b) => a - b);
    })
    .optional(),
  lang: languageQueryField,
});

function lineAddress(params: unknown, query: unknown): { line: LineAddress; language: Language } {
  const line = parseInput(lineParams, params, 'cart line');
  const { options, lang } = parseInput(lineQuery, query, 'cart line');
  return {
    line: { productId: line.productId, variationId: line.variationId ?? null, optionIds: options ?? null },
    language: queryLanguage({ lang }),
  };
}

export function cartRoutes(cart: CartService, rateLimit: RateLimit) {
  return async function routes(app: FastifyInstance): Promise<void> {
    // One allowance per visitor shared by every cart write, not one per route.
    const writes = { config: { rateLimit: { ...perVisitor(rateLimit), groupId: 'cart-writes' } } };

    // `?lang=ml`, on a read or a write: the cart of a Malayalam page, its products named and its refusals written in
    // Malayalam.
    const languageOf = (request: FastifyRequest) => queryLanguage(parseInput(languageQuerySchema, request.query, 'query'));
    app.get('/cart', async (request, reply) => {
      const language = languageOf(request);
      const session = await request.visitorSession();
      reply.header('cache-control', 'no-store');
      return session ? cart.list(cart.ownerOf(session), undefined, language) : [];
    });

    app.post('/cart', writes, async (request, reply) => {
      const language = languageOf(request);
      const input = parseInput(cartAddSchema, request.body, 'cart item');
      const owner = cart.ownerOf(await request.ensureVisitorSession(reply));
      await cart.add(owner, input, { language });
      return reply.status(201).send({ items: await cart.list(owner, undefined, language) });
    });

    // Only adding stores a visitor's session: a visitor with none stored has an empty cart to change or clear.
    const storedOwner = async (request: FastifyRequest) => {
      const session = await request.visitorSession();
      return session ? cart.ownerOf(session) : null;
    };
    const update = async (request: FastifyRequest) => {
      const { line, language } = lineAddress(request.params, request.query);
      const { quantity } = parseInput(cartUpdateSchema, request.body, 'quantity');
      const owner = await storedOwner(request);
      if (!owner) throw notInCart();
      await cart.setQuantity(owner, line, quantity, language);
      return { items: await cart.list(owner, undefined, language) };
    };
    const remove = async (request: FastifyRequest) => {
      const { line, language } = lineAddress(request.params, request.query);
      const owner = await storedOwner(request);
      if (!owner) throw notInCart();
      await cart.remove(owner, line);
      return { items: await cart.list(owner, undefined, language) };
    };

    app.put('/cart/:productId', writes, update);
    app.put('/cart/:productId/:variationId', writes, update);
    app.delete('/cart/:productId', writes, remove);
    app.delete('/cart/:productId/:variationId', writes, remove);

    app.delete('/cart', writes, async (request) => {
      const owner = await storedOwner(request);
      if (owner) await cart.clear(owner);
      return { items: [] };
    });
  };
}
