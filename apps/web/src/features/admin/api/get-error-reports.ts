import type { AdminErrorReport } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

export const ADMIN_ERROR_REPORTS_ADDRESS = '/api/admin/error-reports';

export const getErrorReports = (signal?: AbortSignal): Promise<AdminErrorReport[]> =>
  apiJson<AdminErrorReport[]>(ADMIN_ERROR_REPORTS_ADDRESS, { signal });

export const errorReportsQueryOptions = () =>
  queryOptions({ queryKey: [ADMIN_ERROR_REPORTS_ADDRESS], queryFn: ({ signal }) => getErrorReports(signal) });

export const useErrorReports = () => useQuery(errorReportsQueryOptions());
