import { apiPaths } from '@etiqueta/contracts';
import type { AdminSignup } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';


export const getSignups = (signal?: AbortSignal): Promise<AdminSignup[]> =>
  apiJson(apiPaths.admin.signups, { signal });

export const signupsQueryOptions = () =>
  queryOptions({ queryKey: [apiPaths.admin.signups], queryFn: ({ signal }) => getSignups(signal) });

export const useSignups = () => useQuery(signupsQueryOptions());
