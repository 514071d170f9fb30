// Whether a table adds up: the domain's plausibility rules and the label's energy against its macronutrients.
import { nutrientIssues } from '@etiqueta/domain';
import type { NutrientField } from '@etiqueta/contracts';

/**
 * Declared energy against the label's own macronutrients (4 kcal/g protein and available carbohydrate, 9 fat,
 * 2 fibre): a label computes its energy this way, so a gap beyond this share (or 12 kcal) means a value was misread.
 * Polyols and alcohol move honest labels too: they are marked for a look, not emptied.
 */
export const ENERGY_TOLERANCE = 0.1;

export type Values = Partial<Record<NutrientField, number | null>>;
export const plausibilityOf = (v: Values, isBeverage = false) =>
  nutrientIssues({
    energyKcal100: v.energyKcal100 ?? null,
    totalFatG100: v.totalFatG100 ?? null,
    saturatedFatG100: v.saturatedFatG100 ?? null,
    carbohydratesG100: v.carbohydratesG100 ?? null,
    totalSugarsG100: v.totalSugarsG100 ?? null,
    proteinG100: v.proteinG100 ?? null,
    sodiumMg100: v.sodiumMg100 ?? null,
    isBeverage,
    isWater: false,
  });

/** Declared energy against the label's macronutrients: null when a value is missing, else whether they match. */
export function energyMatches(v: Values): boolean | null {
  const [kcal, fat, carbs, protein] = [v.energyKcal100, v.totalFatG100, v.carbohydratesG100, v.proteinG100];
  if (kcal == null || fat == null || carbs == null || protein == null) return null;
  const computed = 9 * fat + 4 * carbs + 4 * protein + 2 * (v.fiberG100 ?? 0);
  return Math.abs(kcal - computed) <= Math.max(12, ENERGY_TOLERANCE * Math.max(kcal, computed));
}

/** How well a table adds up: values found, energy matching its macronutrients, no impossibility. */
export function tableScore(values: Map<NutrientField, number>): number {
  const v = Object.fromEntries(values) as Values;
  const energy = energyMatches(v);
  return 0.5 * values.size + (energy === true ? 3 : energy === false ? -1 : 0) - 2 * plausibilityOf(v).length;
}
