import type { ListingSort } from '@etiqueta/contracts';
import { X } from 'lucide-react';
import { QUICK_FILTERS } from '@etiqueta/domain';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';

import { HiddenNote, MoreProducts, OnlySuitedToggle, useOnlySuited } from '@/components/food/only-suited';
import { PRODUCT_GRID_CLASS, ProductCard, ProductGridSkeleton } from '@/components/food/product-card';
import { Button, buttonClassName } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { useFromListingState, useKeepListingView, useReturnedView } from '@/lib/listing-return';

import { type ListingSource, useListingProducts } from '../api/get-listing-products';
import { useQuickFilters } from '../hooks/use-quick-filters';
import { useSub2categorySelection } from '../hooks/use-sub2category-selection';
import { filterStateOf, type ListingView, parseListingView } from '../lib/listing-view';
import { QuickFilters } from './quick-filters';
import { Sub2categoryChips, Sub2categoryChipsSkeleton } from './sub2category-chips';
import { productCount } from '@/lib/format';
import { Alert } from '@/components/ui/alert';

export const NO_PRODUCTS_TEXT = 'No se encontraron productos';
export const productsErrorText = (message: string) => `Error cargando productos: ${message}`;
export const NONE_SUITED_TEXT = 'Ningún producto de esta lista es apto para ti según tus preferencias.';

export type { ListingSource };

type ProductListingProps = {
  source: ListingSource;
  /** `?sub2categories=` when the screen opened: preselects that chip. */
  initialSub2category: string | null;
  /** `?highlight=` when the screen opened: that product is scrolled to and ringed. */
  highlightId: number | null;
  /** "Solo aptos para mí" on when the screen opens (`?aptos=1`, from Mejores opciones). */
  initialOnlySuited?: boolean;
  /** Called once the first products (or their error) arrived, so the caller can tidy the address. */
  onFirstLoad?: () => void;
  /** "Solo mejores que X" (`?betterThan=`): X's id and name (null while it loads), and how to remove the filter. */
  betterThan?: BetterThanFilter | null;
};

export type BetterThanFilter = { id: number; name: string | null; onRemove: () => void };

export const betterThanLabel = (name: string | null) => `Solo mejores que ${name ?? 'este producto'}`;
export const noBetterText = (name: string | null) =>
  `Ningún producto de esta lista tiene un puntaje claramente mejor que ${name ?? 'este producto'}.`;

/** The active "Solo mejores que X" filter as a chip that removes itself. */
const BetterThanChip = ({ filter }: { filter: BetterThanFilter }) => (
  <div className="flex min-w-0">
    <button
      type="button"
      onClick={filter.onRemove}
      aria-label={`Quitar filtro: ${betterThanLabel(filter.name)}`}
      data-testid="better-than-chip"
      className="inline-flex min-h-11 max-w-full min-w-0 items-center gap-1.5 rounded-full bg-brand-700 px-4 text-sm font-medium text-white ring-1 ring-brand-700 hover:bg-brand-800"
    >
      <span className="truncate">{betterThanLabel(filter.name)}</span>
      <X aria-hidden="true" className="size-4 shrink-0" />
    </button>
  </div>
);

const SORT_LABELS: Record<ListingSort, string> = { score: 'Mejor puntaje', name: 'Nombre (A–Z)' };

/**
 * Chips, quick filters, order and the product grid of every listing route (spec §2 "Product listing"). The
 * server filters, orders and pages, so the count is the true number of products and "Ver más" reaches them all.
 */
