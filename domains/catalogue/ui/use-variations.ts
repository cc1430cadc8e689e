import { useQuery } from '@tanstack/react-query';

import type { ProductVariation } from '#domains/catalogue/model.ts';

import { fetchVariations } from './catalogue-api.ts';

/**
 * GET /api/products/{id}/variations, when `enabled` (the product has variations, or a dialog is open); `initialData`
 * when the page brought them.
 */
export function useVariations(productId: number, enabled: boolean, initialData?: ProductVariation[]) {
  return useQuery({
    queryKey: ['variations', productId],
    queryFn: ({ signal }) => fetchVariations(productId, signal),
    enabled,
    initialData,
  });
}
