import { sql } from 'drizzle-orm';

import { products, productVariations } from '#domains/catalogue/tables.ts';
import type { Db } from '#platform/db/client.ts';
import { demoCatalogue } from '#platform/db/seed/catalogue.ts';
import { artUrl } from '#platform/db/seed/product-art.ts';
import type { SeedProduct } from '#platform/db/seed/types.ts';

/** Seeds the demo catalogue when the products table is empty; answers how many were added. */
export async function seedDemoCatalogue(db: Db, catalogue: readonly SeedProduct[] = demoCatalogue): Promise<number> {
  return db.transaction(async (tx) => {
    // Serialises concurrent starts on PostgreSQL so the catalogue is seeded once.
    await tx.execute(sql`lock table ${products} in share row exclusive mode`);
    const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(products);
    if (count > 0) return 0;
    for (const item of catalogue) {
      const imageUrls = item.images.map((art) => artUrl(art.file));
      const [row] = await tx
        .insert(products)
        .values({
          name: item.name,
          description: item.description,
          nameMl: item.nameMl,
          descriptionMl: item.descriptionMl,
          category: item.category,
          price: item.price,
          originalPrice: item.originalPrice ?? null,
          imageUrl: imageUrls[0] ?? '',
          imageUrls,
          rating: item.rating,
          reviewCount: item.reviewCount,
          inStock: item.inStock,
          featured: item.featured,
          hasVariations: item.variations.length > 0,
          unitsPerCarton: item.unitsPerCarton,
          unitType: item.unitType,
          cartonWeight: item.cartonWeight,
          cartonDimensions: item.cartonDimensions,
          specifications: item.specifications,
          ...item.tax,
          tags: item.tags,
        })
        .returning({ id: products.id });
      if (!row || item.variations.length === 0) continue;
      await tx.insert(productVariations).values(
        item.variations.map((v, index) => ({
          productId: row.id,
          type: v.type,
          name: v.name,
          value: v.value,
          price: v.price,
          originalPrice: v.originalPrice ?? null,
          stockQuantity: v.stockQuantity,
          unitsPerCarton: v.unitsPerCarton ?? null,
          unitType: v.unitType ?? null,
          cartonWeight: v.cartonWeight ?? null,
          cartonDimensions: v.cartonDimensions ?? null,
          sortOrder: index,
          isActive: v.isActive ?? true,
        })),
      );
    }
    return catalogue.length;
  });
}
