import { apiPaths } from '@etiqueta/contracts';
import { useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

/** GET /api/contributions/{id}: one's own contribution, with the product scored from it while it waits. */
export const useContribution = (id: number) =>
  useQuery({
    queryKey: ['contribution', id],
    queryFn: () => apiJson(apiPaths.contribution(id)),
    enabled: Number.isInteger(id) && id > 0,
  });
