import { apiPaths, type OffWriteStatus } from '@etiqueta/contracts';
import { useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

/** Whether approved contributions are sent to Open Food Facts (OFF_WRITE_USER set on the server). */
export const useOffWriteStatus = () =>
  useQuery({
    queryKey: [apiPaths.admin.offWrite],
    queryFn: ({ signal }): Promise<OffWriteStatus> => apiJson(apiPaths.admin.offWrite, { signal }),
    staleTime: 5 * 60_000,
  });
