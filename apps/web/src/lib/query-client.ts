import { QueryClient, type QueryFunction } from '@tanstack/react-query';

import { readAddress } from '@/lib/api-client';

/**
 * The spec's default read (§7): the first element of the query key is the address, fetched with
 * credentials; non-OK answers raise '{status}: {body or status text}'. Operations that need more
 * (query strings, other methods) pass their own `queryFn` in their own file.
 */
export const defaultQueryFn: QueryFunction = async ({ queryKey, signal }) => {
  const [address] = queryKey;
  if (typeof address !== 'string') {
    throw new Error('The first element of the query key must be an address');
  }
  return readAddress(address, signal);
};

/**
 * Spec §9: no retries, no refetch on window focus, no polling, cached data never stale. Reads and writes run even
 * when the browser says it is offline (`offlineFirst`, which only pauses retries, and there are none): the
 * service worker may answer them from what it kept, and what it cannot answer fails at once as "Sin conexión"
 * instead of waiting, paused, behind a skeleton.
 */
export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false, networkMode: 'offlineFirst' },
    },
  });
