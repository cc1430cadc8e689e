import type { FastifyInstance } from 'fastify';

import {
  adminProductListQuerySchema,
  adminProductParamsSchema,
  type ProductBody,
  productBodySchema,
  stockToggleSchema,
} from '#domains/catalogue/product-admin-schema.ts';
import { invalid } from '#lib/errors.ts';
import { adminCollectionRoutes } from '#platform/http/admin-list.ts';
import { parseInput } from '#platform/http/errors.ts';
import { adminActor, STAFF_MAY } from '#platform/http/require-admin.ts';
import type { ImageLibrary } from '#platform/images/library.ts';

import type { ProductAdmin } from './admin-service.server.ts';

/** Only {inStock}: the list's stock toggle; anything else is the whole product from the dialog. */
const isStockToggle = (body: unknown) =>
  typeof body === 'object' && body !== null && Object.keys(body).length === 1 && 'inStock' in body;

/**
 * The product as the dialog sends it, refused when it shows an uploaded photo whose files are gone (swept after a
 * day unsaved, or never uploaded here): the storefront would show a broken image.
 */
async function productBody(input: unknown, images: Pick<ImageLibrary, 'missing'>): Promise<ProductBody> {
  const body = parseInput(productBodySchema, input, 'product');
  const [missing] = await images.missing(body.imageUrls);
  if (missing) {
    const message = 'An uploaded image is no longer stored: remove it and upload the photo again';
    throw invalid(message, { imageUrls: `${message} (${missing})` });
  }
  return body;
}

/** The admin's products (/api/admin/products). */
export function productAdminRoutes(products: ProductAdmin, images: Pick<ImageLibrary, 'missing'>) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const idOf = adminCollectionRoutes(app, '/admin/products', products, {
      query: adminProductListQuerySchema,
      id: [adminProductParamsSchema, 'product id'],
      changes: ['delete'],
    });

    app.post('/admin/products', STAFF_MAY, async (request, reply) => {
      const body = await productBody(request.body, images);
      return reply.status(201).send(await products.create(body, await adminActor(request)));
    });

    app.patch('/admin/products/:id', STAFF_MAY, async (request) => {
      const id = idOf(request);
      const actor = await adminActor(request);
      if (isStockToggle(request.body)) {
        const { inStock } = parseInput(stockToggleSchema, request.body, 'change');
        return products.setInStock(id, inStock, actor);
      }
      return products.update(id, await productBody(request.body, images), actor);
    });
  };
}
