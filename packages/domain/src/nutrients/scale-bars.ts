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

const SEAL_LIMIT_OF: Record<NutrientBasis, Partial<Record<NutrientId, number>>> = {
  solid: {
    energy: CHILE_SEAL_LIMITS.solid.energyKcal,
    sugar: CHILE_SEAL_LIMITS.solid.sugarsG,
    saturatedFat: CHILE_SEAL_LIMITS.solid.saturatedFatG,
    sodium: CHILE_SEAL_LIMITS.solid.sodiumMg,
  },
  liquid: {
    energy: CHILE_SEAL_LIMITS.liquid.energyKcal,
    sugar: CHILE_SEAL_LIMITS.liquid.sugarsG,
    saturatedFat: CHILE_SEAL_LIMITS.liquid.saturatedFatG,
    sodium: CHILE_SEAL_LIMITS.liquid.sodiumMg,
  },
};

const bar = (
  basis: NutrientBasis,
  nutrient: NutrientId,
  stops: readonly number[],
  unit: ScaleBar['unit'],
  openEnded = true,
): ScaleBar => ({ stops, unit, openEnded, sealLimit: SEAL_LIMIT_OF[basis][nutrient] ?? null });

/**
 * Scale-bar stops: per 100 g the spec's (§9; sodium's are its salt stops ÷ 2.5, in mg), per 100 mL the liquid
 * thresholds plus as far again; the last stop is open-ended ("920+ mg") except fruit and vegetables (0–100 %).
 */
export const SCALE_BARS: Record<NutrientBasis, Record<NutrientId, ScaleBar>> = {
  solid: {
    sodium: bar('solid', 'sodium', [0, 180, 360, 640, 920], 'mg'),
    energy: bar('solid', 'energy', [0, 160, 360, 560, 800], 'kcal'),
    saturatedFat: bar('solid', 'saturatedFat', [0, 1, 3, 6, 10], 'g'),
    sugar: bar('solid', 'sugar', [0, 8, 16, 30, 46], 'g'),
    protein: bar('solid', 'protein', [0, 8, 16], 'g'),
    fiber: bar('solid', 'fiber', [0, 4, 9], 'g'),
    fruitsVegetables: bar('solid', 'fruitsVegetables', [0, 80, 100], '%', false),
  },
  liquid: {
    sodium: bar('liquid', 'sodium', [0, 50, 100, 200, 300], 'mg'),
    energy: bar('liquid', 'energy', [0, 35, 70, 140, 210], 'kcal'),
    saturatedFat: bar('liquid', 'saturatedFat', [0, 1.5, 3, 6, 9], 'g'),
    sugar: bar('liquid', 'sugar', [0, 2.5, 5, 10, 15], 'g'),
    protein: bar('liquid', 'protein', [0, 8, 16], 'g'),
    fiber: bar('liquid', 'fiber', [0, 4, 9], 'g'),
    fruitsVegetables: bar('liquid', 'fruitsVegetables', [0, 80, 100], '%', false),
  },
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
