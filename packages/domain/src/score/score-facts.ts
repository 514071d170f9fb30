/**
 * What the score's explanation and its highlights read of a product, and the shopper's words both say its
 * nutrients in ("Mucha azúcar: 32 g por 100 g", "Rico en fibra: 6 g por 100 g"), agreeing with the page's rows.
 */
import {
  type NutrientId,
  type NutrientRowsInput,
  type ProductNutrientRow,
  saltGramsFromSodiumMg,
} from '../nutrients/nutrient-bands.ts';
import type { Seal } from '../seals/chile-seals.ts';
import { formatNumberEs } from '../text/format-es.ts';
import type { NutriscoreCategory, RiskLevel, ScoreReason, SuspectRisk } from '../types.ts';

/** The nutrient values are the page's rows' own (productNutrientRows reads them from this same input). */
export type ScoreExplanationInput = Omit<NutrientRowsInput, 'seals' | 'doubtful' | 'isLiquid'> & {
  healthScore: number | null;
  reasons: readonly ScoreReason[];
  nutriscoreCategory: NutriscoreCategory;
  /** Sold by volume: values per 100 mL, judged on the liquid scale. Defaults to a beverage's category. */
  isLiquid?: boolean;
  novaGroup: number | null;
  ingredients: string | null;
  /** How the list was read (the analysis' ingredientReading); null without a list. */
  ingredientReading: {
    readWell: boolean;
    unrecognised: readonly string[];
    undeclared: readonly string[];
  } | null;
  organic: boolean;
  detectedAdditives: readonly { code: string; name: string; riskLevel: RiskLevel }[];
  ultraprocessed: readonly { name: string; riskLevel: SuspectRisk }[];
  seals: readonly Pick<Seal, 'id' | 'label'>[];
};

export const tenths = (points: number) => Math.round(points * 10);

/** "por 100 g" or "por 100 mL", as the label states the values (a product sold by volume, else a beverage). */
export const basisOf = (input: Pick<ScoreExplanationInput, 'nutriscoreCategory' | 'isLiquid'>) =>
  (input.isLiquid ?? input.nutriscoreCategory === 'beverage') ? '100 mL' : '100 g';

export const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

type NutrientWords = { name: string; much: string; rich?: string; unit: string; decimals: number };

export const NUTRIENT_WORDS: Record<NutrientId, NutrientWords> = {
  energy: { name: 'Calorías', much: 'Muchas calorías', unit: 'kcal', decimals: 0 },
  sugar: { name: 'Azúcares', much: 'Mucha azúcar', unit: 'g', decimals: 1 },
  saturatedFat: { name: 'Grasas saturadas', much: 'Muchas grasas saturadas', unit: 'g', decimals: 1 },
  sodium: { name: 'Sodio', much: 'Mucho sodio', unit: 'mg', decimals: 0 },
  protein: {
    name: 'Proteínas',
    much: 'Proteínas',
    rich: 'Buena fuente de proteínas',
    unit: 'g',
    decimals: 1,
  },
  fiber: { name: 'Fibra', much: 'Fibra', rich: 'Rico en fibra', unit: 'g', decimals: 1 },
  fruitsVegetables: {
    name: 'Frutas, verduras y legumbres',
    much: 'Frutas, verduras y legumbres',
    rich: 'Muchas frutas, verduras o legumbres',
    unit: '%',
    decimals: 0,
  },
};

/** Nutri-Score components that are one of the page's nutrient rows. */
export const COMPONENT_NUTRIENT: Record<string, NutrientId> = {
  'nutrition.energy': 'energy',
  'nutrition.sugars': 'sugar',
  'nutrition.saturated_fat': 'saturatedFat',
  'nutrition.salt': 'sodium',
  'nutrition.proteins': 'protein',
  'nutrition.fiber': 'fiber',
  'nutrition.fruits_vegetables_legumes': 'fruitsVegetables',
};

/** "32 g por 100 g", "450 kcal por 100 g", "85 %", "1200 mg por 100 g (3 g de sal)". */
function amount(nutrient: NutrientId, value: number, basis: string): string {
  const w = NUTRIENT_WORDS[nutrient];
  const number = formatNumberEs(value, w.decimals);
  if (w.unit === '%') return `${number} %`;
  const salt = nutrient === 'sodium' ? ` (${formatNumberEs(saltGramsFromSodiumMg(value), 2)} g de sal)` : '';
  return `${number} ${w.unit} por ${basis}${salt}`;
}

/**
 * A nutrient in words that agree with its row: "Mucha azúcar" only when the row is negative, "Rico en fibra"
 * only when the row is a positive; otherwise the plain name.
 */
export function nutrientText(
  nutrient: NutrientId,
  value: number,
  group: ProductNutrientRow['group'] | null,
  basis: string,
  points: number,
): string {
  const w = NUTRIENT_WORDS[nutrient];
  let words = w.name;
  if (points <= 0 && group === 'negative') words = w.much;
  if (points >= 0 && group === 'positive' && w.rich !== undefined) words = w.rich;
  return `${words}: ${amount(nutrient, value, basis)}`;
}

/** The input field that holds each nutrient's amount. */
const NUTRIENT_FIELD = {
  energy: 'energyKcal100',
  sugar: 'totalSugarsG100',
  saturatedFat: 'saturatedFatG100',
  sodium: 'sodiumMg100',
  protein: 'proteinG100',
  fiber: 'fiberG100',
  fruitsVegetables: 'fruitsVegetablesPercent',
} as const satisfies Record<NutrientId, keyof ScoreExplanationInput>;

export function nutrientValue(input: ScoreExplanationInput, nutrient: NutrientId): number | null {
  return input[NUTRIENT_FIELD[nutrient]];
}

/** The rows' input with the basis the explanation states ("por 100 mL" for a beverage without isLiquid). */
export const liquidRows = (input: ScoreExplanationInput) => ({
  ...input,
  isLiquid: input.isLiquid ?? input.nutriscoreCategory === 'beverage',
});
