import { apiPaths } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { addressQuery } from '@/lib/api-client';

export const signupsQueryOptions = () => queryOptions(addressQuery(apiPaths.admin.signups));

export const useSignups = () => useQuery(signupsQueryOptions());
