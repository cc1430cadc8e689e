import { useQuery } from '@tanstack/react-query';
import { useRouteLoaderData } from 'react-router';

import { getJson } from '#app/lib/api.ts';
import type { PriceGroupTerms } from '#domains/pricing/model.ts';

export const PRICE_GROUP_KEY = ['price-group'] as const;

/**
 * The price group terms the visitor's pages price by (domains/pricing/model.ts `pricedList`): a signed-in customer's group, null
 * for a guest and for an account outside any group. The first render uses the root loader's; signing in or out
 * refetches it (refreshAfterSignIn, the logout's cleared cache). Guests' pages are cached and carry null.
 */
export function usePriceGroup(): PriceGroupTerms | null {
  const initial = useRouteLoaderData<{ priceGroup?: PriceGroupTerms | null }>('root')?.priceGroup;
  const { data } = useQuery({
    queryKey: PRICE_GROUP_KEY,
    queryFn: async ({ signal }) => (await getJson<{ group: PriceGroupTerms | null }>('/api/account/price-group', signal)).group,
    initialData: initial ?? null,
    gcTime: Infinity,
  });
  return data ?? null;
}
