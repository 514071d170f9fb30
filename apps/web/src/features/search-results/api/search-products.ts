import { useQuery } from '@tanstack/react-query';

import { MIN_SEARCH_LENGTH, searchProductsQueryOptions } from '@/lib/search-products';

export const useSearchProducts = (q: string) => {
  const term = q.trim();
  return useQuery({ ...searchProductsQueryOptions(term), enabled: term.length >= MIN_SEARCH_LENGTH });
};
