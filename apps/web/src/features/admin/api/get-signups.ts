import type { AdminSignup } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

export const ADMIN_SIGNUPS_ADDRESS = '/api/admin/signups';

export const getSignups = (signal?: AbortSignal): Promise<AdminSignup[]> =>
  apiJson<AdminSignup[]>(ADMIN_SIGNUPS_ADDRESS, { signal });

export const signupsQueryOptions = () =>
  queryOptions({ queryKey: [ADMIN_SIGNUPS_ADDRESS], queryFn: ({ signal }) => getSignups(signal) });

export const useSignups = () => useQuery(signupsQueryOptions());
