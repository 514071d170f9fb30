import { apiPaths, type ListingPage, type ListingSort } from '@etiqueta/contracts';
import type { QuickFilter } from '@etiqueta/domain';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

/** Spec §7: subcategory products are cached for 5 minutes; category products follow the default rules. */
export const SUBCATEGORY_PRODUCTS_STALE_MS = 5 * 60 * 1000;

export type ListingSource = { kind: 'subcategory'; slug: string } | { kind: 'category'; slug: string };

/** What the shopper chose: the chip, the quick filters, the sugar limit and the order. */
export type ListingChoice = {
  sub2category: string | null;
  filters: readonly QuickFilter[];
  /** Grams of sugars per 100 g at most, or null when the sugar filter is off. */
  sugarMaxG: number | null;
  sort: ListingSort;
  /** "Solo mejores que X": the id of X, or null. */
  betterThan: number | null;
};

export const DEFAULT_LISTING_CHOICE: ListingChoice = {
  sub2category: null,
  filters: [],
  sugarMaxG: null,
  sort: 'score',
  betterThan: null,
};

/**
 * A page's address: GET /api/{categories|subcategories}/{slug}/products with only the choices that differ from
 * the defaults, so each choice has its own cache entry and the plain listing keeps the spec's address.
 */
export const listingAddress = (source: ListingSource, choice: ListingChoice, page = 1) => {
  const listing = {
    sub2categories: choice.sub2category,
    filters: choice.filters,
    sugarMaxG: choice.sugarMaxG,
    sort: choice.sort,
    betterThan: choice.betterThan,
    page,
  };
  return source.kind === 'category'
    ? apiPaths.categories.products(source.slug, listing)
    : apiPaths.subcategories.products(source.slug, listing);
};

/** The listing a page at a time ("Ver más"); every product is reachable and `total` is the true count. */
export const listingProductsQueryOptions = (source: ListingSource, choice: ListingChoice) => {
  return infiniteQueryOptions({
    queryKey: [listingAddress(source, choice)],
    queryFn: ({ pageParam, signal }) => apiJson(listingAddress(source, choice, pageParam), { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: ListingPage) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    staleTime: source.kind === 'subcategory' ? SUBCATEGORY_PRODUCTS_STALE_MS : undefined,
  });
};

export const useListingProducts = (source: ListingSource, choice: ListingChoice, enabled = true) =>
  useInfiniteQuery({
    ...listingProductsQueryOptions(source, choice),
    enabled,
    // A new chip, filter or order keeps the current cards on screen until its first page arrives.
    placeholderData: keepPreviousData,
  });
