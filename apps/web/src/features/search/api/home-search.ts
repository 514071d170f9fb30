import { useQuery } from '@tanstack/react-query';

import { MIN_SEARCH_LENGTH, searchProductsQueryOptions } from './search-products';

/** Runs only for a committed term of at least 2 characters (spec §4). */
export const useHomeSearch = (committed: string) =>
  useQuery({
    ...searchProductsQueryOptions(committed),
    enabled: committed.length >= MIN_SEARCH_LENGTH,
  });
