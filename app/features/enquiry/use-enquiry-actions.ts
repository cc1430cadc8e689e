import { useNavigate } from 'react-router';
import type { Product, ProductVariation } from '../../../core/catalogue';
import { useToast } from '../../lib/toast';
import { useAddToCart } from '../cart/use-cart';
import { directEnquiryItem, saveDirectEnquiry } from './session-storage';

export const ADD_FAILED = 'Failed to add item to enquiry cart. Please try again.';

/** What a product card or the options dialog does with a chosen product, variation and quantity. */
export function useEnquiryActions() {
  const navigate = useNavigate();
  const toast = useToast();
  const add = useAddToCart();

  return {
    adding: add.isPending,
    /** Adds to the cart; resolves false (after the toast) when the server refuses. */
    async addToCart(product: Product, variation: ProductVariation | null, quantity: number, failure = ADD_FAILED): Promise<boolean> {
      try {
        await add.mutateAsync({ productId: product.id, variationId: variation?.id ?? null, quantity });
        return true;
      } catch {
        toast({ title: 'Error', description: failure, variant: 'destructive' });
        return false;
      }
    },
    /** Sends this one line straight to checkout, without the cart (spec: direct enquiry). */
    enquireDirectly(product: Product, variation: ProductVariation | null, quantity: number): void {
      saveDirectEnquiry([directEnquiryItem(product, variation, quantity)]);
      window.scrollTo(0, 0);
      void navigate('/checkout');
    },
  };
}
