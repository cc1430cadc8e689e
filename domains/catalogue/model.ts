import type { PriceBreak } from '#domains/pricing/model.ts';

import type { Category } from './categories.ts';

/** What the catalogue is filtered by; absent means no filter ('all' and empty search are absent). */
export interface ProductFilter {
  category?: Category;
  search?: string;
  featured?: boolean;
}

/** A product as the API and the pages see it. */
export interface Product {
  id: number;
  name: string;
  description: string;
  category: Category;
  /** Per carton, decimal string. */
  price: string;
  originalPrice: string | null;
  imageUrl: string;
  imageUrls: string[];
  rating: string;
  reviewCount: number;
  inStock: boolean;
  featured: boolean;
  hasVariations: boolean;
  stockQuantity: number | null;
  unitsPerCarton: number;
  unitType: string;
  /** Kilograms, decimal string. */
  cartonWeight: string | null;
  cartonDimensions: string | null;
  specifications: Record<string, string>;
  tags: string[];
  /** Sold in at least this many cartons, in multiples of cartonStep (domains/catalogue/carton-rules.ts). */
  minCartons: number;
  cartonStep: number;
  /** Cheaper carton prices from a number of cartons on, ascending; `price` stays the catalogue's carton price. */
  priceBreaks: PriceBreak[];
}

export interface ProductVariation {
  id: number;
  productId: number;
  type: string;
  name: string;
  value: string;
  /** Per carton; null means the product's price applies. */
  price: string | null;
  originalPrice: string | null;
  /** Cartons in stock; null when the shop does not count them (in stock, up to a line's 999). */
  stockQuantity: number | null;
  unitsPerCarton: number | null;
  unitType: string | null;
  cartonWeight: string | null;
  cartonDimensions: string | null;
  sortOrder: number;
  isActive: boolean;
  /** Null: the product's. */
  minCartons: number | null;
  cartonStep: number | null;
  /** This option's own breaks; empty: the product's, unless the option has its own price. */
  priceBreaks: PriceBreak[];
}

type Packing = Pick<
  ProductVariation,
  'unitsPerCarton' | 'unitType' | 'cartonWeight' | 'cartonDimensions' | 'minCartons' | 'cartonStep'
>;

/**
 * An option's packing, where it travels on with the option (a cart line, the option's saved row): the units a carton
 * and their kind, the carton's weight and size, and the carton rule. Null where the option takes the product's.
 */
export function packingOf<T extends Packing>({
  unitsPerCarton,
  unitType,
  cartonWeight,
  cartonDimensions,
  minCartons,
  cartonStep,
}: T) {
  return { unitsPerCarton, unitType, cartonWeight, cartonDimensions, minCartons, cartonStep };
}

/** One page of a filtered, sorted product list; `total` counts every product the filter finds. */
export interface ProductPage {
  products: Product[];
  total: number;
  page: number;
  pageSize: number;
}

/** The header beside GET /api/products's list: how many products the filter finds on every page. */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/** How many pages a list of `total` has (an empty list still has its one, empty page). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** What a search that found nothing suggests instead (GET /api/products/suggestions). */
export interface SearchSuggestions {
  searches: string[];
  categories: Category[];
}
