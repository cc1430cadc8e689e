import type { Category, UnitType, VariationType } from '../../../core/constants.ts';

/** The drawing a demo product image shows; see product-art.ts. */
export type ArtKind =
  | 'round-plate'
  | 'square-plate'
  | 'partition-plate'
  | 'container'
  | 'clamshell'
  | 'bowl'
  | 'cup'
  | 'spoon'
  | 'fork'
  | 'knife'
  | 'cutlery-set'
  | 'combo'
  | 'meals-tray';

export interface SeedArt {
  /** File name without extension, unique across the catalogue, e.g. 'areca-round-plate-10in'. */
  file: string;
  kind: ArtKind;
  /** Material decides the palette: areca leaf (tan, veined), bagasse (off-white), kraft (brown), wood (birch). */
  material: 'areca' | 'bagasse' | 'kraft' | 'wood';
}

export interface SeedVariation {
  type: VariationType;
  name: string;
  value: string;
  /** Per-carton price in rupees as a decimal string ('450.00'), or null: the product's price applies. */
  price: string | null;
  originalPrice?: string | null;
  stockQuantity: number;
  unitsPerCarton?: number | null;
  unitType?: UnitType | null;
  cartonWeight?: string | null;
  cartonDimensions?: string | null;
  isActive?: boolean;
}

export interface SeedProduct {
  name: string;
  description: string;
  category: Category;
  /** Per-carton price in rupees, decimal string with 2 places. */
  price: string;
  originalPrice?: string | null;
  /** 1 to 3 images; the first is the primary one. */
  images: SeedArt[];
  rating: string;
  reviewCount: number;
  inStock: boolean;
  featured: boolean;
  unitsPerCarton: number;
  unitType: UnitType;
  /** Kilograms, decimal string. */
  cartonWeight: string | null;
  cartonDimensions: string | null;
  specifications: Record<string, string>;
  tags: string[];
  /** In display order; sortOrder is the index. Non-empty means hasVariations. */
  variations: SeedVariation[];
}
