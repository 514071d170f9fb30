import { apiPaths } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { addressQuery, ApiError } from '@/lib/api-client';

/** Spec §7: the chips are cached for 10 minutes and retried 3 times, backing off exponentially up to 30 s. */
export const SUB2CATEGORIES_STALE_MS = 10 * 60 * 1000;
export const SUB2CATEGORIES_RETRIES = 3;
export const SUB2CATEGORIES_MAX_RETRY_DELAY_MS = 30_000;

/** 1 s, 2 s, 4 s, … never more than 30 s. */
export const sub2categoriesRetryDelay = (failureCount: number) =>
  Math.min(1000 * 2 ** failureCount, SUB2CATEGORIES_MAX_RETRY_DELAY_MS);

/**
 * Up to 3 retries, but not of an answer that will not change (a 4xx: the subcategory does not exist), which
 * would only keep the shopper waiting 7 s for the error.
 */
export const retrySub2categories = (failureCount: number, error: Error) =>
  failureCount < SUB2CATEGORIES_RETRIES && !(error instanceof ApiError && error.status < 500);

export const sub2categoriesQueryOptions = (subcategorySlug: string) =>
  queryOptions({
    ...addressQuery(apiPaths.subcategories.sub2categories(subcategorySlug)),
    staleTime: SUB2CATEGORIES_STALE_MS,
    retry: retrySub2categories,
    retryDelay: sub2categoriesRetryDelay,
  });

export const useSub2categories = (subcategorySlug: string, enabled = true) =>
  useQuery({ ...sub2categoriesQueryOptions(subcategorySlug), enabled });
