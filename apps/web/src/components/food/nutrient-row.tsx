import type { NutrientBand, NutrientId } from '@etiqueta/domain';

import {
  formatNutrientValue,
  formatSaltEquivalent,
  NUTRIENT_NAMES,
  nutrientLevelWord,
} from './nutrient-labels';
import { nutrientDotClass } from './score-colours';

type NutrientSummaryProps = {
  nutrient: NutrientId;
  value: number;
  band: NutrientBand;
  /** Sodium's salt equivalent, printed beside it. */
  saltG?: number | undefined;
};

/** A nutrient's band as a coloured dot and a word ("Alto"): colour is never the only signal. */
export const NutrientLevelChip = ({ nutrient, band }: Omit<NutrientSummaryProps, 'value'>) => (
  <span className="inline-flex items-center gap-1 rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-800">
    <span aria-hidden="true" className={`size-2 shrink-0 rounded-full ${nutrientDotClass[band.colour]}`} />
    {nutrientLevelWord(nutrient, band.level)}
  </span>
);

/**
 * One nutrient's line: name, value per 100 g or mL (sodium in mg with its salt beside it, as the label and the
 * seal print it), and its band chip. Props only; the product page puts it in an expandable row whose body is the
 * nutrient's scale bar.
 */
export const NutrientSummary = ({ nutrient, value, band, saltG }: NutrientSummaryProps) => (
  <span className="flex min-w-0 flex-1 items-center justify-between gap-3">
    <span className="min-w-0 font-medium break-words text-stone-900">{NUTRIENT_NAMES[nutrient]}</span>
    <span className="flex shrink-0 items-center gap-2 text-sm">
      <span className="text-stone-700 tabular-nums">
        {formatNutrientValue(nutrient, value)}
        {saltG !== undefined ? (
          <span className="text-stone-600"> ({formatSaltEquivalent(saltG)})</span>
        ) : null}
      </span>
      <NutrientLevelChip nutrient={nutrient} band={band} />
    </span>
  </span>
);
