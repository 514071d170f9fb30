/**
 * Nutrition values no real food can have: the one table of limits, at two levels, and the two readings of it.
 * - "dudoso": the product is not scored from these values; the page says "Datos dudosos" with the reason, and
 *   admins see it listed (docs/scoring.md, "Datos dudosos"). `nutrientIssues` / `implausibleNutrients`.
 * - "imposible": the label is refused outright — by the sync, an admin edit and an approved contribution
 *   (`impossibleLabel`). Every impossible limit is at or beyond its doubtful one.
 * Limits carry a small tolerance for label rounding.
 */
import { formatNumberEs } from '../text/format-es.ts';
import type { ProductInput } from '../types.ts';
import { SALT_PER_SODIUM } from './nutrient-bands.ts';

/** The label's values per 100 g (or 100 mL), as far as they are known. */
export type NutrientValues = Pick<
  ProductInput,
  | 'energyKcal100'
  | 'totalFatG100'
  | 'saturatedFatG100'
  | 'carbohydratesG100'
  | 'totalSugarsG100'
  | 'proteinG100'
  | 'sodiumMg100'
>;

export type PlausibilityInput = NutrientValues & {
  /** Sold as a drink (per 100 mL). */
  isBeverage: boolean;
  /** Plain water may well be 0 in everything. */
  isWater: boolean;
};

/** A limit at each level; null where the level has no such rule. */
type Levels<T> = { dudoso: T | null; imposible: T | null };

export const NUTRIENT_LIMITS = {
  /** A part may exceed its whole by this much (label rounding); beyond, the label contradicts itself. */
  sugarsOverCarbohydratesG: { dudoso: 0.5, imposible: 1 },
  saturatedOverFatG: { dudoso: 0.5, imposible: 0.5 },
  /** Fat + carbohydrates + protein + salt per 100 g, with 1 g (dudoso) or 5 g (imposible) for rounding. */
  maxMacroSumG: { dudoso: 101, imposible: 105 },
  /** No one nutrient weighs less than nothing or more than the 100 g it is measured in. */
  gramsPer100G: { dudoso: null, imposible: { min: 0, max: 100 } },
  /** Pure fat is 900 kcal/100 g: energy outside [min, max] is a data-entry error. */
  energyKcal: { dudoso: null, imposible: { min: 0, max: 950 } },
  /** No drink a shopper buys by the litre has more than this (syrups and powders are not beverages). */
  maxBeverageKcal: { dudoso: 150, imposible: null },
  /**
   * Declared energy against Atwater's (fat 9, carbohydrates 4, protein 4 kcal/g): outside
   * [lowFactor × computed − lowSlackKcal, highFactor × computed + highSlackKcal] kcal the label contradicts itself.
   * Wide on purpose: polyols (2.4 kcal/g), fibre counted inside carbohydrates (American labels) and alcohol
   * (7 kcal/g) move honest labels.
   */
  atwater: { dudoso: { lowFactor: 0.5, lowSlackKcal: 20, highFactor: 1.5, highSlackKcal: 50 }, imposible: null },
} as const satisfies Record<string, Levels<unknown>>;

const g = (v: number) => `${formatNumberEs(v, 1)} g`;
const round = (n: number) => Math.round(n * 10) / 10;

/** Fat + carbohydrates + protein + salt, in grams per 100 g (unknown values count as 0). */
function macroSumG(v: NutrientValues): number {
  const saltG = v.sodiumMg100 === null ? 0 : (v.sodiumMg100 * SALT_PER_SODIUM) / 1000;
  return (v.totalFatG100 ?? 0) + (v.carbohydratesG100 ?? 0) + (v.proteinG100 ?? 0) + saltG;
}

/** A value a rule names: a rule that fails points at the values that contradict each other. */
export type PlausibilityField = keyof NutrientValues;
export type NutrientIssue = { message: string; fields: PlausibilityField[] };

/** Every reason the values cannot be right, in Spanish, or [] when they are plausible. */
export function implausibleNutrients(input: PlausibilityInput): string[] {
  return nutrientIssues(input).map((issue) => issue.message);
}

