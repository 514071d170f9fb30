import { apiPaths } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { addressQuery } from '@/lib/api-client';

/** While the first load runs, the count and the category cards follow it this closely. */
export const FIRST_LOAD_POLL_MS = 5_000;
/** After it failed, the page looks this often for the server's next try (it retries on its own). */
export const FIRST_LOAD_RETRY_POLL_MS = 30_000;

/**
 * Whether the first load of an empty catalogue is running (and its count so far), or failed and when it is
 * tried again. Only a hint: when it cannot be read, the home page shows the categories as usual.
 */
export const firstLoadQueryOptions = () =>
  queryOptions({
    ...addressQuery(apiPaths.sync.firstLoad),
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.loading
        ? FIRST_LOAD_POLL_MS
        : query.state.data?.failure
          ? FIRST_LOAD_RETRY_POLL_MS
          : false,
  });

export const useFirstLoad = () => useQuery(firstLoadQueryOptions());
