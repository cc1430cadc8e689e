import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';

import { useToast } from '#app/lib/toast.tsx';
import { failureToast } from '#app/lib/use-online.ts';
import type { CartItem } from '#domains/cart/model.ts';
import { addCartLine, useCart } from '#domains/cart/ui/use-cart.ts';
import type { Product } from '#domains/catalogue/model.ts';
import type { StorefrontCart } from '#domains/catalogue/ui/product-actions.ts';
import type { Selection } from '#domains/catalogue/ui/variation-choice.ts';
import { directEnquiryItem, saveDirectEnquiry } from '#domains/enquiry/ui/enquiry-storage.ts';
import { usePriceGroup } from '#domains/pricing/ui/price-group.tsx';
import { trackEvent } from '#domains/settings/ui/analytics.ts';
import { msg } from '#lib/i18n/translate.ts';

export const ADD_FAILED: string = msg('Failed to add item to enquiry cart. Please try again.');

/** One empty cart, not a new one each render: the storefront's actions are made again only when the cart changes. */
const NO_LINES: readonly CartItem[] = [];

/**
 * What the product cards, the product page and the options dialog do with a chosen product, options and quantity (the
 * catalogue's StorefrontCart), once for the page, provided by the storefront's frame.
 */
export function useStorefrontCart(): StorefrontCart {
  const cart = useCart().data ?? NO_LINES;
  const client = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const terms = usePriceGroup();

  return useMemo(
    () => ({
      cart,
      /**
       * Adds a line to the cart and tells analytics (add_to_cart); resolves false (after the toast) when the server
       * refuses. The one way every page adds, so none forgets the event.
       */
      async addLine(
        product: Product,
        line: { variationId: number | null; optionIds: number[]; quantity: number },
        failure = ADD_FAILED,
      ) {
        try {
          await addCartLine(client, { productId: product.id, ...line });
          trackEvent('add_to_cart', { item_id: product.id, item_name: product.name, quantity: line.quantity });
          return true;
        } catch (error) {
          toast(failureToast(error, failure, msg('Nothing was added to your enquiry cart.')));
          return false;
        }
      },
      /** Sends this one line straight to checkout, without the cart (a direct enquiry). */
      enquireDirectly(product: Product, selection: Selection, quantity: number): void {
        saveDirectEnquiry([directEnquiryItem(product, selection, quantity, terms)]);
        window.scrollTo(0, 0);
        void navigate('/checkout');
      },
    }),
    [cart, client, navigate, toast, terms],
  );
}
