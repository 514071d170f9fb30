import { useSearchParams } from 'react-router';

import { Page } from '@/components/layouts/page';
import { HomeSearch } from '@/features/search/components/home-search';
import { SearchResults, searchResultsTitle } from '@/features/search/components/search-results';

export const SEARCH_PAGE_TITLE = 'Buscar productos';

/** /search?q=… (spec §2), with the search box above the results; without a term (e.g. from the 404 page's search link) only the box. */
export const SearchRoute = () => {
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  if (!q.trim()) {
    return (
      <Page title={SEARCH_PAGE_TITLE}>
        <div className="mt-6 max-w-3xl">
          <HomeSearch />
        </div>
      </Page>
    );
  }
  // The box stays on the results page, holding the term, so the shopper can refine it without going home.
  return (
    <Page title={searchResultsTitle(q)}>
      <div className="mt-4 max-w-3xl">
        <HomeSearch key={q} initialText={q} />
      </div>
      <SearchResults key={q} q={q} />
    </Page>
  );
};
