import { z } from 'zod';

import { cartonRule } from '#domains/catalogue/carton-rules.ts';
import {
  CATEGORY_VALUES,
  DEFAULT_RATING,
  MAX_QUANTITY_WITHOUT_VARIATION,
  UNIT_TYPES,
  VARIATION_TYPES,
} from '#domains/catalogue/categories.ts';
import type { Product, ProductVariation } from '#domains/catalogue/model.ts';
import { DEFAULT_UNIT_TYPE, DEFAULT_UNITS_PER_CARTON, type PriceBreak } from '#domains/pricing/model.ts';
import { type GstRate } from '#domains/tax/gst.ts';
import { DEFAULT_GST_RATE, gstRateSchema, hsnCodeSchema } from '#domains/tax/line-schema.ts';
import { type AuditEntry } from '#lib/audit.ts';
import { IMAGE_HOSTS, uploadedImage } from '#lib/images.ts';
import { type Paise, parseRupees, toDecimalString } from '#lib/money.ts';
import { numeric, rupees } from '#lib/schemas/money.ts';
import { pagingFields, pathIdSchema } from '#lib/schemas/query.ts';
import { multiLine, singleLine } from '#lib/schemas/text.ts';

/** The product form's messages: the dialog shows them and the server answers them, word for word. */
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields.';
export const NO_VARIATIONS_MESSAGE = 'Please add at least one variation or disable variations.';
export const VARIATION_FIELDS_MESSAGE = 'All variations must have a name and value.';
/** At most 3 images per product in the dialog, 5 MB each. */
export const MAX_PRODUCT_IMAGES = 3;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const MAX_VARIATIONS = 50;
const MAX_PRICE_BREAKS = 10;

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * The product form's own rules, in this order: the required fields, then the variations. The dialog checks them
 * before sending (after dropping variation rows without a name or value); the server checks them first of all.
 */
export function productFormProblem(input: unknown): string | null {
  const body = record(input);
  if (['name', 'description', 'price', 'category'].some((field) => blank(body[field]))) return REQUIRED_FIELDS_MESSAGE;
  if (body.hasVariations !== true) return null;
  const variations = Array.isArray(body.variations) ? body.variations : [];
  if (variations.length === 0) return NO_VARIATIONS_MESSAGE;
  if (variations.some((variation) => blank(record(variation).name) || blank(record(variation).value)))
    return VARIATION_FIELDS_MESSAGE;
  return null;
}

/** A signed rupee amount in paise (a variation's price adjustment). */
const adjustment = numeric('Price adjustment').transform((text, ctx) => {
  const paise = parseRupees(text.replace(/^-/, ''));
  if (paise === null) {
    ctx.addIssue({ code: 'custom', message: 'Price adjustment must be in steps of 0.01' });
    return z.NEVER;
  }
  return text.startsWith('-') ? -paise : paise;
});

const optional = <T extends z.ZodType>(schema: T) =>
  z
    .preprocess((value) => (blank(value) ? null : value), schema.nullable())
    .optional()
    .default(null);

