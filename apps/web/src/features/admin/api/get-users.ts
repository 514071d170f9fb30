import type { AdminUser } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

export const ADMIN_USERS_ADDRESS = '/api/admin/users';

export const getUsers = (signal?: AbortSignal): Promise<AdminUser[]> =>
  apiJson<AdminUser[]>(ADMIN_USERS_ADDRESS, { signal });

export const usersQueryOptions = () =>
  queryOptions({ queryKey: [ADMIN_USERS_ADDRESS], queryFn: ({ signal }) => getUsers(signal) });

export const useUsers = () => useQuery(usersQueryOptions());
