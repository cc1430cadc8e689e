import type { Category } from '../../../../core/constants';
import {
  DEFAULT_RATING,
  DEFAULT_UNIT_TYPE,
  DEFAULT_UNITS_PER_CARTON,
  type UnitType,
  type VariationType,
} from '../../../../core/constants';
import type { GstRate } from '../../../../core/gst';
import type { AdminProduct, ProductBodyInput } from '../../../../core/schemas/product-admin';
import { DEFAULT_GST_RATE } from '../../../../core/schemas/quote';

/** A variation row as the dialog edits it: every field as typed. */
export interface VariationDraft {
  /** React's key: the id of a saved variation, a made-up one for a new row. */
  key: string;
  id?: number;
  name: string;
  type: VariationType;
  value: string;
  priceAdjustment: string;
  stockQuantity: string;
  isActive: boolean;
  unitsPerCarton: string;
  unitType: UnitType | '';
  cartonWeight: string;
  cartonDimensions: string;
}

/** The product dialog's fields, as typed (spec: Product dialog). */
export interface ProductDraft {
  name: string;
  description: string;
  price: string;
  originalPrice: string;
  category: Category | '';
  /** The first is the primary image. */
  imageUrls: string[];
  inStock: boolean;
  featured: boolean;
  rating: string;
  reviewCount: string;
  stockQuantity: string;
  unitsPerCarton: string;
  unitType: UnitType;
  cartonWeight: string;
  cartonDimensions: string;
  hsnCode: string;
  gstRate: GstRate;
  hasVariations: boolean;
  variations: VariationDraft[];
}

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

let rowCounter = 0;
export function newVariation(): VariationDraft {
  rowCounter += 1;
  return {
    key: `new-${rowCounter}`,
    name: 'Size',
    type: 'size',
    value: '',
    priceAdjustment: '0',
    stockQuantity: '0',
    isActive: true,
    unitsPerCarton: '',
    unitType: '',
    cartonWeight: '',
    cartonDimensions: '',
  };
}

/** An empty form (add mode) or the product's values (edit mode, every variation loaded, active or not). */
export function draftOf(product: AdminProduct | null): ProductDraft {
  if (!product) {
    return {
      name: '',
      description: '',
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
      gstRate: DEFAULT_GST_RATE,
      hasVariations: false,
      variations: [],
    };
  }
  return {
    name: product.name,
    description: product.description,
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
    gstRate: product.gstRate,
    hasVariations: product.hasVariations,
    variations: product.variations.map((variation) => ({
      key: `saved-${variation.id}`,
      id: variation.id,
      name: variation.name,
      type: variation.type as VariationType,
      value: variation.value,
      priceAdjustment: variation.priceAdjustment,
      stockQuantity: String(variation.stockQuantity),
      isActive: variation.isActive,
      unitsPerCarton: text(variation.unitsPerCarton),
      unitType: (variation.unitType ?? '') as UnitType | '',
      cartonWeight: text(variation.cartonWeight),
      cartonDimensions: text(variation.cartonDimensions),
    })),
  };
}

const orDefault = (value: string) => (value.trim() === '' ? undefined : value.trim());

/**
 * The body the dialog sends (spec section 7): variation rows without a name or a value are dropped first (spec:
 * product dialog); empty optional fields go as null, empty defaulted ones are left to their defaults.
 */
export function bodyOf(draft: ProductDraft): ProductBodyInput {
  const variations = draft.hasVariations
    ? draft.variations.filter((variation) => variation.name.trim() !== '' && variation.value.trim() !== '')
    : [];
  return {
    name: draft.name,
    description: draft.description,
    price: draft.price,
    originalPrice: draft.originalPrice.trim() || null,
    category: draft.category as Category,
    imageUrl: draft.imageUrls[0] ?? '',
    imageUrls: draft.imageUrls,
    inStock: draft.inStock,
    featured: draft.featured,
    rating: orDefault(draft.rating),
    reviewCount: orDefault(draft.reviewCount),
    stockQuantity: draft.stockQuantity.trim() || null,
    unitsPerCarton: orDefault(draft.unitsPerCarton),
    unitType: draft.unitType,
    cartonWeight: draft.cartonWeight.trim() || null,
    cartonDimensions: draft.cartonDimensions.trim() || null,
    hsnCode: draft.hsnCode.trim() || null,
    gstRate: draft.gstRate,
    hasVariations: draft.hasVariations,
    variations: variations.map((variation) => ({
      ...(variation.id !== undefined && { id: variation.id }),
      name: variation.name,
      type: variation.type,
      value: variation.value,
      priceAdjustment: orDefault(variation.priceAdjustment) ?? 0,
      stockQuantity: orDefault(variation.stockQuantity) ?? 0,
      isActive: variation.isActive,
      unitsPerCarton: variation.unitsPerCarton.trim() || null,
      unitType: variation.unitType || null,
      cartonWeight: variation.cartonWeight.trim() || null,
      cartonDimensions: variation.cartonDimensions.trim() || null,
    })),
  };
}
