import { createContext, useContext } from 'react';

import type { Product } from '#domains/catalogue/model.ts';
import type { Selection } from '#domains/catalogue/ui/variation-choice.ts';

/**
 * What a product card and the product page do with a chosen product: the enquiry cart's lines and the ways into it.
 * The cart and the enquiry sit above the catalogue, so the catalogue only names what it needs here, and the storefront's
 * frame (app/shell/PublicShell.tsx) provides the hook that does it.
 */
export interface ProductActions {
  /** The lines in the enquiry cart, to say a product is in it already. */
  cart: readonly { productId: number; optionIds: readonly number[] }[];
  /** A line is being added (by this card or page). */
  adding: boolean;
  /** Adds a line to the cart; resolves false (after telling the customer) when the server refuses. */
  addLine(
    product: Product,
    line: { variationId: number | null; optionIds: number[]; quantity: number },
    failure?: string,
  ): Promise<boolean>;
  /** Adds the chosen options of a product to the cart (a card, the options dialog). */
  addToCart(product: Product, selection: Selection, quantity: number, failure?: string): Promise<boolean>;
  /** Sends this one line straight to checkout, without the cart (a direct enquiry). */
  enquireDirectly(product: Product, selection: Selection, quantity: number): void;
}

/**
 * The hook itself is provided, not its answer, so each card and page still holds its own adding state, as a hook
 * called in it does.
 */
export const ProductActionsHook = createContext<(() => ProductActions) | null>(null);

/** The product actions of the storefront this card or page is in. */
export function useProductActions(): ProductActions {
  const useActions = useContext(ProductActionsHook);
  if (!useActions) throw new Error('A product card or page is shown outside the storefront, which provides its actions');
  return useActions();
}
