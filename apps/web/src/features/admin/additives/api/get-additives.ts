import { apiPaths } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { addressQuery } from '@/lib/api-client';

/** The whole table (about 600 rows) is read once; sorting, search and pages happen on the client. */
export const additivesQueryOptions = () => queryOptions(addressQuery(apiPaths.additives.list));

export const useAdditives = () => useQuery(additivesQueryOptions());
