import { createContext, useContext, useState } from 'react';

import type { Product } from '#domains/catalogue/model.ts';
import { type Selection, selectionIds } from '#domains/catalogue/ui/variation-choice.ts';

type CartLine = { variationId: number | null; optionIds: number[]; quantity: number };

/**
 * What the storefront does with a chosen product, once for the whole page: the enquiry cart's lines and the ways into
 * it. The cart and the enquiry sit above the catalogue, so the catalogue only names what it needs here, and the
 * storefront's frame (app/shell/PublicShell.tsx) provides it.
 */
export interface StorefrontCart {
  /** The lines in the enquiry cart, to say a product is in it already. */
  cart: readonly { productId: number; optionIds: readonly number[] }[];
  /** Adds a line to the cart; resolves, once the cart shows it, false (after telling the customer) when the server refuses. */
  addLine(product: Product, line: CartLine, failure?: string): Promise<boolean>;
  /** Sends this one line straight to checkout, without the cart (a direct enquiry). */
  enquireDirectly(product: Product, selection: Selection, quantity: number): void;
}

/** What a product card or the product page does: the storefront's cart, with its own line being added. */
export interface ProductActions extends StorefrontCart {
  /** A line is being added by this card or page. */
  adding: boolean;
  /** Adds the chosen options of a product to the cart (a card, the options dialog). */
  addToCart(product: Product, selection: Selection, quantity: number, failure?: string): Promise<boolean>;
}

export const StorefrontCartContext = createContext<StorefrontCart | null>(null);

/**
 * The product actions of the storefront this card or page is in. The cart is the page's one copy; only whether this
 * card is adding is the card's own, so a grid of 48 cards neither watches the cart 48 times nor holds 48 requests'
 * state while hydrating.
 */
export function useProductActions(): ProductActions {
  const storefront = useContext(StorefrontCartContext);
  const [adding, setAdding] = useState(false);
  if (!storefront) throw new Error('A product card or page is shown outside the storefront, which provides its actions');
  const addLine = async (product: Product, line: CartLine, failure?: string) => {
    setAdding(true);
    try {
      return await storefront.addLine(product, line, failure);
    } finally {
      setAdding(false);
    }
  };
  return {
    ...storefront,
    adding,
    addLine,
    addToCart: (product, selection, quantity, failure) =>
      addLine(product, { variationId: selection.variation?.id ?? null, optionIds: selectionIds(selection), quantity }, failure),
  };
}
