import { apiPaths } from '@etiqueta/contracts';
import type { Category } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

export const getCategories = (signal?: AbortSignal): Promise<Category[]> =>
  apiJson(apiPaths.categories.list, { signal });

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: [apiPaths.categories.list],
    queryFn: ({ signal }) => getCategories(signal),
    // Spec §2: the grid is sorted by name (Spanish collation: accents and ñ in their place).
    select: (categories) => [...categories].sort((a, b) => a.name.localeCompare(b.name, 'es')),
  });

export const useCategories = () => useQuery(categoriesQueryOptions());
