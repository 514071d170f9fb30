import type { AccountData } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

export const ACCOUNT_ADDRESS = '/api/account';
/** A plain link downloads it: the server answers with `Content-Disposition: attachment`. */
export const ACCOUNT_EXPORT_ADDRESS = '/api/account/export';

export const getAccount = (signal?: AbortSignal): Promise<AccountData> =>
  apiJson<AccountData>(ACCOUNT_ADDRESS, { signal });

export const accountQueryOptions = () =>
  queryOptions({ queryKey: [ACCOUNT_ADDRESS], queryFn: ({ signal }) => getAccount(signal) });

export const useAccount = () => useQuery(accountQueryOptions());
