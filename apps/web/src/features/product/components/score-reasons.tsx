import type { Product } from '@etiqueta/contracts';
import { formatScore, formatSignedPoints } from '@etiqueta/domain';

import { isScoreNote } from './score-notice';

/** The server writes each reason as "Azúcares 9 g/100 g: −0,4"; the points get their own column here. */
const TRAILING_POINTS = /:\s*[+\u2212-]?\d+(?:[.,]\d+)?\s*$/;

export const reasonText = (text: string) => text.replace(TRAILING_POINTS, '');

type ScoreReasonsProps = {
  product: Pick<Product, 'healthScore' | 'reasons'>;
};

/**
 * Beyond the spec: '¿Por qué este puntaje?', each rule that moved the score with its signed points, as the
 * server computed them. Signs are printed (+/−), so colour only repeats what the text says.
 */
export const ScoreReasons = ({ product }: ScoreReasonsProps) => (
  <section
    aria-labelledby="score-reasons-title"
    className="rounded-2xl bg-white p-4 ring-1 ring-stone-200 md:p-6"
  >
    <h2 id="score-reasons-title" className="text-xl font-bold text-stone-900">
      ¿Por qué este puntaje?
    </h2>
    {product.reasons.length === 0 ? (
      <p className="mt-2 text-stone-700">
        {product.healthScore === null
          ? 'Sin puntaje: faltan los datos nutricionales necesarios para calcularlo.'
          : 'No hay detalle del cálculo para este producto.'}
      </p>
    ) : (
      <>
        <ul className="mt-3 divide-y divide-stone-100" data-testid="score-reasons">
          {product.reasons.map((reason, index) => (
            <li key={`${reason.rule}-${index}`} className="flex items-baseline justify-between gap-4 py-2">
              <span className="text-stone-800">{reasonText(reason.text)}</span>
              {isScoreNote(reason) ? null : (
                <span
                  className={`shrink-0 font-semibold tabular-nums ${
                    reason.points > 0
                      ? 'text-green-800'
                      : reason.points < 0
                        ? 'text-red-700'
                        : 'text-stone-600'
                  }`}
                >
                  {formatSignedPoints(reason.points)}
                </span>
              )}
            </li>
          ))}
        </ul>
        <p className="mt-2 flex items-baseline justify-between gap-4 border-t border-stone-300 pt-2 font-bold text-stone-900">
          <span>Puntaje</span>
          <span className="tabular-nums">{formatScore(product.healthScore)}</span>
        </p>
      </>
    )}
  </section>
);
