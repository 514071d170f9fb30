/**
 * Nutrition values no real food can have. A product whose values fail any of these checks is not scored from
 * them: the page says "Datos dudosos" with the reason, and admins see it listed (docs/scoring.md, "Datos dudosos").
 * Limits carry a small tolerance for label rounding.
 */
import { formatNumberEs } from '../text/format-es.ts';
import type { ProductInput } from '../types.ts';

export type PlausibilityInput = Pick<
  ProductInput,
  | 'energyKcal100'
  | 'totalFatG100'
  | 'saturatedFatG100'
  | 'carbohydratesG100'
  | 'totalSugarsG100'
  | 'proteinG100'
  | 'sodiumMg100'
> & {
  /** Sold as a drink (per 100 mL). */
  isBeverage: boolean;
  /** Plain water may well be 0 in everything. */
  isWater: boolean;
};

export const PLAUSIBILITY_LIMITS = {
  /** Rounding on a label: a part may exceed its whole by this much. */
  partOfWholeToleranceG: 0.5,
  /** Fat + carbohydrates + protein + salt per 100 g, with 1 g for rounding. */
  maxMacroSumG: 101,
  /** No drink a shopper buys by the litre has more than this (syrups and powders are not beverages). */
  maxBeverageKcal: 150,
  /**
   * Declared energy against Atwater's (fat 9, carbohydrates 4, protein 4 kcal/g): outside
   * [0.5 × computed − 20, 1.5 × computed + 50] kcal the label contradicts itself. Wide on purpose: polyols
   * (2.4 kcal/g), fibre counted inside carbohydrates (American labels) and alcohol (7 kcal/g) move honest labels.
   */
  atwaterLowFactor: 0.5,
  atwaterLowSlackKcal: 20,
  atwaterHighFactor: 1.5,
  atwaterHighSlackKcal: 50,
} as const;

const g = (v: number) => `${formatNumberEs(v, 1)} g`;

/** A value a rule names: a rule that fails points at the values that contradict each other. */
export type PlausibilityField = Exclude<keyof PlausibilityInput, 'isBeverage' | 'isWater'>;
export type NutrientIssue = { message: string; fields: PlausibilityField[] };

/** Every reason the values cannot be right, in Spanish, or [] when they are plausible. */
export function implausibleNutrients(input: PlausibilityInput): string[] {
  return nutrientIssues(input).map((issue) => issue.message);
}

/** The same rules, each failure with the values it involves (the label reader marks those for the shopper). */
export function nutrientIssues(input: PlausibilityInput): NutrientIssue[] {
  const L = PLAUSIBILITY_LIMITS;
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
    input.totalSugarsG100 > carbs + L.partOfWholeToleranceG
  ) {
    issues.push({
      message: `azúcares (${g(input.totalSugarsG100)}) mayores que los hidratos de carbono (${g(carbs)})`,
      fields: ['totalSugarsG100', 'carbohydratesG100'],
    });
  }
  const fat = input.totalFatG100;
  if (
    input.saturatedFatG100 !== null &&
    fat !== null &&
    input.saturatedFatG100 > fat + L.partOfWholeToleranceG
  ) {
    issues.push({
      message: `grasas saturadas (${g(input.saturatedFatG100)}) mayores que las grasas totales (${g(fat)})`,
      fields: ['saturatedFatG100', 'totalFatG100'],
    });
  }
  const saltG = input.sodiumMg100 === null ? 0 : (input.sodiumMg100 * 2.5) / 1000;
  const macroSum = (fat ?? 0) + (carbs ?? 0) + (input.proteinG100 ?? 0) + saltG;
  if (macroSum > L.maxMacroSumG) {
    issues.push({
      message: `los nutrientes suman ${g(macroSum)} por 100 g`,
      fields: ['totalFatG100', 'carbohydratesG100', 'proteinG100', 'sodiumMg100'],
    });
  }
  const kcal = input.energyKcal100;
  if (input.isBeverage && kcal !== null && kcal > L.maxBeverageKcal) {
    issues.push({ message: `una bebida con ${formatNumberEs(kcal, 0)} kcal por 100 mL`, fields: ['energyKcal100'] });
  }
  if (kcal !== null && fat !== null && carbs !== null && input.proteinG100 !== null) {
    const atwater = 9 * fat + 4 * carbs + 4 * input.proteinG100;
    const low = L.atwaterLowFactor * atwater - L.atwaterLowSlackKcal;
    const high = L.atwaterHighFactor * atwater + L.atwaterHighSlackKcal;
    if (kcal < low || kcal > high) {
      issues.push({
        message: `la energía declarada (${formatNumberEs(kcal, 0)} kcal) no corresponde a sus grasas, hidratos y proteínas (${formatNumberEs(atwater, 0)} kcal)`,
        fields: ['energyKcal100', 'totalFatG100', 'carbohydratesG100', 'proteinG100'],
      });
    }
  }
  return issues;
}