export const ProductListing = ({
  source,
  initialSub2category,
  highlightId,
  initialOnlySuited = false,
  onFirstLoad,
  betterThan = null,
}: ProductListingProps) => {
  const sortId = useId();
  const subcategorySlug = source.kind === 'subcategory' ? source.slug : null;
  const { chipsQuery, selected, toggle } = useSub2categorySelection({
    subcategorySlug,
    fromAddress: initialSub2category,
  });
  // Back from a product (browser or the page's own link): the listing as it was left (issue 30). A link that asks
  // for a product to be highlighted, or for "Solo aptos para mí", opens afresh.
  const listingKey = `${source.kind}:${source.slug}${betterThan ? `:mejores-que-${betterThan.id}` : ''}`;
  const kept = useReturnedView(listingKey, parseListingView);
  const returned = highlightId === null && !initialOnlySuited ? kept : null;
  const filters = useQuickFilters(
    returned ? { filters: filterStateOf(returned.choice), sugarText: returned.choice.sugarText } : undefined,
  );
  const [sort, setSort] = useState<ListingSort>(returned?.choice.sort ?? 'score');
  const [onlySuited, setOnlySuited] = useState(initialOnlySuited || (returned?.choice.onlySuited ?? false));

  const productsQuery = useListingProducts(
    source,
    {
      sub2category: selected ?? null,
      filters: filters.active,
      sugarMaxG: filters.sugarMaxG,
      sort,
      betterThan: betterThan?.id ?? null,
    },
    selected !== undefined,
  );
  const settled = productsQuery.isSuccess || productsQuery.isError;

  const view = useMemo(
    (): ListingView => ({
      sub2category: selected ?? null,
      filters: QUICK_FILTERS.filter((f) => filters.filters.active.has(f)),
      sugarEnabled: filters.filters.sugarEnabled,
      sugarMaxG: filters.filters.sugarMaxG,
      sugarText: filters.sugarText,
      sort,
      onlySuited,
    }),
    [selected, filters.filters, filters.sugarText, sort, onlySuited],
  );
  useKeepListingView({
    listing: listingKey,
    choice: view,
    kept: returned,
    ready: selected !== undefined && settled && !productsQuery.isPlaceholderData,
    query: productsQuery,
  });
  // A card carries where it was opened from, so the product page's back link comes back here.
  const cardLinkState = useFromListingState();

  const gridRef = useRef<HTMLDivElement>(null);
  const firstLoadDone = useRef(false);
  useEffect(() => {
    if (!settled || firstLoadDone.current) return;
    firstLoadDone.current = true;
    if (highlightId !== null) {
      gridRef.current
        ?.querySelector<HTMLElement>(`[data-product-id="${highlightId}"]`)
        ?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    }
    onFirstLoad?.();
  }, [settled, highlightId, onFirstLoad]);

  const data = productsQuery.data;
  const loaded = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
  const total = data?.pages[0]?.total ?? 0;
  // "Solo aptos para mí" (issue 28): the same pages as anyone's, filtered on the phone (ADR 024).
  const suited = useOnlySuited(loaded, onlySuited, productsQuery);
  const products = suited.shown;

  return (
    <div className="mt-4 space-y-4">
      {source.kind === 'subcategory' ? (
        chipsQuery.isPending ? (
          <Sub2categoryChipsSkeleton />
        ) : chipsQuery.data ? (
          <Sub2categoryChips chips={chipsQuery.data} selected={selected ?? null} onToggle={toggle} />
        ) : null
      ) : null}

      {betterThan ? (
        <BetterThanChip
          filter={{
            ...betterThan,
            // The chip goes away with the filter: keyboard focus moves to the products it changed.
            onRemove: () => {
              betterThan.onRemove();
              gridRef.current?.focus();
            },
          }}
        />
      ) : null}

      <QuickFilters controller={filters} />
      <OnlySuitedToggle on={onlySuited} onChange={setOnlySuited} />

      <section aria-label="Productos" ref={gridRef} tabIndex={-1} className="outline-none">
        <h2 className="sr-only">Productos</h2>
        {productsQuery.isError && !productsQuery.isFetchNextPageError ? (
          <Alert as="div">
            <p>{productsErrorText(errorMessage(productsQuery.error))}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" onClick={() => void productsQuery.refetch()}>
                Reintentar
              </Button>
              <Link to="/" className={buttonClassName({ variant: 'ghost', size: 'sm' })}>
                Ir al inicio
              </Link>
            </div>
          </Alert>
        ) : !productsQuery.data ? (
          <ProductGridSkeleton />
        ) : (
          <>
            <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
              <div aria-live="polite" className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <p className="text-sm text-stone-600">{total === 0 ? '' : productCount(total)}</p>
                {suited.active ? <HiddenNote hidden={suited.hidden} /> : null}
              </div>
              <div className="flex items-center gap-2 text-sm">
                <label htmlFor={sortId} className="text-stone-700">
                  Ordenar por
                </label>
                <select
                  id={sortId}
                  value={sort}
                  onChange={(event) => setSort(event.target.value as ListingSort)}
                  className="min-h-11 rounded-lg bg-white px-2 text-stone-900 ring-1 ring-stone-300"
                >
                  {(Object.keys(SORT_LABELS) as ListingSort[]).map((value) => (
                    <option key={value} value={value}>
                      {SORT_LABELS[value]}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            {products.length === 0 ? (
              suited.active && loaded.length > 0 ? (
                productsQuery.hasNextPage ? (
                  <ProductGridSkeleton count={4} label="Buscando productos aptos para ti" />
                ) : (
                  <p className="rounded-2xl bg-stone-100 p-6 text-center text-stone-700">{NONE_SUITED_TEXT}</p>
                )
              ) : (
                <p className="rounded-2xl bg-stone-100 p-6 text-center text-stone-700">
                  {betterThan ? noBetterText(betterThan.name) : NO_PRODUCTS_TEXT}
                </p>
              )
            ) : (
              <ul className={`${PRODUCT_GRID_CLASS} ${productsQuery.isPlaceholderData ? 'opacity-60' : ''}`}>
                {products.map((product) => (
                  <li key={product.id}>
                    <ProductCard
                      product={product}
                      highlighted={product.id === highlightId}
                      linkState={cardLinkState}
                    />
                  </li>
                ))}
              </ul>
            )}
            {productsQuery.hasNextPage || productsQuery.isFetchNextPageError ? (
              <MoreProducts
                shown={products.length}
                loaded={loaded.length}
                total={total}
                suitedActive={suited.active}
                error={productsQuery.isFetchNextPageError ? productsErrorText(errorMessage(productsQuery.error)) : null}
                loading={productsQuery.isFetchingNextPage}
                onLoadMore={suited.loadMore}
              />
            ) : null}
          </>
        )}
      </section>
    </div>
  );
};
