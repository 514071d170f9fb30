import { normalizeImages, type Product } from '@etiqueta/contracts';
import { ExternalLink, MessageCircle } from 'lucide-react';
import { formatScore, scoreBand } from '@etiqueta/domain';
import type { ReactNode } from 'react';

import { CompareToggle } from '@/components/food/compare-toggle';
import { ProductImage } from '@/components/food/product-image';
import { buttonClassName } from '@/components/ui/button';
import { APP_NAME, COMMUNITY_CHAT_URL } from '@/config/brand';

import { buildProductRows } from '@/components/food/product-rows';
import { BetterAlternatives } from './better-alternatives';
import { IngredientsSection } from './ingredients-section';
import { LabelFacts } from '@/components/food/label-facts';
import { ProductBackLink } from './product-back-link';
import { ProductRowGroup } from './product-row-groups';
import { ProductSeals } from './product-seals';
import { AllergenSection, ProductVerdict } from './product-verdict';
import { ScoreHero } from './score-hero';
import { ScoreNotice, scoreNoticeKind } from './score-notice';
import { ScoreReasons } from './score-reasons';
import { ShareLinkButton } from '@/components/ui/share-link-button';

type ProductViewProps = {
  product: Product;
  /** Composed by the route: the error-report dialog's trigger (another feature). */
  reportAction?: ReactNode;
  /** Composed by the route: the error report opened on 'Alérgenos'. */
  allergenReport?: ReactNode;
};

/** What the share sheet says with the link: "Leche Entera (Colun): 6,0/10 · Mediocre en Etiqueta Clara". */
const shareText = (product: Product) => {
  const band = scoreBand(product.healthScore);
  const score = product.healthScore === null ? band.label : `${formatScore(product.healthScore)} · ${band.label}`;
  return `${product.name}${product.brand ? ` (${product.brand})` : ''}: ${score} en ${APP_NAME}`;
};

/** Blocks of the right-hand column on wide screens; full width under the name on phones. */
const SIDE = 'col-span-2 md:col-span-1 md:col-start-2';

/**
 * The product page of spec §2, phone first (issue 14): at 360 × 740 the name, brand, a large score with its
 * colour and word, the strongest reasons and the 'ALTO EN' seals come before anything else; then what is
 * missing (with the way to complete it), Nutri-Score and NOVA with their meaning, the ingredients, the two
 * groups and the reasons. On wide screens the photo takes the left column.
 */
export const ProductView = ({ product, reportAction, allergenReport }: ProductViewProps) => {
  const { negative, positive, doubtful } = buildProductRows(product);
  const image = normalizeImages(product.images).primary;
  // OFF's photos are its contributors' work under CC BY-SA: a page that shows one credits it.
  const offPhoto = image !== null && /^https:\/\/images\.openfoodfacts\.org\//.test(image);
  // When data is missing, partial or doubtful, the way to complete it sits in the notice, by the score.
  const reportInNotice = scoreNoticeKind(product) !== null;

  return (
    <article className="mx-auto w-full max-w-6xl px-4 pt-1 pb-4 md:pt-3 md:pb-8" data-testid="product-page">
      <title>{`${product.name} · ${APP_NAME}`}</title>
      <ProductBackLink product={product} />

      <header className="grid grid-cols-[4.5rem_minmax(0,1fr)] items-start gap-x-3 gap-y-3 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] md:gap-x-8 md:gap-y-4">
        <ProductImage
          src={image}
          alt={`Foto de ${product.name}`}
          className="size-18 rounded-xl ring-1 ring-stone-200 md:row-span-6 md:aspect-square md:size-auto md:w-full md:rounded-2xl"
        />
        <div className="min-w-0 self-center md:self-start">
          <h1 className="text-xl leading-tight font-bold tracking-tight break-words text-stone-900 md:text-3xl">
            {product.name}
          </h1>
          {product.brand ? (
            <p className="mt-0.5 text-base text-stone-700 md:text-lg">{product.brand}</p>
          ) : null}
        </div>
        <div className={SIDE}>
          <ScoreHero product={product} />
          {/* Beside the score, on the first screen (issue 28): can I eat this? */}
          <div className="mt-2">
            <ProductVerdict product={product} />
          </div>
        </div>
        <div className={`${SIDE} empty:hidden`}>
          <ProductSeals seals={product.seals} />
        </div>
        <div className={`${SIDE} empty:hidden`}>
          <ScoreNotice product={product} reportAction={reportInNotice ? reportAction : undefined} />
        </div>
        <div className={SIDE}>
          <LabelFacts product={product} />
        </div>
        <div className={SIDE}>
          <IngredientsSection product={product} />
        </div>
        <div className={SIDE}>
          <AllergenSection product={product} allergenReport={allergenReport} />
        </div>
      </header>

      {/* Below the answer in one glance: name, score, seals and reasons keep the top of the screen. */}
      <div className="mt-6 flex flex-wrap items-start gap-x-3 gap-y-2">
        <CompareToggle product={product} variant="page" />
        <ShareLinkButton
          url={`${window.location.origin}/product/${product.id}`}
          title={product.name}
          text={shareText(product)}
          testId="share-product"
        />
      </div>

      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <ProductRowGroup tone="negative" rows={negative} product={product} />
        <ProductRowGroup tone="positive" rows={positive} product={product} />
        {doubtful.length > 0 ? <ProductRowGroup tone="doubtful" rows={doubtful} product={product} /> : null}
      </div>

      <div className="mt-8">
        <ScoreReasons product={product} />
      </div>

      {/* Below the answer itself (issue 14's first screen), with a query of its own (issue 16). */}
      <div className="mt-8">
        <BetterAlternatives product={product} />
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
        {reportInNotice ? null : reportAction}
        {offPhoto ? (
          <p className="text-xs text-stone-600" data-testid="photo-credit">
            Foto: colaboradores de{' '}
            <a
              href={`https://world.openfoodfacts.org/product/${encodeURIComponent(product.barcode)}`}
              className="underline underline-offset-2"
              target="_blank"
              rel="noopener noreferrer"
            >
              Open Food Facts
              <span className="sr-only"> (se abre en una pestaña nueva)</span>
            </a>
            , licencia{' '}
            <a
              href="https://creativecommons.org/licenses/by-sa/3.0/deed.es"
              className="underline underline-offset-2"
              target="_blank"
              rel="noopener noreferrer"
            >
              CC BY-SA
              <span className="sr-only"> (se abre en una pestaña nueva)</span>
            </a>
            .
          </p>
        ) : null}
      </footer>
    </article>
  );
};
