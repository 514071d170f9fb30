import { apiPaths } from '@etiqueta/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { apiJson } from '@/lib/api-client';
import { MIN_SEARCH_LENGTH, SEARCH_STALE_MS } from './search-products';

/** How long the box waits after the last key before asking for suggestions. */
export const SUGGEST_DEBOUNCE_MS = 200;

/** `value`, once it has stayed the same for `ms`. */
const useSettled = (value: string, ms: number) => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
};

/**
 * Up to 5 products for what is being typed (GET /api/v1/search/suggestions), once the text has at least 2
 * characters and the shopper paused typing. Each text has its own cache entry, so a late answer for an older
 * text is never shown for the newer one, and a request for a text no longer wanted is aborted (the query loses
 * its last observer with its signal in use). While the next answer comes, the last list stays; a failure shows
 * no list (the search itself still works).
 */
export const useSearchSuggestions = (text: string, enabled: boolean) => {
  const term = useSettled(text.trim(), SUGGEST_DEBOUNCE_MS);
  const wanted = enabled && term.length >= MIN_SEARCH_LENGTH && term === text.trim();
  return useQuery({
    queryKey: [apiPaths.search.suggestions(term)],
    queryFn: ({ signal }) => apiJson(apiPaths.search.suggestions(term), { signal }),
    enabled: wanted,
    staleTime: SEARCH_STALE_MS,
    placeholderData: keepPreviousData,
  });
};
