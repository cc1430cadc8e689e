import { useRouteLoaderData } from 'react-router';

import type { PublicShop } from '#domains/settings/shop.ts';

/**
 * The shop's public details and hours as its settings stand, from the root loader: rendered with the first page, not
 * fetched again. Null only while the root itself failed (its error page).
 */
export function useLoadedShop(): PublicShop | null {
  return useRouteLoaderData<{ shop: PublicShop }>('root')?.shop ?? null;
}

/** The shop, on every page the root loader rendered. */
export function useShop(): PublicShop {
  const shop = useLoadedShop();
  if (!shop) throw new Error('The shop’s details are loaded by the root loader');
  return shop;
}
