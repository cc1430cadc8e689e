import { z } from 'zod';

import { CATALOGUE_MAX_PAGE, CATEGORY_VALUES, SEARCH_MAX_LENGTH } from '#domains/catalogue/categories.ts';
import type { ProductFilter } from '#domains/catalogue/model.ts';
import { SORT_VALUES } from '#domains/catalogue/product-sort.ts';
import { languageQueryField, pathIdSchema, wholeNumber } from '#lib/schemas/query.ts';
import { wellFormed } from '#lib/schemas/text.ts';

/** Query of GET /api/products and of the /products page. */
export const productListQuerySchema = z
  .object({
    category: z
      .union([z.literal('all'), z.enum(CATEGORY_VALUES)], {
        error: `Unknown category. Use one of: all, ${CATEGORY_VALUES.join(', ')}`,
      })
      .optional(),
    search: wellFormed().trim().max(SEARCH_MAX_LENGTH, `Search text must be at most ${SEARCH_MAX_LENGTH} characters`).optional(),
    featured: z.enum(['true', 'false'], { error: 'featured must be true or false' }).optional(),
    // Paging and order: without them the list is in catalogue order (search: best match first), page 1.
    sort: z.enum(SORT_VALUES, { error: `Unknown sort. Use one of: ${SORT_VALUES.join(', ')}` }).optional(),
    page: wholeNumber('page', 1, CATALOGUE_MAX_PAGE).optional(),
    lang: languageQueryField,
  })
  .strict();

/** Query of GET /api/products/suggestions. */
export const suggestionQuerySchema = z.strictObject({
  search: wellFormed({ error: 'search is required' })
    .trim()
    .min(1, 'Search text must not be empty')
    .max(SEARCH_MAX_LENGTH, `Search text must be at most ${SEARCH_MAX_LENGTH} characters`),
});

export function toProductFilter(query: z.output<typeof productListQuerySchema>): ProductFilter {
  const filter: ProductFilter = {};
  if (query.category && query.category !== 'all') filter.category = query.category;
  if (query.search) filter.search = query.search;
  if (query.featured === 'true') filter.featured = true;
  return filter;
}

export const productIdSchema = pathIdSchema('Product id');

export const productParamsSchema = z.object({ id: productIdSchema });
