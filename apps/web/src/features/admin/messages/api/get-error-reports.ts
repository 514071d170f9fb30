import { apiPaths } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { addressQuery } from '@/lib/api-client';

export const errorReportsQueryOptions = () => queryOptions(addressQuery(apiPaths.admin.errorReports));

export const useErrorReports = () => useQuery(errorReportsQueryOptions());
