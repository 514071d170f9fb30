import type { AdminContribution, ContributionStatus } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

export const ADMIN_CONTRIBUTIONS_ADDRESS = '/api/admin/contributions';

export const getContributions = (status: ContributionStatus, signal?: AbortSignal): Promise<AdminContribution[]> =>
  apiJson<AdminContribution[]>(`${ADMIN_CONTRIBUTIONS_ADDRESS}?status=${status}`, { signal });

export const contributionsQueryOptions = (status: ContributionStatus) =>
  queryOptions({
    queryKey: [ADMIN_CONTRIBUTIONS_ADDRESS, status],
    queryFn: ({ signal }) => getContributions(status, signal),
    // New contributions arrive while the tab is open.
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });

export const useContributions = (status: ContributionStatus) => useQuery(contributionsQueryOptions(status));
