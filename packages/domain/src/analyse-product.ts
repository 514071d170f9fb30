/**
 * One product's full analysis: ingredients, additives, suspects, NOVA, Nutri-Score 2023, the 0–10 health score
 * with its reasons, and the Chilean seals. Pure and deterministic; the server stores the result with
 * SCORE_VERSION, the web app shows it.
 */
import type {
  DetectedAdditive,
  DetectedSuspect,
  NutriscoreCategory,
  ProductInput,
  ScoreReason,
} from './types.ts';
import type { AdditiveMatcher } from './additives/additive-matcher.ts';
import { baseCodeKey, codeKey } from './additives/additive-codes.ts';
import { splitIngredients } from './ingredients/split-ingredients.ts';
import { readIngredientList } from './ingredients/read-ingredient-list.ts';
import { readAllergens } from './allergens/read-allergens.ts';
import type { ProductAllergens, ProductDiets } from './allergens/allergen-list.ts';
import { tokenize } from './text/token-stream.ts';
import { detectSuspectsInStream } from './suspects/detect-suspects.ts';
import { type NovaGroup, estimateNovaInStream } from './nova/estimate-nova.ts';
import {
  type NutriscoreInput,
  type NutriscoreResult,
  computeNutriscore2023,
} from './nutriscore/nutriscore-2023.ts';
import {
  DUBIOUS_DATA_PREFIX,
  SCORE_NOTE_RULES,
  SCORE_VERSION,
  computeHealthScore,
} from './score/health-score.ts';
import { implausibleNutrients } from './nutrients/plausibility.ts';
import { saltGramsFromSodiumMg } from './nutrients/nutrient-bands.ts';
import { type ScoreBand, scoreBand } from './score/score-band.ts';
import {
  type Seal,
  chileanSeals,
  exceedsAnySealLimit,
  findAddedIngredientsInStream,
} from './seals/chile-seals.ts';

/**
 * How the ingredient list was read, as stored with the analysis (readIngredientList); null without a list.
 * `readWell` is the one condition for every claim of absence the pages make ("Sin aditivos", "Aditivos 0",
 * the processing credit, a NOVA group below 4).
 */
export type IngredientReadingSummary = {
  readWell: boolean;
  ingredientCount: number;
  recognisedCount: number;
  /** Ingredients not recognised, as printed. */
  unrecognised: string[];
  /** Industrial preparations that do not declare their parts (flavourings, concentrates, bases, premixes). */
  undeclared: string[];
};

export type ProductAnalysis = {
  ingredients: string[];
  ingredientReading: IngredientReadingSummary | null;
  detectedAdditives: DetectedAdditive[];
  ultraprocessed: DetectedSuspect[];
  novaGroup: NovaGroup | null;
  nutriscore: NutriscoreResult | null;
  /** 0–10 with one decimal, or null ('Sin puntaje') when the nutrients it needs are missing. */
  healthScore: number | null;
  scoreLabel: ScoreBand['label'];
  scoreBand: ScoreBand;
  reasons: ScoreReason[];
  seals: Seal[];
  /** Why the nutrition values cannot be right ('Datos dudosos'); when any, they are not used. */
  dataIssues: string[];
  scoreVersion: string;
  /** Allergens and traces (allergens/read-allergens.ts); 'complete' only for a list read well or OFF's en:none. */
  allergens: ProductAllergens;
  /** Vegan, vegetarian, palm oil, sweeteners, lactose. */
  diets: ProductDiets;
};

/** Plain water, for the water rule: at most this many kcal per 100 mL. */
export const WATER_MAX_KCAL = 1;

/** kJ per kcal (EU Reg. 1169/2011 Annex XIV). */
export const KJ_PER_KCAL = 4.184;

/**
 * Non-nutritive sweeteners counted by Nutri-Score 2023 for beverages (acesulfame K, aspartame, cyclamates,
 * saccharin, sucralose, thaumatin, neohesperidin DC, steviol glycosides, neotame, aspartame-acesulfame salt,
 * advantame). Polyols are not included.
 */
