import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouteLoaderData } from 'react-router';

import { getJson, sendJson } from '#app/lib/api.ts';
import type { CartItem } from '#domains/cart/model.ts';
import { sameOptionIds } from '#domains/catalogue/variations.ts';
import { languageOfPath } from '#lib/language.ts';

export const CART_KEY = ['cart'] as const;

export type CartAnswer = { items: CartItem[] };
export interface LineRef {
  productId: number;
  variationId: number | null;
  /** Every chosen option, ascending. */
  optionIds: readonly number[];
}

/**
 * A line with one option or none is sent and addressed by its variationId alone, as the cart API
 * always took it; only a line with options of several types needs `optionIds` / `?options=`.
 */
export const severalOptions = (optionIds: readonly number[] | undefined) =>
  optionIds && optionIds.length > 1 ? optionIds : null;

export const sameLine = (item: CartItem, line: LineRef) =>
  item.productId === line.productId && item.variationId === line.variationId && sameOptionIds(item.optionIds, line.optionIds);

/**
 * A cart address in the page's language: on a Malayalam page the products come named, and a refusal written, in
 * Malayalam. Read when it is called, since the language switch loads a whole new document (the cart's key stays one
 * for every page).
 */
export function inPageLanguage(path: string): string {
  if (languageOfPath(window.location.pathname) !== 'ml') return path;
  return `${path}${path.includes('?') ? '&' : '?'}lang=ml`;
}

/** The enquiry cart; the first render uses the cart the server rendered with (root loader). */
export function useCart() {
  const initial = useRouteLoaderData<{ cart: CartItem[] }>('root')?.cart;
  return useQuery({
    queryKey: CART_KEY,
    queryFn: ({ signal }) => getJson<CartItem[]>(inPageLanguage('/api/cart'), signal),
    initialData: initial,
    // Never dropped while no component shows it (e.g. in the admin area): the root loader's copy would come back stale.
    gcTime: Infinity,
  });
}

type NewLine = LineRef & { quantity: number };

function postLine({ optionIds, ...line }: NewLine): Promise<CartAnswer> {
  const several = severalOptions(optionIds);
  return sendJson<CartAnswer>('POST', inPageLanguage('/api/cart'), several ? { ...line, optionIds: several } : line);
}

export function useAddToCart() {
  const client = useQueryClient();
  return useMutation({ mutationFn: postLine, onSettled: () => client.invalidateQueries({ queryKey: CART_KEY }) });
}

/**
 * Adds a line and resolves once the cart has been read again, as useAddToCart's mutation does, but without a
 * mutation's state: for the product cards, each of which holds only whether it is adding.
 */
export async function addCartLine(client: QueryClient, line: NewLine): Promise<CartAnswer> {
  try {
    return await postLine(line);
  } finally {
    await client.invalidateQueries({ queryKey: CART_KEY });
  }
}
