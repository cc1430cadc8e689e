import type { Category, UnitType, VariationType } from '#domains/catalogue/categories.ts';
import type { GstRate } from '#domains/tax/gst.ts';

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

/** A product's HSN code (8 digits) and GST rate, as the seed writes them. */
export interface SeedTax {
  hsnCode: string;
  gstRate: GstRate;
}

export interface SeedProduct {
  name: string;
  description: string;
  /**
   * The Malayalam pages' name and a short description, as a Kerala shopkeeper says them (docs/malayalam.md's glossary:
   * പാള for areca, sizes in Western digits).
   */
  nameMl: string;
  descriptionMl: string;
  category: Category;
  /** Set for each product by what it is made of (catalogue.ts), never guessed from its name. */
  tax: SeedTax;
  /**
   * A combo pack's parts, by the names of the seeded products it holds. Sold together at one price they are a mixed
   * supply (CGST Act s. 8(b)): the pack is taxed at the highest rate among its parts.
   */
  comboOf?: string[];
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
