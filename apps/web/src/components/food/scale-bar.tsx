import {
  formatNumberEs,
  type NutrientBand,
  type NutrientBasis,
  type NutrientId,
  nutrientBand,
  SCALE_BARS,
  scaleBarPosition,
} from '@etiqueta/domain';

import { formatNutrientValue, formatStop, NUTRIENT_NAMES, nutrientLevelWord } from './nutrient-labels';
import { nutrientDotClass } from './score-colours';

type ScaleBarProps = {
  nutrient: NutrientId;
  /** In the scale's unit: sodium in mg, energy in kcal, fruit and vegetables in %. */
  value: number;
  /** The row's band (a seal lifts it to at least high): the word read aloud is the word the row prints. */
  band?: NutrientBand;
  /** Per 100 g, or per 100 mL for a product sold by volume (its own scale, its line at the liquid seal limit). */
  basis?: NutrientBasis;
};

const BASIS_WORDS: Record<NutrientBasis, string> = { solid: '100 g', liquid: '100 mL' };

/**
 * A nutrient's scale bar (spec §9 stops per 100 g; the liquid scale per 100 mL): one equal-width segment between
 * each pair of stops, coloured by the domain's band at the segment's middle, a marker at the value, a red line at
 * the 'ALTO EN' seal limit, the stops printed underneath. Screen readers get one sentence instead of the drawing,
 * with the same band word as the row.
 */
export const ScaleBar = ({ nutrient, value, band, basis = 'solid' }: ScaleBarProps) => {
  const { stops, sealLimit, unit } = SCALE_BARS[basis][nutrient];
  const segments = stops.slice(1).map((to, index) => {
    const from = stops[index] ?? 0;
    return { from, to, colour: nutrientBand(nutrient, (from + to) / 2, basis).colour };
  });
  const position = scaleBarPosition(nutrient, value, basis);
  const shownBand = band ?? nutrientBand(nutrient, value, basis);
  const first = stops[0] ?? 0;
  const last = stops[stops.length - 1] ?? 0;
  const seal =
    sealLimit === null ? '' : ` Sobre ${formatNumberEs(sealLimit, 1)} ${unit} lleva el sello ALTO EN.`;
  const description = `${NUTRIENT_NAMES[nutrient]}: ${formatNutrientValue(nutrient, value)} por ${BASIS_WORDS[basis]}, ${nutrientLevelWord(
    nutrient,
    shownBand.level,
  ).toLowerCase()}, en una escala de ${formatStop(nutrient, first, false, basis)} a ${formatStop(nutrient, last, true, basis)}.${seal}`;

  return (
    <figure className="w-full" data-testid={`scale-bar-${nutrient}`} data-basis={basis}>
      <figcaption className="sr-only">{description}</figcaption>
      <div aria-hidden="true" className="relative pt-5">
        <div
          className="absolute top-0 -translate-x-1/2 text-stone-900"
          style={{ left: `${position * 100}%` }}
          data-testid="scale-bar-marker"
        >
          <svg viewBox="0 0 12 10" className="size-3.5 fill-current">
            <path d="M0 0h12L6 10z" />
          </svg>
        </div>
        <div className="relative">
          <div className="flex h-2.5 gap-0.5 overflow-hidden rounded-full">
            {segments.map((segment) => (
              <div key={segment.from} className={`flex-1 ${nutrientDotClass[segment.colour]}`} />
            ))}
          </div>
          {sealLimit !== null ? (
            <div
              className="absolute -top-1 h-4.5 w-0.5 -translate-x-1/2 bg-red-700"
              style={{ left: `${scaleBarPosition(nutrient, sealLimit, basis) * 100}%` }}
              data-testid="scale-bar-seal-line"
            />
          ) : null}
        </div>
        <div className="relative mt-1 h-4 text-[0.7rem] text-stone-600 tabular-nums">
          {stops.map((stop, index) => {
            const left = (index / (stops.length - 1)) * 100;
            const isLast = index === stops.length - 1;
            const align = index === 0 ? 'translate-x-0' : isLast ? '-translate-x-full' : '-translate-x-1/2';
            return (
              <span key={stop} className={`absolute whitespace-nowrap ${align}`} style={{ left: `${left}%` }}>
                {isLast ? formatStop(nutrient, stop, true, basis) : formatNumberEs(stop, 2)}
              </span>
            );
          })}
        </div>
      </div>
    </figure>
  );
};
