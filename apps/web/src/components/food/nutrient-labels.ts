import {
  formatNumberEs,
  type NutrientBasis,
  type NutrientId,
  type NutrientLevel,
  SCALE_BARS,
} from '@etiqueta/domain';

/** Spanish names of the nutrients the product page shows. */
export const NUTRIENT_NAMES: Record<NutrientId, string> = {
  energy: 'Calorías',
  sugar: 'Azúcares',
  saturatedFat: 'Grasas saturadas',
  sodium: 'Sodio',
  protein: 'Proteínas',
  fiber: 'Fibra',
  fruitsVegetables: 'Frutas y verduras',
};

/** Energy and sodium read best whole, as labels print them. */
const DECIMALS: Record<NutrientId, number> = {
  energy: 0,
  sugar: 1,
  saturatedFat: 1,
  sodium: 0,
  protein: 1,
  fiber: 1,
  fruitsVegetables: 0,
};

/** "457 kcal", "260 mg", "85 %": the value in its scale bar's unit, Spanish decimal comma. */
export const formatNutrientValue = (nutrient: NutrientId, value: number): string => {
  const { unit } = SCALE_BARS.solid[nutrient];
  return `${formatNumberEs(value, DECIMALS[nutrient])} ${unit}`;
};

/** Sodium's salt equivalent as printed beside it: "sal 0,65 g". */
export const formatSaltEquivalent = (saltG: number): string => `sal ${formatNumberEs(saltG, 2)} g`;

/** The value as shown (rounded to the decimals printed): two products that read the same compare as equal. */
export const roundNutrientValue = (nutrient: NutrientId, value: number): number => {
  const factor = 10 ** DECIMALS[nutrient];
  return Math.round(value * factor) / factor;
};

/** A scale-bar stop: "920+ mg" for the open end. */
export const formatStop = (
  nutrient: NutrientId,
  stop: number,
  last: boolean,
  basis: NutrientBasis = 'solid',
): string => {
  const { unit, openEnded } = SCALE_BARS[basis][nutrient];
  return `${formatNumberEs(stop, 2)}${last && openEnded ? '+' : ''} ${unit}`;
};

/**
 * The word printed next to a nutrient's colour, so colour is never the only signal. For limits (energy, sugar,
 * saturated fat, salt) "good" means little; for targets (protein, fibre, fruit and vegetables) it means plenty.
 */
export const NUTRIENT_LEVEL_WORDS: Record<NutrientLevel, string> = {
  good: 'Bajo',
  moderate: 'Moderado',
  high: 'Alto',
  'very-high': 'Muy alto',
  low: 'Bajo',
  doubtful: 'Dudoso',
};

const TARGET_NUTRIENTS: ReadonlySet<NutrientId> = new Set(['protein', 'fiber', 'fruitsVegetables']);

export const nutrientLevelWord = (nutrient: NutrientId, level: NutrientLevel): string =>
  TARGET_NUTRIENTS.has(nutrient) && level === 'good' ? 'Alto' : NUTRIENT_LEVEL_WORDS[level];