/** The "dudoso" level, each failure with the values it involves (the label reader marks those for the shopper). */
export function nutrientIssues(input: PlausibilityInput): NutrientIssue[] {
  const L = NUTRIENT_LIMITS;
  const issues: NutrientIssue[] = [];
  const carbs = input.carbohydratesG100 ?? null;
  const known = [
    input.energyKcal100,
    input.totalFatG100,
    input.saturatedFatG100,
    carbs,
    input.totalSugarsG100,
    input.proteinG100,
    input.sodiumMg100,
  ].filter((v): v is number => v !== null);
  if (!input.isWater && known.length >= 4 && known.every((v) => v === 0)) {
    issues.push({
      message: 'todos los nutrientes están en 0',
      fields: ['energyKcal100', 'totalFatG100', 'saturatedFatG100', 'carbohydratesG100', 'totalSugarsG100', 'proteinG100', 'sodiumMg100'],
    });
  }
  if (
    input.totalSugarsG100 !== null &&
    carbs !== null &&
    input.totalSugarsG100 > carbs + L.sugarsOverCarbohydratesG.dudoso
  ) {
    issues.push({
      message: `azúcares (${g(input.totalSugarsG100)}) mayores que los hidratos de carbono (${g(carbs)})`,
      fields: ['totalSugarsG100', 'carbohydratesG100'],
    });
  }
  const fat = input.totalFatG100;
  if (input.saturatedFatG100 !== null && fat !== null && input.saturatedFatG100 > fat + L.saturatedOverFatG.dudoso) {
    issues.push({
      message: `grasas saturadas (${g(input.saturatedFatG100)}) mayores que las grasas totales (${g(fat)})`,
      fields: ['saturatedFatG100', 'totalFatG100'],
    });
  }
  const macroSum = macroSumG(input);
  if (macroSum > L.maxMacroSumG.dudoso) {
    issues.push({
      message: `los nutrientes suman ${g(macroSum)} por 100 g`,
      fields: ['totalFatG100', 'carbohydratesG100', 'proteinG100', 'sodiumMg100'],
    });
  }
  const kcal = input.energyKcal100;
  if (input.isBeverage && kcal !== null && kcal > L.maxBeverageKcal.dudoso) {
    issues.push({ message: `una bebida con ${formatNumberEs(kcal, 0)} kcal por 100 mL`, fields: ['energyKcal100'] });
  }
  if (kcal !== null && fat !== null && carbs !== null && input.proteinG100 !== null) {
    const A = L.atwater.dudoso;
    const atwater = 9 * fat + 4 * carbs + 4 * input.proteinG100;
    const low = A.lowFactor * atwater - A.lowSlackKcal;
    const high = A.highFactor * atwater + A.highSlackKcal;
    if (kcal < low || kcal > high) {
      issues.push({
        message: `la energía declarada (${formatNumberEs(kcal, 0)} kcal) no corresponde a sus grasas, hidratos y proteínas (${formatNumberEs(atwater, 0)} kcal)`,
        fields: ['energyKcal100', 'totalFatG100', 'carbohydratesG100', 'proteinG100'],
      });
    }
  }
  return issues;
}

/**
 * The "imposible" level: a label no food can have, the reason in Spanish (the first rule it breaks), or null.
 * Per-100 g values are checked one by one by their schemas; these are the cross-field rules (parts within their
 * wholes, macros within 100 g, energy within what food can hold). The sync rejects such records with this reason;
 * admin edits and contributions are refused with it.
 */
export function impossibleLabel(v: NutrientValues): string | null {
  const L = NUTRIENT_LIMITS;
  const { totalSugarsG100: sugars, saturatedFatG100: saturated, totalFatG100: fat } = v;
  const carbs = v.carbohydratesG100 ?? null;
  if (sugars !== null && carbs !== null && sugars > carbs + L.sugarsOverCarbohydratesG.imposible) {
    return `Azúcares (${sugars} g) mayores que los hidratos de carbono (${carbs} g)`;
  }
  if (saturated !== null && fat !== null && saturated > fat + L.saturatedOverFatG.imposible) {
    return `Grasas saturadas (${saturated} g) mayores que las grasas totales (${fat} g)`;
  }
  const macroSum = macroSumG(v);
  if (macroSum > L.maxMacroSumG.imposible) return `Los nutrientes suman ${round(macroSum)} g por 100 g`;
  const kcal = v.energyKcal100;
  if (kcal !== null && (kcal < L.energyKcal.imposible.min || kcal > L.energyKcal.imposible.max)) {
    return `Energía imposible: ${round(kcal)} kcal por 100 g`;
  }
  return null;
}
