import { useMemo, useState } from 'react';

import { HiddenNote, MoreProducts, OnlySuitedToggle, useOnlySuited } from '@/components/food/only-suited';
import { PRODUCT_GRID_CLASS, ProductCard, ProductGridSkeleton } from '@/components/food/product-card';

import { useFromListingState, useKeepListingView, useReturnedView } from '@/lib/listing-return';
import { MIN_SEARCH_LENGTH, searchFailedText } from '../api/search-products';

import { useSearchProducts } from '../api/search-pages';
import { formatCount } from '@/lib/format';
import { Alert } from '@/components/ui/alert';

export const searchResultsTitle = (q: string) => `Resultados para "${q}"`;
export const noResultsText = (q: string) => `No se encontraron productos para "${q}"`;
export const NO_RESULTS_HINT = 'Intenta con otros términos de búsqueda';

// Spec §2: "a count of 'productos encontrados'", word for word whatever the count: the true count of every
// match (es-CL digits, "1.234"), not of the page shown.
export const foundText = (count: number) => `${formatCount(count)} productos encontrados`;
export const NONE_SUITED_TEXT = 'Ningún resultado cargado es apto para ti según tus preferencias.';

/** What a shopper chose on the results, as kept for their return from a product (lib/listing-return.ts). */
type SearchView = { onlySuited: boolean };
const parseSearchView = (raw: unknown): SearchView | null =>
  typeof raw === 'object' && raw !== null && 'onlySuited' in raw && typeof raw.onlySuited === 'boolean'
    ? { onlySuited: raw.onlySuited }
    : null;

/**
 * /search?q=: the count and the grid, or the empty texts (spec §2); 30 at a time, "Ver más productos" loading
 * the next 30. The pages stay in the query cache, so back from a product shows the same list and the router's
 * scroll restoration puts the shopper where they were.
 */
export const SearchResults = ({ q }: { q: string }) => {
  const term = q.trim();
  const query = useSearchProducts(term);
  const { data, isError, error, isPending } = query;
  const loaded = useMemo(() => data?.pages.flatMap((page) => page.results) ?? [], [data]);
  const total = data?.pages[0]?.total ?? 0;
  // "Solo aptos para mí" (issue 28): the same pages as anyone's, filtered on the phone (ADR 024).
  // Back from a product: the same pages, the toggle and the place on the page (issue 30).
  const listingKey = `search:${term}`;
  const returned = useReturnedView(listingKey, parseSearchView);
  const [onlySuited, setOnlySuited] = useState(returned?.choice.onlySuited ?? false);
  const suited = useOnlySuited(loaded, onlySuited, query);
  const results = suited.shown;
  const view = useMemo(() => ({ onlySuited }), [onlySuited]);
  useKeepListingView({
    listing: listingKey,
    choice: view,
    kept: returned,
    ready: query.isSuccess || query.isError,
    query,
  });
  const cardLinkState = useFromListingState();

  if (term.length < MIN_SEARCH_LENGTH || (data && loaded.length === 0)) {
    return (
      <div className="mt-6 rounded-2xl bg-stone-100 p-6 text-center">
        <p className="font-semibold text-stone-900">{noResultsText(term)}</p>
        <p className="mt-1 text-stone-700">{NO_RESULTS_HINT}</p>
      </div>
    );
  }
  if (isError && !data) {
    return (
      <Alert className="mt-6">
        {searchFailedText(error)}
      </Alert>
    );
  }
  if (isPending) {
    return (
      <div className="mt-6">
        <ProductGridSkeleton label="Buscando productos" />
      </div>
    );
  }
  return (
    <div className="mt-2">
      <h2 className="sr-only">Productos encontrados</h2>
      <div className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-2" aria-live="polite">
        <p className="text-stone-700">{foundText(total)}</p>
        <OnlySuitedToggle on={onlySuited} onChange={setOnlySuited} />
        {suited.active ? <HiddenNote hidden={suited.hidden} /> : null}
      </div>
      {results.length === 0 ? (
        query.hasNextPage ? (
          <ProductGridSkeleton count={4} label="Buscando productos aptos para ti" />
        ) : (
          <p className="rounded-2xl bg-stone-100 p-6 text-center text-stone-700">{NONE_SUITED_TEXT}</p>
        )
      ) : null}
      <ul className={PRODUCT_GRID_CLASS}>
        {results.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} linkState={cardLinkState} />
          </li>
        ))}
      </ul>
      {query.hasNextPage || query.isFetchNextPageError ? (
        <MoreProducts
          shown={results.length}
          loaded={loaded.length}
          total={total}
          suitedActive={suited.active}
          error={query.isFetchNextPageError ? searchFailedText(error) : null}
          loading={query.isFetchingNextPage}
          onLoadMore={suited.loadMore}
        />
      ) : null}
    </div>
  );
};
