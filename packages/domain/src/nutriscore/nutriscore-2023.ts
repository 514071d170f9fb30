/**
 * Nutri-Score 2023 (Santé publique France, updated algorithm for foods 2022 and beverages 2023), with the
 * general, beverage, fats-oils-nuts-seeds and cheese branches, water, red meat and non-nutritive sweeteners.
 *
 * Source: "Update of the Nutri-Score algorithm", Scientific Committee of the Nutri-Score, 2022 (foods) and
 * 2023 (beverages); thresholds as implemented by Open Food Facts (lib/ProductOpener/Nutriscore.pm) and checked
 * against OFF's unit-test vectors (test/nutriscore-vectors.test.ts).
 */
import type { NutriscoreCategory } from '../types.ts';

export type NutriscoreGrade = 'a' | 'b' | 'c' | 'd' | 'e';

export type NutriscoreComponentId =
  | 'energy'
  | 'energy_from_saturated_fat'
  | 'sugars'
  | 'saturated_fat'
  | 'saturated_fat_ratio'
  | 'salt'
  | 'non_nutritive_sweeteners'
  | 'proteins'
  | 'fiber'
  | 'fruits_vegetables_legumes';

export type NutriscoreComponent = {
  id: NutriscoreComponentId;
  /** The value the points were read from (kJ, g, %, or 1/0 for sweeteners); null when unknown (0 points). */
  value: number | null;
  points: number;
  max: number;
};

export type NutriscoreInput = {
  category: NutriscoreCategory;
  energyKj: number | null;
  sugarsG: number | null;
  saturatedFatG: number | null;
  /** Total fat, only used for the saturated-fat ratio of fats, oils, nuts and seeds. */
  fatG: number | null;
  saltG: number | null;
  fiberG: number | null;
  proteinsG: number | null;
  fruitsVegetablesLegumesPercent: number | null;
  isWater?: boolean;
  isRedMeat?: boolean;
  /** Beverages only: 4 extra negative points. */
  hasNonNutritiveSweeteners?: boolean;
};

export type NutriscoreResult = {
  score: number;
  grade: NutriscoreGrade;
  negativePoints: number;
  positivePoints: number;
  countProteins: boolean;
  countProteinsReason:
    | 'beverage'
    | 'cheese'
    | 'negative_points_less_than_7'
    | 'negative_points_greater_than_or_equal_to_7'
    | 'negative_points_less_than_11'
    | 'negative_points_greater_than_or_equal_to_11';
  components: { negative: NutriscoreComponent[]; positive: NutriscoreComponent[] };
};

/** Points are the number of thresholds strictly exceeded (the saturated-fat ratio uses ≥, per the 2023 tables). */
export const NUTRISCORE_2023_THRESHOLDS = {
  energy: [335, 670, 1005, 1340, 1675, 2010, 2345, 2680, 3015, 3350],
  energyBeverages: [30, 90, 150, 210, 240, 270, 300, 330, 360, 390],
  sugars: [3.4, 6.8, 10, 14, 17, 20, 24, 27, 31, 34, 37, 41, 44, 48, 51],
  sugarsBeverages: [0.5, 2, 3.5, 5, 6, 7, 8, 9, 10, 11],
  saturatedFat: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  salt: [0.2, 0.4, 0.6, 0.8, 1, 1.2, 1.4, 1.6, 1.8, 2, 2.2, 2.4, 2.6, 2.8, 3, 3.2, 3.4, 3.6, 3.8, 4],
  energyFromSaturatedFat: [120, 240, 360, 480, 600, 720, 840, 960, 1080, 1200],
  saturatedFatRatio: [10, 16, 22, 28, 34, 40, 46, 52, 58, 64],
  fruitsVegetablesLegumes: [40, 60, 80, 80, 80],
  fruitsVegetablesLegumesBeverages: [40, 40, 60, 60, 80, 80],
  fiber: [3.0, 4.1, 5.2, 6.3, 7.4],
  proteins: [2.4, 4.8, 7.2, 9.6, 12, 14, 17],
  proteinsBeverages: [1.2, 1.5, 1.8, 2.1, 2.4, 2.7, 3.0],
} as const;

/** kJ of energy per gram of saturated fat, used for the fats branch (Nutri-Score 2023). */
export const KJ_PER_G_SATURATED_FAT = 37;
/** Red meat products: protein points capped at 2 (Nutri-Score 2023, to limit red meat consumption). */
export const RED_MEAT_MAX_PROTEIN_POINTS = 2;
/** Beverages with non-nutritive sweeteners get 4 negative points (Nutri-Score 2023, beverages). */
export const NON_NUTRITIVE_SWEETENER_POINTS = 4;

function pointsAbove(value: number | null, thresholds: readonly number[], orEqual = false): number {
  if (value === null || Number.isNaN(value)) return 0;
  let points = 0;
  for (const t of thresholds) if (orEqual ? value >= t : value > t) points++;
  return points;
}

