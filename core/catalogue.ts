import type { Category } from './constants.ts';

/** What the catalogue is filtered by; absent means no filter ('all' and empty search are absent). */
export interface ProductFilter {
  category?: Category;
  search?: string;
  featured?: boolean;
}

/** A product as the API and the pages see it (spec: storefront section 3). */
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
  stockQuantity: number;
  unitsPerCarton: number | null;
  unitType: string | null;
  cartonWeight: string | null;
  cartonDimensions: string | null;
  sortOrder: number;
  isActive: boolean;
}

/** What a search that found nothing suggests instead (GET /api/products/suggestions). */
export interface SearchSuggestions {
  searches: string[];
  categories: Category[];
}
