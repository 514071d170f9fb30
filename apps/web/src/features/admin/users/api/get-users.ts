import { apiPaths } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { addressQuery } from '@/lib/api-client';

export const usersQueryOptions = () => queryOptions(addressQuery(apiPaths.admin.users));

export const useUsers = () => useQuery(usersQueryOptions());
