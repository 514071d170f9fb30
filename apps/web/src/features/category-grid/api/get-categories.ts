import { apiPaths } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { addressQuery } from '@/lib/api-client';

export const categoriesQueryOptions = () =>
  queryOptions({
    ...addressQuery(apiPaths.categories.list),
    // Spec §2: the grid is sorted by name (Spanish collation: accents and ñ in their place).
    select: (categories) => [...categories].sort((a, b) => a.name.localeCompare(b.name, 'es')),
  });

export const useCategories = () => useQuery(categoriesQueryOptions());