const wholeNumber = (field: string, min: number) =>
  z.coerce
    .number({ error: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be at least ${min}`)
    .max(1_000_000_000, `${field} is too large`);

const cartonWeight = numeric('Carton weight').transform((text, ctx) => {
  const paise = parseRupees(text);
  if (paise === null) {
    ctx.addIssue({ code: 'custom', message: 'Carton weight must be 0 or more (kg, at most 2 decimals)' });
    return z.NEVER;
  }
  return toDecimalString(paise);
});

const rating = numeric('Rating').refine((text) => /^\d(\.\d)?$/.test(text) && Number(text) <= 5, {
  error: 'Rating must be between 0 and 5 in steps of 0.1',
});

/** Where an image may come from: an upload of ours, or an https address on a known image host (lib/images.ts). */
export const imageUrlSchema = singleLine()
  .trim()
  .max(1000, 'Image URL is too long')
  .refine((url) => uploadedImage(url) !== null || /^\/images\/[\w\-./]+$/.test(url) || onImageHost(url), {
    error: `Image URL must be an uploaded image or an https address on ${IMAGE_HOSTS.join(' or ')}`,
  });

const onImageHost = (url: string) =>
  URL.canParse(url) && new URL(url).protocol === 'https:' && (IMAGE_HOSTS as readonly string[]).includes(new URL(url).hostname);

/** A quantity break as the staff set it: from `minCartons` cartons on, a carton costs `price`. */
const priceBreakSchema = z.strictObject({
  minCartons: wholeNumber("A break's cartons", 2).max(
    MAX_QUANTITY_WITHOUT_VARIATION,
    `A break's cartons must be at most ${MAX_QUANTITY_WITHOUT_VARIATION}`,
  ),
  price: rupees("A break's price"),
});
export const priceBreaksSchema = z.array(priceBreakSchema).max(MAX_PRICE_BREAKS, `At most ${MAX_PRICE_BREAKS} quantity breaks`);

/**
 * What is wrong with a carton price's breaks, or null: each from more cartons than the one before and cheaper than
 * it (a break that costs more is a slip of the keyboard, not a price).
 */
export function priceBreaksProblem(price: Paise, breaks: readonly PriceBreak[]): string | null {
  let before = { minCartons: 1, price };
  for (const next of breaks) {
    const paise = parseRupees(next.price) ?? 0;
    if (next.minCartons <= before.minCartons) return 'Quantity breaks go from fewer cartons to more, each once';
    if (paise >= before.price)
      return `The break from ${next.minCartons} cartons must cost less than ${toDecimalString(before.price)} a carton`;
    before = { minCartons: next.minCartons, price: paise };
  }
  return null;
}

export const CARTON_RULE_MESSAGE = 'The minimum order must be a multiple of the carton step';

const cartonOverrides = {
  unitsPerCarton: optional(wholeNumber('Units per carton', 1)),
  unitType: optional(z.enum(UNIT_TYPES, { error: `Unit type must be one of ${UNIT_TYPES.join(', ')}` })),
  cartonWeight: optional(cartonWeight),
  cartonDimensions: optional(singleLine().trim().max(100, 'Carton dimensions must be at most 100 characters')),
};

const variationSchema = z.strictObject({
  /** The variation being edited; without it a new one is made (or the one of the same type and value is kept). */
  id: z.number().int().positive().optional(),
  name: singleLine().trim().min(1, VARIATION_FIELDS_MESSAGE).max(100, 'Variation name must be at most 100 characters'),
  type: z.enum(VARIATION_TYPES, { error: `Variation type must be one of ${VARIATION_TYPES.join(', ')}` }),
  value: singleLine().trim().min(1, VARIATION_FIELDS_MESSAGE).max(100, 'Variation value must be at most 100 characters'),
  priceAdjustment: adjustment.optional().default(0),
  /** Blank: the shop does not count this option's stock, and it can be enquired on. */
  stockQuantity: optional(wholeNumber('Variation stock', 0)),
  isActive: z.boolean({ error: 'isActive must be true or false' }).optional().default(true),
  ...cartonOverrides,
  /** Blank: the product's minimum and step. */
  minCartons: optional(
    wholeNumber('Minimum order', 1).max(
      MAX_QUANTITY_WITHOUT_VARIATION,
      `Minimum order must be at most ${MAX_QUANTITY_WITHOUT_VARIATION}`,
    ),
  ),
  cartonStep: optional(
    wholeNumber('Carton step', 1).max(
      MAX_QUANTITY_WITHOUT_VARIATION,
      `Carton step must be at most ${MAX_QUANTITY_WITHOUT_VARIATION}`,
    ),
  ),
  priceBreaks: priceBreaksSchema.optional().default([]),
  // What a variation read back carries besides: accepted and ignored, so a loaded variation can be sent as it is.
  productId: z.unknown().optional(),
  price: z.unknown().optional(),
  originalPrice: z.unknown().optional(),
  sortOrder: z.unknown().optional(),
});