export const NON_NUTRITIVE_SWEETENER_CODES: ReadonlySet<string> = new Set([
  'e950',
  'e951',
  'e952',
  'e954',
  'e955',
  'e957',
  'e959',
  'e960',
  'e960a',
  'e961',
  'e962',
  'e969',
]);

/** A value the score needs (Nutri-Score's inputs). */
export type ScoreInputId = 'energy' | 'sugars' | 'saturatedFat' | 'sodium' | 'protein' | 'totalFat';

/** Which of the score's inputs the label lacks, in label order; plain water needs none. */
export function missingScoreInputs(
  input: Pick<
    ProductInput,
    | 'energyKcal100'
    | 'energyKj100'
    | 'totalSugarsG100'
    | 'saturatedFatG100'
    | 'sodiumMg100'
    | 'proteinG100'
    | 'totalFatG100'
    | 'nutriscoreCategory'
    | 'isWater'
  >,
): ScoreInputId[] {
  if (input.isWater === true) return [];
  const missing: ScoreInputId[] = [];
  if (input.energyKcal100 === null && (input.energyKj100 ?? null) === null) missing.push('energy');
  if (input.nutriscoreCategory === 'added_fat' && input.totalFatG100 === null) missing.push('totalFat');
  if (input.saturatedFatG100 === null) missing.push('saturatedFat');
  if (input.totalSugarsG100 === null) missing.push('sugars');
  if (input.proteinG100 === null) missing.push('protein');
  if (input.sodiumMg100 === null) missing.push('sodium');
  return missing;
}

/** The Nutri-Score inputs a score needs: without them the product is 'Sin puntaje'. Water needs none. */
export function hasScoreInputs(input: ProductInput): boolean {
  return missingScoreInputs(input).length === 0;
}

/** Fruit, vegetable and legume share for Nutri-Score 2023; nuts count only in the fats, oils, nuts and seeds branch. */
export function fruitsVegetablesLegumesPercent(input: ProductInput): number | null {
  const parts = [input.frutasPercentage, input.verdurasPercentage, input.legumesPercentage];
  if (input.nutriscoreCategory === 'added_fat') parts.push(input.nutsPercentage);
  if (parts.every((p) => p === null)) return null;
  return Math.min(
    100,
    parts.reduce<number>((sum, p) => sum + (p ?? 0), 0),
  );
}

export function toNutriscoreInput(
  input: ProductInput,
  additives: readonly DetectedAdditive[],
): NutriscoreInput {
  const zeroIfWater = (v: number | null): number | null => (v === null && input.isWater === true ? 0 : v);
  const energyKj =
    input.energyKj100 ?? (input.energyKcal100 === null ? null : input.energyKcal100 * KJ_PER_KCAL);
  return {
    category: input.nutriscoreCategory,
    energyKj: zeroIfWater(energyKj),
    sugarsG: zeroIfWater(input.totalSugarsG100),
    saturatedFatG: zeroIfWater(input.saturatedFatG100),
    fatG: zeroIfWater(input.totalFatG100),
    saltG: input.sodiumMg100 === null ? zeroIfWater(null) : saltGramsFromSodiumMg(input.sodiumMg100),
    fiberG: input.fiberG100,
    proteinsG: zeroIfWater(input.proteinG100),
    fruitsVegetablesLegumesPercent: fruitsVegetablesLegumesPercent(input),
    isWater: input.isWater === true,
    isRedMeat: input.isRedMeat === true,
    hasNonNutritiveSweeteners: additives.some((a) =>
      NON_NUTRITIVE_SWEETENER_CODES.has(baseCodeKey(codeKey(a.code))),
    ),
  };
}

/** kcal per 100 g or mL: the label's kcal, else its kJ converted. */
function energyKcal(input: ProductInput): number | null {
  return input.energyKcal100 ?? (input.energyKj100 != null ? input.energyKj100 / KJ_PER_KCAL : null);
}

/**
 * The water rule (full nutrition points, Nutri-Score A) needs more than the source's word: plain water has no
 * energy to speak of and no additive. A cereal named after a mineral-water brand fails here.
 */
