import { useNavigate } from 'react-router';

import { useToast } from '#app/lib/toast.tsx';
import { failureToast } from '#app/lib/use-online.ts';
import { useAddToCart, useCart } from '#domains/cart/ui/use-cart.ts';
import type { Product } from '#domains/catalogue/model.ts';
import type { ProductActions } from '#domains/catalogue/ui/product-actions.ts';
import { type Selection, selectionIds } from '#domains/catalogue/ui/variation-choice.ts';
import { directEnquiryItem, saveDirectEnquiry } from '#domains/enquiry/ui/enquiry-storage.ts';
import { usePriceGroup } from '#domains/pricing/ui/use-price-group.ts';
import { trackEvent } from '#domains/settings/ui/analytics.ts';
import { msg } from '#lib/i18n/translate.ts';

export const ADD_FAILED: string = msg('Failed to add item to enquiry cart. Please try again.');

/**
 * What a product card or the options dialog does with a chosen product, options and quantity (the catalogue's
 * ProductActions, provided by the storefront's frame).
 */
export function useProductActions(): ProductActions {
  const { data: cart = [] } = useCart();
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
      toast(failureToast(error, failure, msg('Nothing was added to your enquiry cart.')));
      return false;
    }
  };

  return {
    cart,
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