const productFields = z
  .strictObject({
    name: singleLine().trim().min(1, REQUIRED_FIELDS_MESSAGE).max(200, 'Name must be at most 200 characters'),
    description: multiLine().trim().min(1, REQUIRED_FIELDS_MESSAGE).max(5000, 'Description must be at most 5000 characters'),
    // The Malayalam pages' name and description; left empty, those pages show the English (docs/malayalam.md).
    nameMl: optional(singleLine().trim().max(200, 'Name in Malayalam must be at most 200 characters')),
    descriptionMl: optional(multiLine().trim().max(5000, 'Description in Malayalam must be at most 5000 characters')),
    price: rupees('Price'),
    originalPrice: optional(rupees('Original price')),
    category: z.enum(CATEGORY_VALUES, { error: `Category must be one of ${CATEGORY_VALUES.join(', ')}` }),
    imageUrl: z
      .union([z.literal(''), imageUrlSchema])
      .optional()
      .default(''),
    imageUrls: z
      .array(imageUrlSchema)
      .max(MAX_PRODUCT_IMAGES, `Maximum ${MAX_PRODUCT_IMAGES} images allowed`)
      .optional()
      .default([]),
    inStock: z.boolean({ error: 'inStock must be true or false' }).optional().default(true),
    featured: z.boolean({ error: 'featured must be true or false' }).optional().default(false),
    rating: rating.optional().default(DEFAULT_RATING),
    reviewCount: wholeNumber('Review count', 0).optional().default(0),
    stockQuantity: optional(wholeNumber('Stock quantity', 0)),
    unitsPerCarton: wholeNumber('Units per carton', 1).optional().default(DEFAULT_UNITS_PER_CARTON),
    unitType: z
      .enum(UNIT_TYPES, { error: `Unit type must be one of ${UNIT_TYPES.join(', ')}` })
      .optional()
      .default(DEFAULT_UNIT_TYPE),
    cartonWeight: optional(cartonWeight),
    cartonDimensions: cartonOverrides.cartonDimensions,
    hsnCode: optional(hsnCodeSchema),
    gstRate: gstRateSchema.optional().default(DEFAULT_GST_RATE),
    minCartons: wholeNumber('Minimum order', 1)
      .max(MAX_QUANTITY_WITHOUT_VARIATION, `Minimum order must be at most ${MAX_QUANTITY_WITHOUT_VARIATION}`)
      .optional()
      .default(1),
    cartonStep: wholeNumber('Carton step', 1)
      .max(MAX_QUANTITY_WITHOUT_VARIATION, `Carton step must be at most ${MAX_QUANTITY_WITHOUT_VARIATION}`)
      .optional()
      .default(1),
    priceBreaks: priceBreaksSchema.optional().default([]),
    hasVariations: z.boolean({ error: 'hasVariations must be true or false' }).optional().default(false),
    variations: z.array(variationSchema).max(MAX_VARIATIONS, `At most ${MAX_VARIATIONS} variations`).optional().default([]),
  })
  .transform((product, ctx) => {
    const price = parseRupees(product.price) ?? 0;
    // Turning variations off clears the list.
    const variations = product.hasVariations ? product.variations : [];
    const below = variations.findIndex((variation) => price + variation.priceAdjustment < 0);
    if (below >= 0) {
      const path = ['variations', below, 'priceAdjustment'];
      ctx.addIssue({ code: 'custom', path, message: 'A price adjustment cannot take a price below 0' });
      return z.NEVER;
    }
    const problems: Array<[PropertyKey[], string | null]> = [
      [['minCartons'], product.minCartons % product.cartonStep === 0 ? null : CARTON_RULE_MESSAGE],
      [['priceBreaks'], priceBreaksProblem(price, product.priceBreaks)],
      ...variations.flatMap((variation, index): Array<[PropertyKey[], string | null]> => {
        const rule = cartonRule(product, variation);
        return [
          [['variations', index, 'minCartons'], rule.minCartons % rule.cartonStep === 0 ? null : CARTON_RULE_MESSAGE],
          [['variations', index, 'priceBreaks'], priceBreaksProblem(price + variation.priceAdjustment, variation.priceBreaks)],
        ];
      }),
    ];
    const broken = problems.filter((problem): problem is [PropertyKey[], string] => problem[1] !== null);
    for (const [path, message] of broken) ctx.addIssue({ code: 'custom', path, message });
    if (broken.length) return z.NEVER;
    // The primary image is the first of the list; a lone URL is the list.
    const imageUrls = product.imageUrls.length ? product.imageUrls : product.imageUrl ? [product.imageUrl] : [];
    return { ...product, variations, imageUrls, imageUrl: imageUrls[0] ?? '' };
  });

