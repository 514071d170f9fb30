import { apiPaths, contributionListFilters, type AdminContribution, type ContributionListFilter } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

export const getContributions = (status: ContributionListFilter, signal?: AbortSignal): Promise<AdminContribution[]> =>
  apiJson(apiPaths.admin.contributions(status), { signal });

/** Every list (each status, and the trusted publications), to refetch after a review. */
export const isContributionsQuery = (queryKey: readonly unknown[]) =>
  contributionListFilters.some((status) => queryKey[0] === apiPaths.admin.contributions(status));

export const contributionsQueryOptions = (status: ContributionListFilter) =>
  queryOptions({
    queryKey: [apiPaths.admin.contributions(status)],
    queryFn: ({ signal }) => getContributions(status, signal),
    // New contributions arrive while the tab is open.
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });

export const useContributions = (status: ContributionListFilter) => useQuery(contributionsQueryOptions(status));
