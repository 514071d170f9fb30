import { apiPaths } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { addressQuery } from '@/lib/api-client';

/**
 * The full product behind an admin row (ingredients, nutrients, locks). Same address, so same cache
 * entry, as the product page: an edit written here shows there at once.
 */
export const productForEditQueryOptions = (id: number) =>
  queryOptions({
    ...addressQuery(apiPaths.products.one(id)),
    // An admin edits what is in the database now, not what was cached an hour ago.
    staleTime: 0,
  });

export const useProductForEdit = (id: number | null) =>
  useQuery({ ...productForEditQueryOptions(id ?? 0), enabled: id !== null });
