import { normalizeImages, type ProductSummary } from '@etiqueta/contracts';
import { memo, type Ref } from 'react';
import { Link } from 'react-router';

import { CompareToggle } from './compare-toggle';
import { ProductImage } from './product-image';
import { ScoreBadge } from './score-badge';
import { VerdictMark } from './verdict-mark';

export type ProductCardData = Pick<
  ProductSummary,
  'id' | 'name' | 'brand' | 'images' | 'healthScore' | 'allergens' | 'diets'
> &
  Partial<Pick<ProductSummary, 'detectedAdditives' | 'ultraprocessed'>>;

type ProductCardProps = {
  product: ProductCardData;
  /** Ringed, e.g. the product a link asked to highlight. */
  highlighted?: boolean;
  ref?: Ref<HTMLAnchorElement>;
  /** The link's navigation state: a listing says it was opened from there (lib/listing-return.ts). */
  linkState?: unknown;
};

/**
 * A product in a grid: image or 'Sin imagen', its score, name clamped to 2 lines, brand, and whether it suits
 * this person (issue 28) — the link to /product/{id} — and under it, outside the link, the toggle that picks it
 * for the comparison. Memoised: "Ver más" adds 30 cards to a grid that may hold hundreds, whose products (the
 * same objects in the query cache) have not changed; only the new ones render.
 */
export const ProductCard = memo(function ProductCard({
  product,
  highlighted = false,
  ref,
  linkState,
}: ProductCardProps) {
  const image = normalizeImages(product.images).thumbnail;
  return (
    <div
      className={`flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 transition hover:shadow-md ${
        highlighted ? 'ring-4 ring-amber-400' : 'ring-stone-200'
      }`}
    >
      <Link
        ref={ref}
        to={`/product/${product.id}`}
        state={linkState}
        data-product-id={product.id}
        data-highlighted={highlighted || undefined}
        className="group flex flex-1 flex-col focus-visible:-outline-offset-4"
      >
        <div className="relative">
          <ProductImage src={image} alt="" loading="lazy" className="aspect-square p-2" />
          {/* Every card, so a shelf can be compared at a glance (the spec showed it in three categories only). */}
          <ScoreBadge score={product.healthScore} className="absolute top-2 left-2 shadow-sm" />
        </div>
        <div className="flex flex-1 flex-col gap-0.5 p-3">
          <h3 className="line-clamp-2 text-sm leading-snug font-semibold text-stone-900 group-hover:underline">
            {product.name}
          </h3>
          {product.brand ? <p className="truncate text-xs text-stone-600">{product.brand}</p> : null}
          {/* Whether it suits this person (issue 28), decided on the phone; nothing without preferences. */}
          <VerdictMark product={product} className="mt-1 self-start" />
        </div>
      </Link>
      <CompareToggle product={product} />
    </div>
  );
});

/** The grid every listing and the search results share: 2 columns on a phone, up to 5 on a desktop. */
export const PRODUCT_GRID_CLASS = 'grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5';

/** Placeholder cards while products load (skeletons, not spinners). */
export const ProductGridSkeleton = ({ count = 10, label = 'Cargando productos' }: { count?: number; label?: string }) => (
  <div role="status" aria-label={label} aria-busy="true" className={PRODUCT_GRID_CLASS}>
    {Array.from({ length: count }, (_, index) => (
      <div key={index} className="overflow-hidden rounded-2xl bg-white ring-1 ring-stone-200">
        <div className="aspect-square animate-pulse bg-stone-100" />
        <div className="space-y-2 p-3">
          <div className="h-3.5 animate-pulse rounded bg-stone-200" />
          <div className="h-3.5 w-2/3 animate-pulse rounded bg-stone-200" />
          <div className="h-3 w-1/2 animate-pulse rounded bg-stone-100" />
        </div>
      </div>
    ))}
  </div>
);