/** The body of POST /api/admin/products and of a whole PATCH: the form's rules first, then each field's. */
export const productBodySchema = z
  .unknown()
  .superRefine((input, ctx) => {
    const problem = productFormProblem(input);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, abort: true });
  })
  .pipe(productFields);

export type ProductBody = z.output<typeof productBodySchema>;
export type ProductBodyInput = z.input<typeof productFields>;
export type VariationBody = ProductBody['variations'][number];

/** PATCH /api/admin/products/{id} with only inStock: the list's stock toggle. */
export const stockToggleSchema = z.strictObject({ inStock: z.boolean({ error: 'inStock must be true or false' }) });

export const adminProductListQuerySchema = z.strictObject({
  ...pagingFields,
  category: z.enum(CATEGORY_VALUES, { error: `'category' must be one of ${CATEGORY_VALUES.join(', ')}` }).optional(),
});
export type AdminProductListQuery = z.output<typeof adminProductListQuerySchema>;

export const adminProductParamsSchema = z.strictObject({ id: pathIdSchema('Product id') });

/** A variation as the admin reads it: its absolute price, and the adjustment the dialog edits. */
export interface AdminVariation extends Omit<ProductVariation, 'price'> {
  price: string;
  priceAdjustment: string;
}

/** A product as the admin reads it: every variation, active or not, its Malayalam name and description, and its GST fields. */
export interface AdminProduct extends Product {
  nameMl: string | null;
  descriptionMl: string | null;
  variations: AdminVariation[];
  hsnCode: string | null;
  gstRate: GstRate;
}

export interface AdminProductPage {
  items: AdminProduct[];
  total: number;
  page: number;
  pageSize: number;
  /** The four stat cards, over the whole catalogue. */
  stats: { total: number; inStock: number; outOfStock: number; featured: number };
}

export type AdminProductWithHistory = AdminProduct & { history: AuditEntry[] };

/** DELETE /api/admin/delete-image. */
export const deleteImageBodySchema = z.strictObject({ imageUrl: imageUrlSchema });

const FULL_ADDRESS = "Give the photo's full address, starting with https:// or http://";
const parsedAddress = (text: string) => (URL.canParse(text) ? new URL(text) : null);

/** A photo's address on any website, as the staff paste it; the server fetches it once (its own checks then). */
export const photoAddressSchema = singleLine()
  .trim()
  .min(1, FULL_ADDRESS)
  .max(2000, 'That address is too long')
  .refine((text) => ['https:', 'http:'].includes(parsedAddress(text)?.protocol ?? ''), { error: FULL_ADDRESS, abort: true })
  .refine((text) => !parsedAddress(text)?.username && !parsedAddress(text)?.password, {
    error: 'The address must not hold a user name or password',
  });

/** POST /api/admin/fetch-image: the server fetches the photo and keeps it as an upload. */
export const fetchImageBodySchema = z.strictObject({ url: photoAddressSchema });
