
import { PRODUCT_GRID_CLASS, ProductCard, ProductGridSkeleton } from '@/components/food/product-card';

import { MIN_SEARCH_LENGTH, searchFailedText } from '@/lib/search-products';

import { useSearchProducts } from '../api/search-products';

export const searchResultsTitle = (q: string) => `Resultados para "${q}"`;
export const noResultsText = (q: string) => `No se encontraron productos para "${q}"`;
export const NO_RESULTS_HINT = 'Intenta con otros términos de búsqueda';

// Spec §2: "a count of 'productos encontrados'", word for word whatever the count.
const foundText = (count: number) => `${count} productos encontrados`;

/** /search?q=: the count and the grid, or the empty texts (spec §2). */
export const SearchResults = ({ q }: { q: string }) => {
  const term = q.trim();
  const { data, isError, error, isPending } = useSearchProducts(term);

  if (term.length < MIN_SEARCH_LENGTH || (data && data.results.length === 0)) {
    return (
      <div className="mt-6 rounded-2xl bg-stone-100 p-6 text-center">
        <p className="font-semibold text-stone-900">{noResultsText(term)}</p>
        <p className="mt-1 text-stone-700">{NO_RESULTS_HINT}</p>
      </div>
    );
  }
  if (isError) {
    return (
      <p role="alert" className="mt-6 rounded-2xl bg-red-50 p-4 text-red-800 ring-1 ring-red-200">
        {searchFailedText(error)}
      </p>
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
      <p className="mb-4 text-stone-700" aria-live="polite">
        {foundText(data.results.length)}
      </p>
      <ul className={PRODUCT_GRID_CLASS}>
        {data.results.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </div>
  );
};
