import { z } from 'zod';

import {
  CATEGORY_VALUES,
  DEFAULT_RATING,
  UNIT_TYPES,
  type UnitType,
  VARIATION_TYPES,
  type VariationType,
} from '#domains/catalogue/categories.ts';
import { DEFAULT_UNIT_TYPE, DEFAULT_UNITS_PER_CARTON, type PriceBreak } from '#domains/pricing/model.ts';
import { DEFAULT_GST_RATE } from '#domains/tax/line-schema.ts';

import {
  type AdminProduct,
  NO_VARIATIONS_MESSAGE,
  type ProductBodyInput,
  productBodySchema,
  REQUIRED_FIELDS_MESSAGE,
  VARIATION_FIELDS_MESSAGE,
} from './product-admin-schema.ts';

/** The toast 'Image required' when no image is given; the dialog says it under the images too. */
export const IMAGE_REQUIRED_TITLE = 'Image required';
export const IMAGE_REQUIRED_MESSAGE = 'Please upload an image or give an image URL.';

const variationRow = z.object({
  /** The saved variation this row edits; none for a new row. */
  variationId: z.number().optional(),
  name: z.string(),
  type: z.enum(VARIATION_TYPES),
  value: z.string(),
  priceAdjustment: z.string(),
  stockQuantity: z.string(),
  isActive: z.boolean(),
  unitsPerCarton: z.string(),
  unitType: z.union([z.enum(UNIT_TYPES), z.literal('')]),
  cartonWeight: z.string(),
  cartonDimensions: z.string(),
  minCartons: z.string(),
  cartonStep: z.string(),
  priceBreaks: z.string(),
});

/** The product dialog's fields as typed: text as text, the checkboxes as booleans, the first image the primary one. */
const formFields = z.object({
  name: z.string(),
  description: z.string(),
  nameMl: z.string(),
  descriptionMl: z.string(),
  price: z.string(),
  originalPrice: z.string(),
  category: z.union([z.enum(CATEGORY_VALUES), z.literal('')]),
  imageUrls: z.array(z.string()),
  inStock: z.boolean(),
  featured: z.boolean(),
  rating: z.string(),
  reviewCount: z.string(),
  stockQuantity: z.string(),
  unitsPerCarton: z.string(),
  unitType: z.enum(UNIT_TYPES),
  cartonWeight: z.string(),
  cartonDimensions: z.string(),
  hsnCode: z.string(),
  gstRate: z.string(),
  minCartons: z.string(),
  cartonStep: z.string(),
  /** '10 = 900, 50 = 850': from 10 cartons ₹900 a carton, from 50 ₹850. */
  priceBreaks: z.string(),
  hasVariations: z.boolean(),
  variations: z.array(variationRow),
});

export type ProductFormValues = z.input<typeof formFields>;
export type VariationRow = ProductFormValues['variations'][number];

const blank = (text: string) => text.trim() === '';

export const BREAKS_FORMAT_MESSAGE = 'Write each break as cartons = price a carton, for example 10 = 900, 50 = 850';
const BREAK = /^(\d{1,6})\s*=\s*₹?\s*(\d+(?:\.\d+)?)$/;

/** Breaks as the form shows them: '10 = 900.00, 50 = 850.00' ('' without breaks). */
export const breaksText = (breaks: readonly PriceBreak[]): string => breaks.map((b) => `${b.minCartons} = ${b.price}`).join(', ');

/** The breaks typed in the form (commas or new lines between them), or null when the text is not in that form. */
export function parseBreaksText(text: string): PriceBreak[] | null {
  const parts = text
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
  const breaks = parts
    .map((part) => BREAK.exec(part))
    .map((match) => match && { minCartons: Number(match[1]), price: match[2] as string });
  return breaks.every((b) => b !== null) ? breaks : null;
}
const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));
const orDefault = (value: string) => (blank(value) ? undefined : value.trim());
const orNull = (value: string) => (blank(value) ? null : value.trim());

