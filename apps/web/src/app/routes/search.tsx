import { useSearchParams } from 'react-router';

import { Page } from '@/components/layouts/page';
import { SearchResults, searchResultsTitle } from '@/features/search-results/components/search-results';

/** /search?q=… (spec §2). */
export const SearchRoute = () => {
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  return (
    <Page title={searchResultsTitle(q)}>
      <SearchResults key={q} q={q} />
    </Page>
  );
};
