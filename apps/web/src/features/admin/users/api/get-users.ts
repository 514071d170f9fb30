import { apiPaths } from '@etiqueta/contracts';
import type { AdminUser } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';


export const getUsers = (signal?: AbortSignal): Promise<AdminUser[]> =>
  apiJson(apiPaths.admin.users, { signal });

export const usersQueryOptions = () =>
  queryOptions({ queryKey: [apiPaths.admin.users], queryFn: ({ signal }) => getUsers(signal) });

export const useUsers = () => useQuery(usersQueryOptions());
