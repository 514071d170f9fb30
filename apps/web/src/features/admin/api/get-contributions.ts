import { apiPaths, type AdminContribution, type ContributionStatus } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

export const getContributions = (status: ContributionStatus, signal?: AbortSignal): Promise<AdminContribution[]> =>
  apiJson(apiPaths.admin.contributions(status), { signal });

const STATUSES: ContributionStatus[] = ['pending', 'approved', 'rejected'];
/** Every status's list, to refetch after a review. */
export const isContributionsQuery = (queryKey: readonly unknown[]) =>
  STATUSES.some((status) => queryKey[0] === apiPaths.admin.contributions(status));

export const contributionsQueryOptions = (status: ContributionStatus) =>
  queryOptions({
    queryKey: [apiPaths.admin.contributions(status)],
    queryFn: ({ signal }) => getContributions(status, signal),
    // New contributions arrive while the tab is open.
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });

export const useContributions = (status: ContributionStatus) => useQuery(contributionsQueryOptions(status));