/**
 * A row with neither a name nor a value was left empty: it is dropped, as the requirements say of rows lacking them.
 * A row with one and not the other was half filled in: it is refused, so nothing typed is lost unseen
 * (docs/conventions.md#the-product-dialog-is-built-like-every-form-its-refusals-at-their-fields-a-half-filled-variation-said).
 */
const emptyRow = (row: VariationRow) => blank(row.name) && blank(row.value);

/** The form positions of the variations that are sent, in order (the body's index → the form's row). */
const sentRows = (values: ProductFormValues) =>
  values.hasVariations ? values.variations.flatMap((row, index) => (emptyRow(row) ? [] : [index])) : [];

/** A new variation row: nothing typed yet. */
export const newVariationRow = (): VariationRow => ({
  name: '',
  type: 'size',
  value: '',
  priceAdjustment: '0',
  stockQuantity: '',
  isActive: true,
  unitsPerCarton: '',
  unitType: '',
  cartonWeight: '',
  cartonDimensions: '',
  minCartons: '',
  cartonStep: '',
  priceBreaks: '',
});

/** An empty form (add mode) or the product's values (edit mode, every variation loaded, active or not). */
export function productFormValues(product: AdminProduct | null): ProductFormValues {
  if (!product) {
    return {
      name: '',
      description: '',
      nameMl: '',
      descriptionMl: '',
      price: '',
      originalPrice: '',
      category: '',
      imageUrls: [],
      inStock: true,
      featured: false,
      rating: DEFAULT_RATING,
      reviewCount: '0',
      stockQuantity: '',
      unitsPerCarton: String(DEFAULT_UNITS_PER_CARTON),
      unitType: DEFAULT_UNIT_TYPE,
      cartonWeight: '',
      cartonDimensions: '',
      hsnCode: '',
      gstRate: String(DEFAULT_GST_RATE),
      minCartons: '1',
      cartonStep: '1',
      priceBreaks: '',
      hasVariations: false,
      variations: [],
    };
  }
  return {
    name: product.name,
    description: product.description,
    nameMl: text(product.nameMl),
    descriptionMl: text(product.descriptionMl),
    price: product.price,
    originalPrice: text(product.originalPrice),
    category: product.category,
    imageUrls: product.imageUrls.length ? product.imageUrls : product.imageUrl ? [product.imageUrl] : [],
    inStock: product.inStock,
    featured: product.featured,
    rating: product.rating,
    reviewCount: String(product.reviewCount),
    stockQuantity: text(product.stockQuantity),
    unitsPerCarton: String(product.unitsPerCarton),
    unitType: product.unitType as UnitType,
    cartonWeight: text(product.cartonWeight),
    cartonDimensions: text(product.cartonDimensions),
    hsnCode: text(product.hsnCode),
    gstRate: String(product.gstRate),
    minCartons: String(product.minCartons),
    cartonStep: String(product.cartonStep),
    priceBreaks: breaksText(product.priceBreaks),
    hasVariations: product.hasVariations,
    variations: product.variations.map((variation) => ({
      variationId: variation.id,
      name: variation.name,
      type: variation.type as VariationType,
      value: variation.value,
      priceAdjustment: variation.priceAdjustment,
      stockQuantity: text(variation.stockQuantity),
      isActive: variation.isActive,
      unitsPerCarton: text(variation.unitsPerCarton),
      unitType: (variation.unitType ?? '') as UnitType | '',
      cartonWeight: text(variation.cartonWeight),
      cartonDimensions: text(variation.cartonDimensions),
      minCartons: text(variation.minCartons),
      cartonStep: text(variation.cartonStep),
      priceBreaks: breaksText(variation.priceBreaks),
    })),
  };
}

