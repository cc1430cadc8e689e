import { useMutation, useQueryClient } from '@tanstack/react-query';

import { sendJson } from '#app/lib/api.ts';
import type { CartItem } from '#domains/cart/model.ts';

import { CART_KEY, type CartAnswer, inPageLanguage, type LineRef, sameLine, severalOptions } from './use-cart.ts';

// The changes to the cart's lines: the cart panel's and the checkout's, loaded with them rather than with the header's
// cart button (use-cart.ts, on every page).

const linePath = ({ productId, variationId, optionIds }: LineRef) => {
  const several = severalOptions(optionIds);
  return inPageLanguage(
    `/api/cart/${productId}${variationId ? `/${variationId}` : ''}${several ? `?options=${several.join(',')}` : ''}`,
  );
};

/** The quantity changes' key and scope. */
const QUANTITY_CHANGES = ['cart', 'quantity'];

/**
 * Quantity changes show at once and roll back if the server refuses. They go to the server one after the other, in
 * the order they were made (a double click on plus sends 2 then 3: arriving the other way round, the cart kept 2), and
 * the cart is read again once the last has settled, so a read between two does not show the first's quantity over the
 * second's.
 */
export function useSetQuantity() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: QUANTITY_CHANGES,
    scope: { id: QUANTITY_CHANGES.join('/') },
    mutationFn: ({ line, quantity }: { line: LineRef; quantity: number }) =>
      sendJson<CartAnswer>('PUT', linePath(line), { quantity }),
    onMutate: async ({ line, quantity }) => {
      await client.cancelQueries({ queryKey: CART_KEY });
      const previous = client.getQueryData<CartItem[]>(CART_KEY);
      client.setQueryData<CartItem[]>(CART_KEY, (items = []) =>
        quantity === 0
          ? items.filter((item) => !sameLine(item, line))
          : items.map((item) => (sameLine(item, line) ? { ...item, quantity } : item)),
      );
      return { previous };
    },
    onError: (_error, _input, context) => client.setQueryData(CART_KEY, context?.previous),
    onSettled: () =>
      client.isMutating({ mutationKey: QUANTITY_CHANGES }) > 1 ? undefined : client.invalidateQueries({ queryKey: CART_KEY }),
  });
}

export function useRemoveLine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (line: LineRef) => sendJson<CartAnswer>('DELETE', linePath(line)),
    onSettled: () => client.invalidateQueries({ queryKey: CART_KEY }),
  });
}

export function useClearCart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<CartAnswer>('DELETE', '/api/cart'),
    onSettled: () => client.invalidateQueries({ queryKey: CART_KEY }),
  });
}
