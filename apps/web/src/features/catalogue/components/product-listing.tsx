import type { ProductSummary } from '@etiqueta/contracts';
import { showsListingScoreBadge } from '@etiqueta/domain';
import { useEffect, useRef } from 'react';

import { PRODUCT_GRID_CLASS, ProductCard, ProductGridSkeleton } from '@/components/food/product-card';

import { useCategoryProducts } from '../api/get-category-products';
import { useSubcategoryProducts } from '../api/get-subcategory-products';
import { useQuickFilters } from '../hooks/use-quick-filters';
import { useSub2categorySelection } from '../hooks/use-sub2category-selection';
import { QuickFilters } from './quick-filters';
import { Sub2categoryChips, Sub2categoryChipsSkeleton } from './sub2category-chips';

export const NO_PRODUCTS_TEXT = 'No se encontraron productos';
export const productsErrorText = (message: string) => `Error cargando productos: ${message}`;

export type ListingSource = { kind: 'subcategory'; slug: string } | { kind: 'category'; slug: string };

type ProductListingProps = {
  source: ListingSource;
  /** `?sub2categories=` when the screen opened: preselects that chip. */
  initialSub2category: string | null;
  /** `?highlight=` when the screen opened: that product is scrolled to and ringed. */
  highlightId: number | null;
  /** Called once the first products (or their error) arrived, so the caller can tidy the address. */
  onFirstLoad?: () => void;
};

const countText = (count: number) => (count === 1 ? '1 producto' : `${count} productos`);

/** Chips, quick filters and the product grid of every listing route (spec §2 "Product listing"). */
export const ProductListing = ({ source, initialSub2category, highlightId, onFirstLoad }: ProductListingProps) => {
  const subcategorySlug = source.kind === 'subcategory' ? source.slug : null;
  const { chipsQuery, selected, toggle } = useSub2categorySelection({
    subcategorySlug,
    fromAddress: initialSub2category,
  });
  const filters = useQuickFilters();

  const subcategoryProducts = useSubcategoryProducts(
    subcategorySlug ?? '',
    selected ?? null,
    subcategorySlug !== null && selected !== undefined,
  );
  const categoryProducts = useCategoryProducts(source.slug, null, source.kind === 'category');
  const productsQuery = source.kind === 'subcategory' ? subcategoryProducts : categoryProducts;
  const settled = productsQuery.isSuccess || productsQuery.isError;

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

  const visible: ProductSummary[] = productsQuery.data ? filters.filterProducts(productsQuery.data) : [];

  return (
    <div className="mt-4 space-y-4">
      {source.kind === 'subcategory' ? (
        chipsQuery.isPending ? (
          <Sub2categoryChipsSkeleton />
        ) : chipsQuery.data ? (
          <Sub2categoryChips chips={chipsQuery.data} selected={selected ?? null} onToggle={toggle} />
        ) : null
      ) : null}

      <QuickFilters controller={filters} />

      <section aria-label="Productos" ref={gridRef}>
        <h2 className="sr-only">Productos</h2>
        {productsQuery.isError ? (
          <p role="alert" className="rounded-2xl bg-red-50 p-4 text-red-800 ring-1 ring-red-200">
            {productsErrorText(productsQuery.error.message)}
          </p>
        ) : !productsQuery.data ? (
          <ProductGridSkeleton />
        ) : visible.length === 0 ? (
          <p className="rounded-2xl bg-stone-100 p-6 text-center text-stone-700">{NO_PRODUCTS_TEXT}</p>
        ) : (
          <>
            <p className="mb-3 text-sm text-stone-600" aria-live="polite">
              {countText(visible.length)}
            </p>
            <ul className={PRODUCT_GRID_CLASS}>
              {visible.map((product) => (
                <li key={product.id}>
                  <ProductCard
                    product={product}
                    showScore={showsListingScoreBadge(product.categorySlug, product.subcategorySlug)}
                    highlighted={product.id === highlightId}
                  />
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
};
