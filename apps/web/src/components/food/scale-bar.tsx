import {
  formatNumberEs,
  type NutrientId,
  nutrientBand,
  SCALE_BARS,
  scaleBarPosition,
} from '@etiqueta/domain';

import { formatNutrientValue, formatStop, NUTRIENT_NAMES, nutrientLevelWord } from './nutrient-labels';
import { nutrientDotClass } from './score-colours';

type ScaleBarProps = {
  nutrient: NutrientId;
  /** In the scale's unit: salt in g (sodium mg / 1000), energy in kcal, fruit and vegetables in %. */
  value: number;
  /** What the value is measured in: '100 mL' for a product sold by volume. */
  basis?: '100 g' | '100 mL';
};

/**
 * A nutrient's scale bar (spec §9 stops): one equal-width segment between each pair of stops, coloured by the
 * domain's band at the segment's middle, a marker at the value, the stops printed underneath. Screen readers get
 * one sentence instead of the drawing.
 */
export const ScaleBar = ({ nutrient, value, basis = '100 g' }: ScaleBarProps) => {
  const { stops } = SCALE_BARS[nutrient];
  const segments = stops.slice(1).map((to, index) => {
    const from = stops[index] ?? 0;
    return { from, to, colour: nutrientBand(nutrient, (from + to) / 2).colour };
  });
  const position = scaleBarPosition(nutrient, value);
  const band = nutrientBand(nutrient, value);
  const first = stops[0] ?? 0;
  const last = stops[stops.length - 1] ?? 0;
  const description = `${NUTRIENT_NAMES[nutrient]}: ${formatNutrientValue(nutrient, value)} por ${basis}, ${nutrientLevelWord(
    nutrient,
    band.level,
  ).toLowerCase()}, en una escala de ${formatStop(nutrient, first, false)} a ${formatStop(nutrient, last, true)}.`;

  return (
    <figure className="w-full" data-testid={`scale-bar-${nutrient}`}>
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
        <div className="flex h-2.5 gap-0.5 overflow-hidden rounded-full">
          {segments.map((segment) => (
            <div key={segment.from} className={`flex-1 ${nutrientDotClass[segment.colour]}`} />
          ))}
        </div>
        <div className="relative mt-1 h-4 text-[0.7rem] text-stone-600 tabular-nums">
          {stops.map((stop, index) => {
            const left = (index / (stops.length - 1)) * 100;
            const isLast = index === stops.length - 1;
            const align = index === 0 ? 'translate-x-0' : isLast ? '-translate-x-full' : '-translate-x-1/2';
            return (
              <span key={stop} className={`absolute whitespace-nowrap ${align}`} style={{ left: `${left}%` }}>
                {isLast ? formatStop(nutrient, stop, true) : formatNumberEs(stop, 2)}
              </span>
            );
          })}
        </div>
      </div>
    </figure>
  );
};
