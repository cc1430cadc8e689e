import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, json, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

import { DEFAULT_RATING } from '#domains/catalogue/categories.ts';
import type { PriceBreak } from '#domains/pricing/model.ts';
import { parentKey } from '#platform/db/columns.ts';

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** The name and description on the Malayalam pages; null where the staff left them empty (the English shows). */
    nameMl: text('name_ml'),
    descriptionMl: text('description_ml'),
    category: text('category').notNull(),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    originalPrice: numeric('original_price', { precision: 10, scale: 2 }),
    imageUrl: text('image_url').notNull().default(''),
    imageUrls: jsonb('image_urls').$type<string[]>().notNull().default([]),
    rating: numeric('rating', { precision: 2, scale: 1 }).notNull().default(DEFAULT_RATING),
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
    /** For GST on quotes: the HSN code (4, 6 or 8 digits) and the rate in per cent (domains/tax/gst.ts GST_RATES). */
    hsnCode: text('hsn_code'),
    gstRate: integer('gst_rate').notNull().default(18),
    /** Sold in at least minCartons, in multiples of cartonStep (domains/catalogue/carton-rules.ts); 1 and 1: any quantity. */
    minCartons: integer('min_cartons').notNull().default(1),
    cartonStep: integer('carton_step').notNull().default(1),
    /** Cheaper carton prices from a number of cartons on, ascending (domains/pricing/model.ts). */
    priceBreaks: jsonb('price_breaks').$type<PriceBreak[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_price_non_negative', sql`${t.price} >= 0`),
    check('products_units_positive', sql`${t.unitsPerCarton} >= 1`),
    check('products_rating_range', sql`${t.rating} between 0 and 5`),
    check('products_carton_rule', sql`${t.minCartons} >= 1 and ${t.cartonStep} >= 1`),
  ],
);

export const productVariations = pgTable(
  'product_variations',
  {
    id: serial('id').primaryKey(),
    productId: parentKey('product_id', () => products.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    value: text('value').notNull(),
    price: numeric('price', { precision: 10, scale: 2 }),
    originalPrice: numeric('original_price', { precision: 10, scale: 2 }),
    /** Cartons in stock; null when the shop does not count this option's stock (it is in stock). */
    stockQuantity: integer('stock_quantity'),
    unitsPerCarton: integer('units_per_carton'),
    unitType: text('unit_type'),
    cartonWeight: numeric('carton_weight', { precision: 8, scale: 2 }),
    cartonDimensions: text('carton_dimensions'),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /** Null: the product's minimum and step. */
    minCartons: integer('min_cartons'),
    cartonStep: integer('carton_step'),
    /** This option's own breaks; empty: the product's (domains/pricing/model.ts catalogueList). */
    priceBreaks: jsonb('price_breaks').$type<PriceBreak[]>().notNull().default([]),
  },
  (t) => [
    index('product_variations_product_idx').on(t.productId, t.sortOrder),
    check('product_variations_stock_non_negative', sql`${t.stockQuantity} >= 0`),
    check('product_variations_carton_rule', sql`${t.minCartons} >= 1 and ${t.cartonStep} >= 1`),
  ],
);
