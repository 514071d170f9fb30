import { apiPaths, type AuthStatusResponse } from '@etiqueta/contracts';
import {
  type DataTag,
  MutationCache,
  QueryCache,
  QueryClient,
  type QueryFunction,
  type QueryKey,
} from '@tanstack/react-query';

import { ApiError, readAddress } from '@/lib/api-client';
import { forgetPersonalOfflineData } from '@/lib/offline-caches';

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
 * After the session ends (sign-out, the account erased, or the server saying it is gone): signed out, and nothing a
 * member saw stays in memory, nor in what the phone kept for offline use. (Not `clear()`: the screens watching the
 * auth status would keep the removed entry and never see the new one.)
 */
export const forgetSession = (queryClient: QueryClient) => {
  const authKey = [apiPaths.auth.status];
  queryClient.setQueryData<AuthStatusResponse>(authKey, { authenticated: false, user: null });
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKey[0] });
  void forgetPersonalOfflineData();
};

/**
 * A write whose answer is the new state of one read (the auth status after signing in, the account after a change):
 * the answer becomes that read's data, and every other read is fetched again, since it may show what changed.
 */
export const setAndRefetchOthers = async <T>(
  queryClient: QueryClient,
  queryKey: DataTag<QueryKey, T, unknown>,
  data: T,
) => {
  queryClient.setQueryData(queryKey, data);
  await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== queryKey[0] });
};

/** The server says this request has no valid session (not a wrong sign-in code, which is a 401 of its own). */
const sessionGone = (error: unknown) => error instanceof ApiError && error.status === 401 && error.code === 'UNAUTHORIZED';

/**
 * Spec §9: no retries, no refetch on window focus, no polling, cached data never stale. Reads and writes run even
 * when the browser says it is offline (`offlineFirst`, which only pauses retries, and there are none): the
 * service worker may answer them from what it kept, and what it cannot answer fails at once as "Sin conexión"
 * instead of waiting, paused, behind a skeleton.
 *
 * The session can end elsewhere (revoked, expired, signed out or erased on another device): whenever the server
 * says so — a 401 on any read or write, or `authenticated: false` from the status — what this phone kept about the
 * person is forgotten, as on a local sign-out (issue 33).
 */
export const createQueryClient = (): QueryClient => {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (sessionGone(error)) forgetSession(client);
      },
      onSuccess: (data, query) => {
        if (query.queryKey[0] === apiPaths.auth.status && (data as AuthStatusResponse | undefined)?.authenticated === false) {
          void forgetPersonalOfflineData();
        }
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (sessionGone(error)) forgetSession(client);
      },
    }),
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
  return client;
};
