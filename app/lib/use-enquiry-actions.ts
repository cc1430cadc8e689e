import { useNavigate } from 'react-router';

import type { Product } from '#core/catalogue.ts';

import { trackEvent } from './analytics.ts';
import { directEnquiryItem, saveDirectEnquiry } from './enquiry-storage.ts';
import { useToast } from './toast.tsx';
import { useAddToCart } from './use-cart.ts';
import { failureToast } from './use-online.ts';
import { usePriceGroup } from './use-price-group.ts';
import { type Selection, selectionIds } from './variation-choice.ts';

export const ADD_FAILED = 'Failed to add item to enquiry cart. Please try again.';

/** What a product card or the options dialog does with a chosen product, options and quantity. */
export function useEnquiryActions() {
  const navigate = useNavigate();
  const toast = useToast();
  const add = useAddToCart();
  const terms = usePriceGroup();

  const addLine = async (
    product: Product,
    line: { variationId: number | null; optionIds: number[]; quantity: number },
    failure = ADD_FAILED,
  ): Promise<boolean> => {
    try {
      await add.mutateAsync({ productId: product.id, ...line });
      trackEvent('add_to_cart', { item_id: product.id, item_name: product.name, quantity: line.quantity });
      return true;
    } catch (error) {
      toast(failureToast(error, failure, 'Nothing was added to your enquiry cart.'));
      return false;
    }
  };

  return {
    adding: add.isPending,
    /**
     * Adds a line to the cart and tells analytics (add_to_cart); resolves false (after the toast) when the server
     * refuses. The one way every page adds, so none forgets the event.
     */
    addLine,
    /** Adds the chosen options of a product to the cart (a card, the options dialog). */
    addToCart(product: Product, selection: Selection, quantity: number, failure = ADD_FAILED): Promise<boolean> {
      return addLine(
        product,
        { variationId: selection.variation?.id ?? null, optionIds: selectionIds(selection), quantity },
        failure,
      );
    },
    /** Sends this one line straight to checkout, without the cart (a direct enquiry). */
    enquireDirectly(product: Product, selection: Selection, quantity: number): void {
      saveDirectEnquiry([directEnquiryItem(product, selection, quantity, terms)]);
      window.scrollTo(0, 0);
      void navigate('/checkout');
    },
  };
}