/** Grade bands: general foods (A ≤ 0), fats/oils/nuts/seeds (A ≤ −6), beverages (water A, B ≤ 2, C ≤ 6, D ≤ 9). */
export function nutriscoreGrade(
  score: number,
  category: NutriscoreCategory,
  isWater = false,
): NutriscoreGrade {
  if (category === 'beverage') {
    if (isWater) return 'a';
    if (score <= 2) return 'b';
    if (score <= 6) return 'c';
    if (score <= 9) return 'd';
    return 'e';
  }
  const aLimit = category === 'added_fat' ? -6 : 0;
  if (score <= aLimit) return 'a';
  if (score <= 2) return 'b';
  if (score <= 10) return 'c';
  if (score <= 18) return 'd';
  return 'e';
}

export function computeNutriscore2023(input: NutriscoreInput): NutriscoreResult {
  const T = NUTRISCORE_2023_THRESHOLDS;
  const isBeverage = input.category === 'beverage';
  const isFat = input.category === 'added_fat';
  const isCheese = input.category === 'cheese';

  const negative: NutriscoreComponent[] = [];
  if (isFat) {
    const fromSatFat =
      input.saturatedFatG === null ? null : round(input.saturatedFatG * KJ_PER_G_SATURATED_FAT, 4);
    negative.push({
      id: 'energy_from_saturated_fat',
      value: fromSatFat,
      points: pointsAbove(fromSatFat, T.energyFromSaturatedFat),
      max: 10,
    });
  } else {
    const thresholds = isBeverage ? T.energyBeverages : T.energy;
    negative.push({
      id: 'energy',
      value: input.energyKj,
      points: pointsAbove(input.energyKj, thresholds),
      max: thresholds.length,
    });
  }
  const sugarThresholds = isBeverage ? T.sugarsBeverages : T.sugars;
  negative.push({
    id: 'sugars',
    value: input.sugarsG,
    points: pointsAbove(input.sugarsG, sugarThresholds),
    max: sugarThresholds.length,
  });
  if (isFat) {
    const ratio = saturatedFatRatio(input.saturatedFatG, input.fatG);
    negative.push({
      id: 'saturated_fat_ratio',
      value: ratio,
      points: pointsAbove(ratio, T.saturatedFatRatio, true),
      max: 10,
    });
  } else {
    negative.push({
      id: 'saturated_fat',
      value: input.saturatedFatG,
      points: pointsAbove(input.saturatedFatG, T.saturatedFat),
      max: 10,
    });
  }
  negative.push({ id: 'salt', value: input.saltG, points: pointsAbove(input.saltG, T.salt), max: 20 });
  if (isBeverage) {
    const has = input.hasNonNutritiveSweeteners === true;
    negative.push({
      id: 'non_nutritive_sweeteners',
      value: has ? 1 : 0,
      points: has ? NON_NUTRITIVE_SWEETENER_POINTS : 0,
      max: 4,
    });
  }
  const negativePoints = negative.reduce((sum, c) => sum + c.points, 0);

  let countProteins: boolean;
  let countProteinsReason: NutriscoreResult['countProteinsReason'];
  if (isBeverage) {
    countProteins = true;
    countProteinsReason = 'beverage';
  } else if (isCheese) {
    countProteins = true;
    countProteinsReason = 'cheese';
  } else if (isFat) {
    countProteins = negativePoints < 7;
    countProteinsReason = countProteins
      ? 'negative_points_less_than_7'
      : 'negative_points_greater_than_or_equal_to_7';
  } else {
    countProteins = negativePoints < 11;
    countProteinsReason = countProteins
      ? 'negative_points_less_than_11'
      : 'negative_points_greater_than_or_equal_to_11';
  }

  const positive: NutriscoreComponent[] = [];
  if (countProteins) {
    const thresholds = isBeverage ? T.proteinsBeverages : T.proteins;
    let points = pointsAbove(input.proteinsG, thresholds);
    if (input.isRedMeat === true && points > RED_MEAT_MAX_PROTEIN_POINTS)
      points = RED_MEAT_MAX_PROTEIN_POINTS;
    positive.push({ id: 'proteins', value: input.proteinsG, points, max: thresholds.length });
  }
  positive.push({ id: 'fiber', value: input.fiberG, points: pointsAbove(input.fiberG, T.fiber), max: 5 });
  const fvlThresholds = isBeverage ? T.fruitsVegetablesLegumesBeverages : T.fruitsVegetablesLegumes;
  positive.push({
    id: 'fruits_vegetables_legumes',
    value: input.fruitsVegetablesLegumesPercent,
    points: pointsAbove(input.fruitsVegetablesLegumesPercent, fvlThresholds),
    max: fvlThresholds.length,
  });
  const positivePoints = positive.reduce((sum, c) => sum + c.points, 0);

  const score = negativePoints - positivePoints;
  return {
    score,
    grade: nutriscoreGrade(score, input.category, input.isWater === true),
    negativePoints,
    positivePoints,
    countProteins,
    countProteinsReason,
    components: { negative, positive },
  };
}

/** Saturated fat as % of total fat; a product with saturated fat but no total fat counts as all-saturated. */
export function saturatedFatRatio(saturatedFatG: number | null, fatG: number | null): number | null {
  if (saturatedFatG === null) return null;
  if (saturatedFatG <= 0) return 0;
  const fat = fatG === null || fatG <= 0 || fatG < saturatedFatG ? saturatedFatG : fatG;
  return round((saturatedFatG / fat) * 100, 4);
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
