import { sql } from 'drizzle-orm';

import { CATEGORY_VALUES } from '#domains/catalogue/categories.ts';
import type { Db } from '#platform/db/client.ts';

/**
 * Adds `count` made-up products to a seeded catalogue, for measuring and testing at a size the demo does not reach:
 * names, descriptions, prices, ratings and images like the demo's (each borrows a demo product's pictures), every
 * third with two size options, every fiftieth featured. Answers nothing; ids follow the demo's.
 */
export async function addScaleProducts(db: Db, count: number): Promise<void> {
  const categories = sql.raw(`ARRAY[${CATEGORY_VALUES.map((c) => `'${c}'`).join(',')}]`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO products (name, description, category, price, original_price, image_url, image_urls, rating, review_count,
                            in_stock, featured, has_variations, units_per_carton, unit_type, carton_weight,
                            carton_dimensions, specifications, tags)
      SELECT (ARRAY['Areca','Bagasse','Kraft','Birch','Bamboo','Palm Leaf'])[1 + i % 6] || ' ' ||
               (ARRAY['Round Plate','Square Bowl','Meal Box','Cup','Spoon','Tray','Container'])[1 + i % 7] || ' ' ||
               (6 + i % 7) || ' inch, batch ' || i,
             'Made from ' || (ARRAY['fallen areca leaves','sugarcane fibre','unbleached kraft paper','birch wood'])[1 + i % 4] ||
               ', heat-pressed without glue or coatings. Holds hot, oily and wet food for hours and composts in 90 days. ' ||
               'Packed ' || (50 * (1 + i % 10)) || ' to a carton for caterers, hotels and events across Kerala.',
             (${categories})[1 + i % ${CATEGORY_VALUES.length}],
             (200 + (i * 37) % 2800)::numeric(10, 2),
             CASE WHEN i % 4 = 0 THEN (260 + (i * 37) % 2800)::numeric(10, 2) END,
             demo.image_url, demo.image_urls,
             (3 + (i % 21) / 10.0)::numeric(2, 1), (i * 13) % 400,
             i % 17 <> 0, i % 50 = 0, i % 3 = 0, 50 * (1 + i % 10), 'pieces', 4.5, '40 x 30 x 25 cm',
             '{"Material": "Plant fibre", "Compostable": "Yes, 90 days"}', '["eco-friendly", "compostable"]'
      FROM generate_series(1, ${count}) AS i
      CROSS JOIN LATERAL (SELECT image_url, image_urls FROM products ORDER BY id OFFSET (i % (SELECT count(*) FROM products)) LIMIT 1) AS demo`);
    await tx.execute(sql`
      INSERT INTO product_variations (product_id, type, name, value, price, stock_quantity, sort_order)
      SELECT p.id, 'size', s.name, s.name, p.price + s.extra, 40, s.n
      FROM products p
      CROSS JOIN (VALUES (0, 'Small', 0), (1, 'Large', 150)) AS s(n, name, extra)
      WHERE p.has_variations AND NOT EXISTS (SELECT 1 FROM product_variations v WHERE v.product_id = p.id)`);
  });
}
