import { normalizeImages } from '@etiqueta/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import type { ProductCardData } from '@/components/food/product-card';
import { ProductImage } from '@/components/food/product-image';
import { ScoreBadge } from '@/components/food/score-badge';
import { VerdictMark } from '@/components/food/verdict-mark';

import { Skeleton } from './skeleton';

const looks = {
  /** A line of a list (Historial): tight, underlined on hover. */
  list: {
    link: 'group flex min-w-0 flex-1 items-center gap-3 rounded-xl p-1 hover:bg-stone-50',
    image: 'size-16 shrink-0 rounded-lg ring-1 ring-stone-100',
    body: 'flex min-w-0 flex-1 flex-col gap-1',
    name: 'line-clamp-2 text-sm leading-snug font-semibold text-stone-900 group-hover:underline',
    brand: 'truncate text-xs text-stone-600',
    marks: 'flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-stone-600',
    placeholder: 'flex items-center gap-3 p-3',
    placeholderImage: 'size-16 shrink-0 rounded-lg',
    placeholderLines: ['h-3.5 w-3/4', 'h-3 w-1/3', 'h-4 w-24 rounded-full'],
  },
  /** A card of its own (Mejores opciones): ringed, its name a heading. */
  card: {
    link: 'flex min-h-20 items-start gap-3 rounded-2xl bg-white p-3 ring-1 ring-stone-200 transition hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2',
    image: 'size-16 shrink-0 rounded-xl text-xs',
    body: 'min-w-0 flex-1',
    name: 'line-clamp-2 leading-snug font-semibold break-words text-stone-900',
    brand: 'truncate text-sm text-stone-600',
    marks: 'mt-1 flex flex-wrap items-center gap-2',
    placeholder: 'flex gap-3 rounded-2xl bg-white p-3 ring-1 ring-stone-200',
    placeholderImage: 'size-16 shrink-0 rounded-xl',
    placeholderLines: ['h-4', 'h-3 w-1/2', 'h-3 w-2/3'],
  },
} as const;

type ProductRowProps = {
  product: ProductCardData;
  look: keyof typeof looks;
  /** Beside the score and the verdict, e.g. when it was opened. */
  marks?: ReactNode;
  /** Under them, e.g. why it is better. */
  children?: ReactNode;
  'data-testid'?: string;
  'data-product-id'?: number;
};

/**
 * A product on one line, the link to its page: thumbnail (or 'Sin imagen'), name clamped to 2 lines, brand, its
 * score and whether it suits this person (issue 28). Lists of products that are not a grid of cards use it.
 */
export const ProductRow = ({ product, look, marks, children, ...data }: ProductRowProps) => {
  const style = looks[look];
  const Name = look === 'card' ? 'h3' : 'p';
  return (
    <Link to={`/product/${product.id}`} className={style.link} {...data}>
      <ProductImage src={normalizeImages(product.images).thumbnail} alt="" loading="lazy" className={style.image} />
      <div className={style.body}>
        <Name className={style.name}>{product.name}</Name>
        {product.brand ? <p className={style.brand}>{product.brand}</p> : null}
        <div className={style.marks}>
          <ScoreBadge score={product.healthScore} />
          <VerdictMark product={product} />
          {marks}
        </div>
        {children}
      </div>
    </Link>
  );
};

/** A ProductRow's grey stand-in while the products load (skeletons, not spinners). */
export const ProductRowSkeleton = ({ look }: { look: keyof typeof looks }) => {
  const style = looks[look];
  return (
    <div className={style.placeholder}>
      <Skeleton className={style.placeholderImage} />
      <div className="flex-1 space-y-2">
        {style.placeholderLines.map((line) => (
          <Skeleton key={line} className={line} />
        ))}
      </div>
    </div>
  );
};
