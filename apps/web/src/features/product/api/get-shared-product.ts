import { apiPaths } from '@etiqueta/contracts';
import type { SharedProduct } from '@etiqueta/contracts';
import { useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

/**
 * GET /api/share/products/{id}: what a shared link makes public of a product (its Open Graph meta as JSON), read
 * without a session for the signed-out visitor who opened the link. 404 when there is no such product.
 */
export const useSharedProduct = (id: string) =>
  useQuery({
    queryKey: [apiPaths.share.product(id)],
    queryFn: ({ signal }): Promise<SharedProduct> => apiJson(apiPaths.share.product(id), { signal }),
  });
