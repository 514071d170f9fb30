/**
 * The product page's scale bars (spec §9): each nutrient's stops per 100 g and per 100 mL, with the 'ALTO EN'
 * seal limit drawn on them, and where a value sits along its bar.
 */
import { CHILE_SEAL_LIMITS } from '../seals/chile-seals.ts';
import type { NutrientBasis, NutrientId } from './nutrient-bands.ts';

export type ScaleBar = {
  stops: readonly number[];
  unit: 'g' | 'mg' | 'kcal' | '%';
  openEnded: boolean;
  /** The 'ALTO EN' seal limit on this scale, drawn as a red line (limit nutrients only). */
  sealLimit: number | null;
};

type LimitStops = Record<'sodium' | 'energy' | 'saturatedFat' | 'sugar', readonly number[]>;

/**
 * One basis's bars: the four limit nutrients on that basis's stops, with its 'ALTO EN' seal limit drawn on them;
 * protein, fibre and fruit and vegetables on the same stops per 100 g and per 100 mL, with no seal.
 */
const barsOf = (basis: NutrientBasis, limits: LimitStops): Record<NutrientId, ScaleBar> => {
  const seal = CHILE_SEAL_LIMITS[basis];
  const bar = (
    stops: readonly number[],
    unit: ScaleBar['unit'],
    sealLimit: number | null = null,
    openEnded = true,
  ): ScaleBar => ({ stops, unit, openEnded, sealLimit });
  return {
    sodium: bar(limits.sodium, 'mg', seal.sodiumMg),
    energy: bar(limits.energy, 'kcal', seal.energyKcal),
    saturatedFat: bar(limits.saturatedFat, 'g', seal.saturatedFatG),
    sugar: bar(limits.sugar, 'g', seal.sugarsG),
    protein: bar([0, 8, 16], 'g'),
    fiber: bar([0, 4, 9], 'g'),
    fruitsVegetables: bar([0, 80, 100], '%', null, false),
  };
};

/**
 * Scale-bar stops: per 100 g the spec's (§9; sodium's are its salt stops ÷ 2.5, in mg), per 100 mL the liquid
 * thresholds plus as far again; the last stop is open-ended ("920+ mg") except fruit and vegetables (0–100 %).
 */
export const SCALE_BARS: Record<NutrientBasis, Record<NutrientId, ScaleBar>> = {
  solid: barsOf('solid', {
    sodium: [0, 180, 360, 640, 920],
    energy: [0, 160, 360, 560, 800],
    saturatedFat: [0, 1, 3, 6, 10],
    sugar: [0, 8, 16, 30, 46],
  }),
  liquid: barsOf('liquid', {
    sodium: [0, 50, 100, 200, 300],
    energy: [0, 35, 70, 140, 210],
    saturatedFat: [0, 1.5, 3, 6, 9],
    sugar: [0, 2.5, 5, 10, 15],
  }),
};

export function scaleBar(nutrient: NutrientId, basis: NutrientBasis = 'solid'): ScaleBar {
  return SCALE_BARS[basis][nutrient];
}

/**
 * Position of a value on its scale bar, 0–1, with equal width per segment between stops (values past the last
 * stop sit at the end).
 */
export function scaleBarPosition(
  nutrient: NutrientId,
  value: number,
  basis: NutrientBasis = 'solid',
): number {
  const { stops } = SCALE_BARS[basis][nutrient];
  const segments = stops.length - 1;
  if (value <= (stops[0] ?? 0)) return 0;
  for (let s = 0; s < segments; s++) {
    const from = stops[s] ?? 0;
    const to = stops[s + 1] ?? from;
    if (value <= to) return (s + (to === from ? 1 : (value - from) / (to - from))) / segments;
  }
  return 1;
}