/** The body the dialog sends: empty optional fields as null, empty defaulted ones left to their defaults. */
export function productBodyOf(values: ProductFormValues): ProductBodyInput {
  return {
    name: values.name,
    description: values.description,
    nameMl: orNull(values.nameMl),
    descriptionMl: orNull(values.descriptionMl),
    price: values.price,
    originalPrice: orNull(values.originalPrice),
    category: values.category as ProductBodyInput['category'],
    imageUrl: values.imageUrls[0] ?? '',
    imageUrls: values.imageUrls,
    inStock: values.inStock,
    featured: values.featured,
    rating: orDefault(values.rating),
    reviewCount: orDefault(values.reviewCount),
    stockQuantity: orNull(values.stockQuantity),
    unitsPerCarton: orDefault(values.unitsPerCarton),
    unitType: values.unitType,
    cartonWeight: orNull(values.cartonWeight),
    cartonDimensions: orNull(values.cartonDimensions),
    hsnCode: orNull(values.hsnCode),
    gstRate: values.gstRate,
    minCartons: orDefault(values.minCartons),
    cartonStep: orDefault(values.cartonStep),
    priceBreaks: parseBreaksText(values.priceBreaks) ?? [],
    hasVariations: values.hasVariations,
    variations: sentRows(values).map((index) => {
      const row = values.variations[index] as VariationRow;
      return {
        ...(row.variationId !== undefined && { id: row.variationId }),
        name: row.name,
        type: row.type,
        value: row.value,
        priceAdjustment: orDefault(row.priceAdjustment) ?? 0,
        stockQuantity: orNull(row.stockQuantity),
        isActive: row.isActive,
        unitsPerCarton: orNull(row.unitsPerCarton),
        unitType: row.unitType || null,
        cartonWeight: orNull(row.cartonWeight),
        cartonDimensions: orNull(row.cartonDimensions),
        minCartons: orNull(row.minCartons),
        cartonStep: orNull(row.cartonStep),
        priceBreaks: parseBreaksText(row.priceBreaks) ?? [],
      };
    }),
  };
}

const FORM_FIELDS = new Set(Object.keys(formFields.shape));

/**
 * Where a message about the sent body belongs in the form: a field by its name, a variation by its row (empty rows
 * are not sent, so the body's index is not the form's), any image to the images; 'root' when no field is meant.
 */
export function productFormPath(path: readonly PropertyKey[], values: ProductFormValues): string {
  const [field, index, ...rest] = path.map(String);
  if (field === 'variations' && index !== undefined) {
    const row = sentRows(values)[Number(index)];
    return row === undefined ? 'hasVariations' : ['variations', row, ...rest].join('.');
  }
  return field !== undefined && FORM_FIELDS.has(field) ? field : 'root';
}

/**
 * The dialog's schema: the product form's own rules at the fields they are about (the image, the required fields, the
 * variations), then the API's own schema over the body the form would send, each message at its field. Its output
 * is that body.
 */
export const productFormSchema = formFields
  .superRefine((values, ctx) => {
    let broken = false;
    const refuse = (path: PropertyKey[], message: string) => {
      broken = true;
      ctx.addIssue({ code: 'custom', path, message });
    };
    if (values.imageUrls.length === 0) refuse(['imageUrls'], `${IMAGE_REQUIRED_TITLE}: ${IMAGE_REQUIRED_MESSAGE}`);
    for (const field of ['name', 'description', 'price', 'category'] as const) {
      if (blank(values[field])) refuse([field], REQUIRED_FIELDS_MESSAGE);
    }
    if (parseBreaksText(values.priceBreaks) === null) refuse(['priceBreaks'], BREAKS_FORMAT_MESSAGE);
    const rows = sentRows(values);
    if (values.hasVariations && rows.length === 0) refuse(['hasVariations'], NO_VARIATIONS_MESSAGE);
    for (const index of rows) {
      const row = values.variations[index] as VariationRow;
      for (const field of ['name', 'value'] as const) {
        if (blank(row[field])) refuse(['variations', index, field], VARIATION_FIELDS_MESSAGE);
      }
      if (parseBreaksText(row.priceBreaks) === null) refuse(['variations', index, 'priceBreaks'], BREAKS_FORMAT_MESSAGE);
    }
    if (broken) return;
    const checked = productBodySchema.safeParse(productBodyOf(values));
    for (const issue of checked.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', path: productFormPath(issue.path, values).split('.'), message: issue.message });
    }
  })
  .transform(productBodyOf);
