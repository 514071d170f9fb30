import type { Product } from '@etiqueta/contracts';
import {
  explainScore,
  formatNumberEs,
  formatPointsSum,
  formatScore,
  formatSignedPoints,
} from '@etiqueta/domain';

import { explanationInput } from './score-hero';

const pointsClass = (points: number) =>
  points > 0 ? 'text-green-800' : points < 0 ? 'text-red-700' : 'text-stone-600';

type ScoreReasonsProps = { product: Product };

/**
 * Beyond the spec: '¿Por qué este puntaje?' in a shopper's words (the domain's explainScore): nutrition,
 * additives and ingredients, seals, organic and the caps, each section with its signed points and the facts
 * behind it; the sections add up to the score, shown as a sum under them. Signs are printed (+/−), so colour
 * only repeats what the text says.
 */
export const ScoreReasons = ({ product }: ScoreReasonsProps) => {
  const { sections } = explainScore(explanationInput(product));
  return (
    <section
      aria-labelledby="score-reasons-title"
      className="rounded-2xl bg-white p-4 ring-1 ring-stone-200 md:p-6"
    >
      <h2 id="score-reasons-title" className="text-xl font-bold text-stone-900">
        ¿Por qué este puntaje?
      </h2>
      {sections.length === 0 ? (
        <p className="mt-2 text-stone-700">
          Sin puntaje: faltan los datos nutricionales necesarios para calcularlo.
        </p>
      ) : (
        <>
          <ol className="mt-3 space-y-4" data-testid="score-reasons">
            {sections.map((section) => (
              <li key={section.id} data-testid={`reason-section-${section.id}`}>
                <p className="flex items-baseline justify-between gap-4 font-semibold text-stone-900">
                  <span>{section.title}</span>
                  <span className={`shrink-0 tabular-nums ${pointsClass(section.points)}`}>
                    {formatSignedPoints(section.points)}
                    {section.max !== null ? (
                      <span className="font-normal text-stone-600"> de {formatNumberEs(section.max)}</span>
                    ) : null}
                  </span>
                </p>
                {section.lines.length > 0 ? (
                  <ul className="mt-1 divide-y divide-stone-100 border-l-2 border-stone-200 pl-3">
                    {section.lines.map((line, index) => (
                      <li
                        key={`${line.text}-${index}`}
                        className="flex items-baseline justify-between gap-4 py-1.5 text-stone-800"
                      >
                        <span className="min-w-0">{line.text}</span>
                        <span
                          className={`shrink-0 text-sm font-semibold tabular-nums ${pointsClass(line.points)}`}
                        >
                          {formatSignedPoints(line.points)}
                        </span>
                      </li>
                    ))}
                  </ul>
                ) : null}
                {section.note ? <p className="mt-1 pl-3 text-xs text-stone-600">{section.note}</p> : null}
              </li>
            ))}
          </ol>
          <p
            className="mt-4 flex items-baseline justify-between gap-4 border-t border-stone-300 pt-2 font-bold text-stone-900"
            data-testid="score-sum"
          >
            <span className="min-w-0">
              Puntaje{' '}
              <span className="font-normal text-stone-700">
                ({formatPointsSum(sections.map((s) => s.points))})
              </span>
            </span>
            <span className="shrink-0 tabular-nums">{formatScore(product.healthScore)}</span>
          </p>
        </>
      )}
    </section>
  );
};
