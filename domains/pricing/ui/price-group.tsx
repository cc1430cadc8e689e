import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import { useRouteLoaderData } from 'react-router';

import { getJson } from '#app/lib/api.ts';
import type { PriceGroupTerms } from '#domains/pricing/model.ts';

export const PRICE_GROUP_KEY = ['price-group'] as const;

const PriceGroup = createContext<PriceGroupTerms | null>(null);

/**
 * The price group terms the visitor's pages price by (domains/pricing/model.ts `pricedList`): a signed-in customer's
 * group, null for a guest and for an account outside any group. The first render uses the root loader's; signing in
 * or out refetches it (refreshAfterSignIn, the logout's cleared cache). Guests' pages are cached and carry null.
 * Read once for the whole page and handed down: a grid of 48 cards, each with a price, would otherwise watch the same
 * query 48 times, on the server's render and in the phone's hydration alike.
 */
export function PriceGroupProvider({ children }: { children: ReactNode }) {
  const initial = useRouteLoaderData<{ priceGroup?: PriceGroupTerms | null }>('root')?.priceGroup;
  const { data } = useQuery({
    queryKey: PRICE_GROUP_KEY,
    queryFn: async ({ signal }) => (await getJson<{ group: PriceGroupTerms | null }>('/api/account/price-group', signal)).group,
    initialData: initial ?? null,
    gcTime: Infinity,
  });
  return <PriceGroup value={data ?? null}>{children}</PriceGroup>;
}

/** The terms the page prices by (PriceGroupProvider's, which the root puts around every page). */
export const usePriceGroup = (): PriceGroupTerms | null => useContext(PriceGroup);
