import { apiPaths } from '@etiqueta/contracts';
import type { AdminErrorReport } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';


export const getErrorReports = (signal?: AbortSignal): Promise<AdminErrorReport[]> =>
  apiJson(apiPaths.admin.errorReports, { signal });

export const errorReportsQueryOptions = () =>
  queryOptions({ queryKey: [apiPaths.admin.errorReports], queryFn: ({ signal }) => getErrorReports(signal) });

export const useErrorReports = () => useQuery(errorReportsQueryOptions());
