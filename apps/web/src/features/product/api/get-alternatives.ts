import { apiPaths } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

/**
 * GET /api/products/{id}/alternatives: "Mejores opciones", a query of its own so it never delays the score. Its
 * address starts with /api/products, so an admin edit or a re-score makes it stale with the product itself.
 */
export const alternativesQueryOptions = (id: string | number) =>
  queryOptions({
    queryKey: [apiPaths.products.alternatives(id)],
    queryFn: ({ signal }) => apiJson(apiPaths.products.alternatives(id), { signal }),
  });

export const useAlternatives = (id: string | number) => useQuery(alternativesQueryOptions(id));
