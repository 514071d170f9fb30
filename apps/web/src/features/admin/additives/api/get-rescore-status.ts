import { apiPaths } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { addressQuery } from '@/lib/api-client';

/** While the catalogue is being re-scored after an additive change, ask again this often. */
export const RESCORE_POLL_MS = 1000;

/** Polled only while `running` is true; it stops by itself when the re-scoring ends. */
export const rescoreStatusQueryOptions = () =>
  queryOptions({
    ...addressQuery(apiPaths.additives.rescoreStatus),
    refetchInterval: (query) => (query.state.data?.running ? RESCORE_POLL_MS : false),
  });

export const useRescoreStatus = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...rescoreStatusQueryOptions(), enabled });
