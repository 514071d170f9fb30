import type { Product } from '@etiqueta/contracts';
import { normalizeImages } from '@etiqueta/domain';
import { ExternalLink, MessageCircle } from 'lucide-react';
import type { ReactNode } from 'react';

import { ProductImage } from '@/components/food/product-image';
import { ScoreBadge } from '@/components/food/score-badge';
import { buttonClassName } from '@/components/ui/button';
import { APP_NAME, COMMUNITY_CHAT_URL } from '@/config/brand';

import { buildProductRows } from '../lib/product-rows';
import { IngredientsSection } from './ingredients-section';
import { ProductBackLink } from './product-back-link';
import { ProductRowGroup } from './product-row-groups';
import { ProductSeals } from './product-seals';
import { ScoreNotice } from './score-notice';
import { ScoreReasons } from './score-reasons';

type ProductViewProps = {
  product: Product;
  /** Composed by the route: the error-report dialog's trigger (another feature). */
  reportAction?: ReactNode;
};

/** The product page of spec §2, with the score's reasons and the Chilean seals added. */
export const ProductView = ({ product, reportAction }: ProductViewProps) => {
  const { negative, positive } = buildProductRows(product);
  const image = normalizeImages(product.images).primary;

  return (
    <article className="mx-auto w-full max-w-6xl px-4 py-4 md:py-8" data-testid="product-page">
      <title>{`${product.name} · ${APP_NAME}`}</title>
      <ProductBackLink product={product} />

      <header className="mt-2 grid gap-5 md:grid-cols-[minmax(0,20rem)_1fr] md:gap-8">
        <ProductImage
          src={image}
          alt={`Foto de ${product.name}`}
          className="aspect-square w-full max-w-60 justify-self-center rounded-2xl ring-1 ring-stone-200 md:max-w-none"
        />
        <div className="flex min-w-0 flex-col gap-4">
          <div>
            <h1 className="text-2xl font-bold tracking-tight break-words text-stone-900 md:text-3xl">
              {product.name}
            </h1>
            {product.brand ? <p className="mt-1 text-lg text-stone-700">{product.brand}</p> : null}
          </div>
          <div data-testid="product-score">
            <ScoreBadge score={product.healthScore} size="lg" />
          </div>
          <ScoreNotice product={product} />
          <ProductSeals seals={product.seals} />
          <IngredientsSection product={product} />
        </div>
      </header>

      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <ProductRowGroup tone="negative" rows={negative} product={product} />
        <ProductRowGroup tone="positive" rows={positive} product={product} />
      </div>

      <div className="mt-8">
        <ScoreReasons product={product} />
      </div>

      <footer className="mt-8 flex flex-col items-center gap-4 border-t border-stone-200 pt-6 text-center">
        <p className="text-stone-700">¿Tienes dudas o quieres ayudar a revisar productos?</p>
        <a
          href={COMMUNITY_CHAT_URL}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClassName({ variant: 'secondary' })}
          data-testid="community-chat-link"
        >
          <MessageCircle aria-hidden="true" className="size-5" />
          Únete a la comunidad
          <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only">(se abre en una pestaña nueva)</span>
        </a>
        {reportAction}
      </footer>
    </article>
  );
};
