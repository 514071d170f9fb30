import { apiPaths } from '@etiqueta/contracts';
import type { Product } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';


/**
 * The full product behind an admin row (ingredients, nutrients, locks). Same address, so same cache
 * entry, as the product page: an edit written here shows there at once.
 */
export const getProductForEdit = (id: number, signal?: AbortSignal): Promise<Product> =>
  apiJson(apiPaths.products.one(id), { signal });

export const productForEditQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [apiPaths.products.one(id)],
    queryFn: ({ signal }) => getProductForEdit(id, signal),
    // An admin edits what is in the database now, not what was cached an hour ago.
    staleTime: 0,
  });

export const useProductForEdit = (id: number | null) =>
  useQuery({ ...productForEditQueryOptions(id ?? 0), enabled: id !== null });
