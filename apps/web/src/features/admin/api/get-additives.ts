import type { Additive } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

export const ADDITIVES_ADDRESS = '/api/additives';

export const getAdditives = (signal?: AbortSignal): Promise<Additive[]> =>
  apiJson<Additive[]>(ADDITIVES_ADDRESS, { signal });

/** The whole table (about 600 rows) is read once; sorting, search and pages happen on the client. */
export const additivesQueryOptions = () =>
  queryOptions({ queryKey: [ADDITIVES_ADDRESS], queryFn: ({ signal }) => getAdditives(signal) });

export const useAdditives = () => useQuery(additivesQueryOptions());
