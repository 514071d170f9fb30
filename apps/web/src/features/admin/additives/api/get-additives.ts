import { apiPaths } from '@etiqueta/contracts';
import type { Additive } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';


export const getAdditives = (signal?: AbortSignal): Promise<Additive[]> =>
  apiJson(apiPaths.additives.list, { signal });

/** The whole table (about 600 rows) is read once; sorting, search and pages happen on the client. */
export const additivesQueryOptions = () =>
  queryOptions({ queryKey: [apiPaths.additives.list], queryFn: ({ signal }) => getAdditives(signal) });

export const useAdditives = () => useQuery(additivesQueryOptions());
