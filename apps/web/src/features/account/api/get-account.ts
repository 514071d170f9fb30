import { apiPaths, type AccountData } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

export const getAccount = (signal?: AbortSignal): Promise<AccountData> =>
  apiJson(apiPaths.account.me, { signal });

export const accountQueryOptions = () =>
  queryOptions({ queryKey: [apiPaths.account.me], queryFn: ({ signal }) => getAccount(signal) });

export const useAccount = () => useQuery(accountQueryOptions());
