import { apiPaths } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { addressQuery } from '@/lib/api-client';

export const accountQueryOptions = () => queryOptions(addressQuery(apiPaths.account.me));

export const useAccount = () => useQuery(accountQueryOptions());
