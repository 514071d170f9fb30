import { apiPaths } from '@etiqueta/contracts';
import type { AdminProductsPage, Product, ProductPatch } from '@etiqueta/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

import { isProductDataQuery } from '../../shared/product-cache';

/** Spec §7: after a product edit the caches are cleared and read again 500 ms later. */
export const DELAYED_REFETCH_MS = 500;

export type UpdateProductInput = { id: number; data: ProductPatch };

export const updateProduct = ({ id, data }: UpdateProductInput): Promise<Product> =>
  apiJson(apiPaths.products.one(id), { method: 'PATCH', json: data });

/** The server answers with the re-scored product: show it everywhere now, then read everything again. */
export const applyUpdatedProduct = (queryClient: QueryClient, updated: Product) => {
  queryClient.setQueryData([apiPaths.products.one(updated.id)], updated);
  queryClient.setQueriesData<AdminProductsPage>({ queryKey: [apiPaths.products.table] }, (page) =>
    page && 'items' in page
      ? {
          ...page,
          items: page.items.map((row) =>
            row.id === updated.id
              ? {
                  ...row,
                  name: updated.name,
                  brand: updated.brand,
                  healthScore: updated.healthScore,
                  lockedFields: updated.lockedFields,
                  updatedAt: updated.updatedAt,
                }
              : row,
          ),
        }
      : page,
  );
  void queryClient.invalidateQueries({
    predicate: (query) =>
      isProductDataQuery(query.queryKey) && query.queryKey[0] !== apiPaths.products.one(updated.id),
  });
  setTimeout(() => {
    void queryClient.refetchQueries({
      predicate: (query) => isProductDataQuery(query.queryKey),
      type: 'active',
    });
  }, DELAYED_REFETCH_MS);
};

export const useUpdateProduct = ({ onSuccess }: { onSuccess?: (product: Product) => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: (updated) => {
      applyUpdatedProduct(queryClient, updated);
      onSuccess?.(updated);
    },
  });
};
