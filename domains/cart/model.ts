// A line of the enquiry cart as the server answers it: the product and its pricing option as they are now.
import type { LinePrices } from '#domains/pricing/model.ts';

/** A chosen option of a line, as the cart shows it. */
export interface LineOption {
  id: number;
  type: string;
  name: string;
  value: string;
}

/** A cart line's option with its stock: the line's ceiling is the smallest among them (domains/catalogue/variations.ts lineCeiling). */
export interface StockedOption extends LineOption {
  stockQuantity: number | null;
}

export interface CartItem {
  id: number;
  productId: number;
  /** The option that prices the line (see domains/catalogue/variations.ts). */
  variationId: number | null;
  quantity: number;
  product: {
    name: string;
    price: string;
    description: string;
    imageUrl: string;
    unitsPerCarton: number;
    unitType: string;
    cartonWeight: string | null;
    cartonDimensions: string | null;
    inStock: boolean;
    minCartons: number;
    cartonStep: number;
  };
  variation: {
    name: string;
    type: string;
    value: string;
    price: string | null;
    stockQuantity: number | null;
    unitsPerCarton: number | null;
    unitType: string | null;
    cartonWeight: string | null;
    cartonDimensions: string | null;
    minCartons: number | null;
    cartonStep: number | null;
  } | null;
  /** What prices the line for whoever asks: its carton price and breaks (the price group's, if any). */
  prices: LinePrices;
  /** Every chosen option's id, one per variation type, ascending ([] without variations). */
  optionIds: number[];
  /** The same options in the product's type order. */
  options: StockedOption[];
}
