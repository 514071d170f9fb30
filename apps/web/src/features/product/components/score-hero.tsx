import type { Product } from '@etiqueta/contracts';
import {
  fruitsVegetablesLegumesPercent,
  scoreBand,
  type ScoreHighlight,
  scoreHighlights,
} from '@etiqueta/domain';
import { CircleCheck, CircleAlert } from 'lucide-react';

import { scoreDotClass, scoreTintClass } from '@/components/food/score-colours';
import { formatDecimal } from '@/lib/format';


/** "4,9" and "/10": the number large, the scale small. */
const scoreParts = (score: number) => [formatDecimal(score), '/10'] as const;

/** The product's facts as the domain's explanation reads them. */
export const explanationInput = (product: Product) => ({
  ...product,
  fruitsVegetablesPercent: fruitsVegetablesLegumesPercent(product),
  seals: product.seals,
});

type ScoreHeroProps = { product: Product };

/**
 * The answer in one glance (issue 14): the score large, in its band's colour and with its word ("Malo"), and
 * the two or three facts that weigh most on it. Colour is never alone: the word and the signs say it too.
 */
export const ScoreHero = ({ product }: ScoreHeroProps) => {
  const band = scoreBand(product.healthScore);
  const highlights = scoreHighlights(explanationInput(product));
  return (
    <div className={`rounded-2xl p-3 ring-2 md:p-4 ${scoreTintClass[band.colour]}`}>
      <p className="flex items-center gap-3" data-testid="product-score" data-band={band.band}>
        <span
          aria-hidden="true"
          className={`size-8 shrink-0 rounded-full ring-1 ring-black/10 md:size-10 ${scoreDotClass[band.colour]}`}
        />
        {product.healthScore === null ? (
          <span className="text-2xl font-bold text-stone-900" data-testid="score-word">
            {band.label}
          </span>
        ) : (
          <>
            <span className="text-stone-900" data-testid="score-value">
              <span className="text-5xl leading-none font-black tracking-tight tabular-nums">
                {scoreParts(product.healthScore)[0]}
              </span>
              <span className="text-xl font-bold text-stone-700">{scoreParts(product.healthScore)[1]}</span>
            </span>
            <span
              className="text-xl leading-tight font-bold text-stone-900 md:text-2xl"
              data-testid="score-word"
            >
              {band.label}
            </span>
          </>
        )}
      </p>
      {highlights.length > 0 ? (
        <ul aria-label="Lo más importante" className="mt-2 space-y-1" data-testid="score-highlights">
          {highlights.map((highlight) => (
            <HighlightItem key={highlight.text} highlight={highlight} />
          ))}
        </ul>
      ) : null}
    </div>
  );
};

const HighlightItem = ({ highlight }: { highlight: ScoreHighlight }) => {
  const Icon = highlight.tone === 'bad' ? CircleAlert : CircleCheck;
  return (
    <li className="flex items-start gap-2 text-[0.95rem] leading-snug font-medium text-stone-900">
      <Icon
        aria-hidden="true"
        className={`mt-0.5 size-4 shrink-0 ${highlight.tone === 'bad' ? 'text-red-700' : 'text-green-700'}`}
      />
      {highlight.text}
    </li>
  );
};
