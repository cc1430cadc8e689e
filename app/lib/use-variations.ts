import { useQuery } from '@tanstack/react-query';

import { fetchVariations } from './catalogue-api';

/** GET /api/products/{id}/variations, when `enabled` (the product has variations, or a dialog is open). */
export function useVariations(productId: number, enabled: boolean) {
  return useQuery({ queryKey: ['variations', productId], queryFn: ({ signal }) => fetchVariations(productId, signal), enabled });
}
