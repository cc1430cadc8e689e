import type { FastifyInstance } from 'fastify';

import { TOTAL_COUNT_HEADER } from '#domains/catalogue/model.ts';
import {
  productListQuerySchema,
  productParamsSchema,
  suggestionQuerySchema,
  toProductFilter,
} from '#domains/catalogue/schema.ts';
import { notFound } from '#lib/errors.ts';
import { languageQuerySchema, queryLanguage } from '#lib/schemas/query.ts';
import { parseInput } from '#platform/http/errors.ts';

import type { CatalogueService } from './service.server.ts';

const PRODUCT_NOT_FOUND = 'Product not found';
const JSON_TYPE = 'application/json; charset=utf-8';

const jsonOrNull = (value: unknown) => (value === null ? null : { json: value });

export function catalogueRoutes(catalogue: CatalogueService) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.get('/products', async (request, reply) => {
      const query = parseInput(productListQuerySchema, request.query, 'query');
      const filter = toProductFilter(query);
      const page = query.page ?? 1;
      const language = queryLanguage(query);
      // Still the plain list the storefront's client expects; how many the filter finds in all is a header beside it.
      const key = `list:${JSON.stringify([filter, query.sort, page, language])}`;
      const body = await catalogue.cachedJson(key, async () => {
        const found = await catalogue.listPage(filter, query.sort, page, language);
        return { json: found.products, headers: { [TOTAL_COUNT_HEADER]: String(found.total) } };
      });
      if (!body) throw new Error('a product list always serialises'); // only null reads cache as null
      return body.send(request, reply.type(JSON_TYPE));
    });

    // An extra call beside the catalogue's: what to offer when a search finds nothing.
    app.get('/products/suggestions', async (request, reply) => {
      const { search } = parseInput(suggestionQuerySchema, request.query, 'query');
      reply.header('cache-control', 'no-cache');
      return catalogue.suggest(search);
    });

    app.get<{ Params: { id: string } }>('/products/:id', async (request, reply) => {
      const { id } = parseInput(productParamsSchema, request.params, 'product id');
      const language = queryLanguage(parseInput(languageQuerySchema, request.query, 'query'));
      // Read inside cachedJson, so an answer is always cached with the catalogue version it came from.
      const body = await catalogue.cachedJson(`product:${id}:${language}`, async () =>
        jsonOrNull(await catalogue.getProduct(id, language)),
      );
      if (!body) throw notFound(PRODUCT_NOT_FOUND);
      return body.send(request, reply.type(JSON_TYPE));
    });

    app.get<{ Params: { id: string } }>('/products/:id/variations', async (request, reply) => {
      const { id } = parseInput(productParamsSchema, request.params, 'product id');
      const body = await catalogue.cachedJson(`variations:${id}`, async () =>
        jsonOrNull(await catalogue.listActiveVariations(id)),
      );
      if (!body) throw notFound(PRODUCT_NOT_FOUND);
      return body.send(request, reply.type(JSON_TYPE));
    });
  };
}
