import type { FastifyInstance } from 'fastify';

import {
  productListQuerySchema,
  productParamsSchema,
  suggestionQuerySchema,
  toProductFilter,
} from '../../../core/schemas/catalogue.ts';
import { notFound } from '../../domain/errors.ts';
import { parseInput } from '../../http/errors.ts';
import type { CatalogueService } from './service.ts';

const PRODUCT_NOT_FOUND = 'Product not found';
const JSON_TYPE = 'application/json; charset=utf-8';

export function catalogueRoutes(catalogue: CatalogueService) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.get('/products', async (request, reply) => {
      const filter = toProductFilter(parseInput(productListQuerySchema, request.query, 'query'));
      const body = await catalogue.cachedJson(`list:${JSON.stringify(filter)}`, () => catalogue.listProducts(filter));
      if (!body) throw new Error('a product list always serialises'); // only null reads cache as null
      return body.send(request, reply.type(JSON_TYPE));
    });

    // Beside the spec's calls: what to offer when a search finds nothing.
    app.get('/products/suggestions', async (request, reply) => {
      const { search } = parseInput(suggestionQuerySchema, request.query, 'query');
      reply.header('cache-control', 'no-cache');
      return catalogue.suggest(search);
    });

    app.get<{ Params: { id: string } }>('/products/:id', async (request, reply) => {
      const { id } = parseInput(productParamsSchema, request.params, 'product id');
      // Read inside cachedJson, so an answer is always cached with the catalogue version it came from.
      const body = await catalogue.cachedJson(`product:${id}`, () => catalogue.getProduct(id));
      if (!body) throw notFound(PRODUCT_NOT_FOUND);
      return body.send(request, reply.type(JSON_TYPE));
    });

    app.get<{ Params: { id: string } }>('/products/:id/variations', async (request, reply) => {
      const { id } = parseInput(productParamsSchema, request.params, 'product id');
      const body = await catalogue.cachedJson(`variations:${id}`, () => catalogue.listActiveVariations(id));
      if (!body) throw notFound(PRODUCT_NOT_FOUND);
      return body.send(request, reply.type(JSON_TYPE));
    });
  };
}
