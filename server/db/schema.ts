import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  json,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    originalPrice: numeric('original_price', { precision: 10, scale: 2 }),
    imageUrl: text('image_url').notNull().default(''),
    imageUrls: jsonb('image_urls').$type<string[]>().notNull().default([]),
    rating: numeric('rating', { precision: 2, scale: 1 }).notNull().default('4.5'),
    reviewCount: integer('review_count').notNull().default(0),
    inStock: boolean('in_stock').notNull().default(true),
    featured: boolean('featured').notNull().default(false),
    hasVariations: boolean('has_variations').notNull().default(false),
    stockQuantity: integer('stock_quantity'),
    unitsPerCarton: integer('units_per_carton').notNull().default(1),
    unitType: text('unit_type').notNull().default('pieces'),
    cartonWeight: numeric('carton_weight', { precision: 8, scale: 2 }),
    cartonDimensions: text('carton_dimensions'),
    specifications: json('specifications').$type<Record<string, string>>().notNull().default({}),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_price_non_negative', sql`${t.price} >= 0`),
    check('products_units_positive', sql`${t.unitsPerCarton} >= 1`),
    check('products_rating_range', sql`${t.rating} between 0 and 5`),
  ],
);

export const productVariations = pgTable(
  'product_variations',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    value: text('value').notNull(),
    price: numeric('price', { precision: 10, scale: 2 }),
    originalPrice: numeric('original_price', { precision: 10, scale: 2 }),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    unitsPerCarton: integer('units_per_carton'),
    unitType: text('unit_type'),
    cartonWeight: numeric('carton_weight', { precision: 8, scale: 2 }),
    cartonDimensions: text('carton_dimensions'),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    index('product_variations_product_idx').on(t.productId, t.sortOrder),
    check('product_variations_stock_non_negative', sql`${t.stockQuantity} >= 0`),
  ],
);