export function isPlainWater(input: ProductInput, additives: readonly DetectedAdditive[]): boolean {
  const kcal = energyKcal(input);
  return (
    input.isWater === true &&
    additives.length === 0 &&
    (kcal === null || kcal <= WATER_MAX_KCAL) &&
    (input.totalSugarsG100 ?? 0) <= 0.5
  );
}

export function analyseProduct(input: ProductInput, matcher: AdditiveMatcher): ProductAnalysis {
  const text = input.ingredients ?? '';
  const stream = tokenize(text);
  const detectedAdditives = matcher.detectInStream(stream);
  const ultraprocessed = detectSuspectsInStream(stream);
  const ingredients = splitIngredients(input.ingredients);
  const reading = readIngredientList(input.ingredients);
  const ingredientReading: IngredientReadingSummary | null = reading.missing
    ? null
    : {
        readWell: reading.readWell,
        ingredientCount: reading.ingredients.length,
        recognisedCount: reading.recognisedCount,
        unrecognised: reading.unrecognised,
        undeclared: reading.undeclared,
      };
  // Without a list (or with nothing in it that names an ingredient), NOVA follows the no-list rule.
  const nova = estimateNovaInStream(
    reading.missing ? tokenize('') : stream,
    detectedAdditives,
    ingredients.length,
    { categories: input.offCategories ?? [], ...(reading.missing ? {} : { reading }) },
  );
  const category: NutriscoreCategory = input.nutriscoreCategory;
  const water = isPlainWater(input, detectedAdditives);
  const scored: ProductInput = { ...input, isWater: water };
  const dataIssues = implausibleNutrients({
    ...input,
    energyKcal100: energyKcal(input),
    isBeverage: category === 'beverage' || input.isLiquid === true,
    isWater: water,
  });
  const usable = dataIssues.length === 0;

  const sealValues = {
    energyKcal100: energyKcal(input),
    sodiumMg100: input.sodiumMg100,
    totalSugarsG100: input.totalSugarsG100,
    saturatedFatG100: input.saturatedFatG100,
    isLiquid: input.isLiquid ?? category === 'beverage',
  };
  const seals =
    usable && exceedsAnySealLimit(sealValues)
      ? chileanSeals({
          ...sealValues,
          // An addition is ruled out only by a list read well: a word we cannot read ("azúrcares") may be
          // the sugar, so a list read with gaps leaves the limits alone to decide, as a missing list does.
          added: reading.readWell ? findAddedIngredientsInStream(stream) : null,
        })
      : [];

  const nutriscore =
    usable && hasScoreInputs(scored)
      ? computeNutriscore2023(toNutriscoreInput(scored, detectedAdditives))
      : null;
  const health = computeHealthScore({
    nutriscore,
    category,
    display: { energyKcal100: input.energyKcal100, sodiumMg100: input.sodiumMg100 },
    ingredientList:
      ingredientReading === null
        ? 'missing'
        : ingredientReading.readWell
          ? 'read-well'
          : { unrecognised: ingredientReading.unrecognised, undeclared: ingredientReading.undeclared },
    additives: detectedAdditives,
    suspects: ultraprocessed,
    seals,
    organic: input.organic,
    isWater: water,
  });
  const band = scoreBand(health.score);
  const { allergens, diets } = readAllergens({
    ingredients: input.ingredients,
    reading,
    additives: detectedAdditives,
    off: input.offAllergenTags ?? null,
  });

  return {
    ingredients,
    ingredientReading,
    detectedAdditives,
    ultraprocessed,
    novaGroup: nova.group,
    nutriscore,
    healthScore: health.score,
    scoreLabel: band.label,
    scoreBand: band,
    reasons: usable
      ? health.reasons
      : dataIssues.map((issue) => ({
          rule: SCORE_NOTE_RULES.dubious,
          text: `${DUBIOUS_DATA_PREFIX}${issue}`,
          points: 0,
        })),
    seals,
    dataIssues,
    scoreVersion: SCORE_VERSION,
    allergens,
    diets,
  };
}
