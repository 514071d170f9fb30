import { apiPaths, contributionListFilters, type ContributionListFilter } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { addressQuery } from '@/lib/api-client';

/** Every list (each status, and the trusted publications), to refetch after a review. */
export const isContributionsQuery = (queryKey: readonly unknown[]) =>
  contributionListFilters.some((status) => queryKey[0] === apiPaths.admin.contributions(status));

export const contributionsQueryOptions = (status: ContributionListFilter) =>
  queryOptions({
    ...addressQuery(apiPaths.admin.contributions(status)),
    // New contributions arrive while the tab is open.
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });

export const useContributions = (status: ContributionListFilter) =>
  useQuery(contributionsQueryOptions(status));
