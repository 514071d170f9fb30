/**
 * @etiqueta/domain: pure product rules shared by the server (compute and store) and the web app (show).
 * No I/O, no dependencies.
 */
export type {
  AdditiveCategory,
  AdditiveDef,
  AdditiveMatcherEntry,
  DetectedAdditive,
  DetectedSuspect,
  NutriscoreCategory,
  NutrientField,
  Per100Basis,
  ProductInput,
  RiskLevel,
  ScoreReason,
  SuspectRisk,
} from './types.ts';
export {
  NUTRIENT_FIELDS,
  NUTRISCORE_CATEGORIES,
  PER_100_BASES,
  RISK_LEVELS,
  SUSPECT_RISKS,
  UNKNOWN_PRODUCT_INPUT,
} from './types.ts';

export { ADDITIVE_CATALOGUE } from './additives/additive-catalogue.ts';
export { ADDITIVE_CLASS_WORDS } from './additives/class-words.ts';
export { type AdditiveMatcher, buildAdditiveMatcher } from './additives/additive-matcher.ts';
export { baseCodeKey, baseNumberKey, codeKey } from './additives/additive-codes.ts';

export { SUSPECT_CATALOGUE, type SuspectDef } from './suspects/suspect-catalogue.ts';
export { detectSuspects } from './suspects/detect-suspects.ts';
export {
  type NovaContext,
  type NovaEstimate,
  NOVA_GROUPS,
  type NovaGroup,
  estimateNovaInStream,
} from './nova/estimate-nova.ts';

export { splitIngredients } from './ingredients/split-ingredients.ts';
export {
  type IngredientListReading,
  type IngredientStatus,
  type ReadIngredient,
  readIngredientList,
} from './ingredients/read-ingredient-list.ts';
export { foldText, normalizeText, normalizeToWords, wordKey } from './text/normalize-text.ts';
export { type TokenStream, tokenize } from './text/token-stream.ts';
export { formatNumberEs, formatPointsSum, formatSignedPoints } from './text/format-es.ts';

export {
  KJ_PER_G_SATURATED_FAT,
  NUTRISCORE_2023_THRESHOLDS,
  type NutriscoreComponent,
  type NutriscoreComponentId,
  type NutriscoreGrade,
  type NutriscoreInput,
  type NutriscoreResult,
  computeNutriscore2023,
  nutriscoreGrade,
  saturatedFatRatio,
} from './nutriscore/nutriscore-2023.ts';
export {
  type NutriscoreCategoryInference,
  inferNutriscoreCategory,
} from './nutriscore/infer-nutriscore-category.ts';

export {
  HEALTH_SCORE_WEIGHTS,
  type HealthScore,
  type HealthScoreInput,
  DUBIOUS_DATA_PREFIX,
  type IngredientListGaps,
  PARTIAL_SCORE_TEXT,
  SCORE_NOTE_RULES,
  UNREAD_LIST_PREFIX,
  quoteList,
  unreadListText,
  SCORE_VERSION,
  computeHealthScore,
} from './score/health-score.ts';
export {
  type AdminBadgeColour,
  SCORE_BAND_IDS,
  SCORE_BAND_THRESHOLDS,
  SCORE_LABELS,
  type ScoreBand,
  type ScoreBandId,
  type ScoreLabel,
  type ScoreColour,
  adminScoreBadgeColour,
  formatScore,
  scoreBand,
  scoreLabel,
} from './score/score-band.ts';

export {
  DOUBTFUL_BAND,
  INGREDIENT_COUNT_WARNING_ABOVE,
  LIQUID_COLOUR_THRESHOLDS,
  NUTRIENT_COLOUR_THRESHOLDS,
  NUTRIENT_ORDER,
  type NutrientBand,
  type NutrientBasis,
  type NutrientBandColour,
  type NutrientId,
  type NutrientLevel,
  type NutrientRowsInput,
  type ProductNutrientRow,
  SALT_PER_SODIUM,
  ingredientCountWarning,
  isLimitNutrient,
  nutrientBand,
  productNutrientRows,
  saltGramsFromSodiumMg,
} from './nutrients/nutrient-bands.ts';
export { SCALE_BARS, type ScaleBar, scaleBar, scaleBarPosition } from './nutrients/scale-bars.ts';

export {
  NUTRIENT_LIMITS,
  type NutrientValues,
  type PlausibilityInput,
  type PlausibilityField,
  type NutrientIssue,
  implausibleNutrients,
  impossibleLabel,
  nutrientIssues,
} from './nutrients/plausibility.ts';

export {
  type FilterState,
  type FilterableProduct,
  INITIAL_FILTER_STATE,
  type QuickFilter,
  QUICK_FILTERS,
  SUGAR_FILTER_DEFAULT_G,
  SUGAR_FILTER_MAX_G,
  SUGAR_FILTER_MIN_G,
  applySugarInput,
  isBlockedSugarKey,
  matchesFilters,
  toggleQuickFilter,
  toggleSugarFilter,
} from './filters/product-filters.ts';

export {
  type AddedIngredients,
  CHILE_SEAL_LIMITS,
  SEAL_IDS,
  SEAL_LABELS,
  SEAL_UNITS,
  type Seal,
  type SealId,
  type SealInput,
  chileanSeals,
  exceedsAnySealLimit,
  findAddedIngredients,
} from './seals/chile-seals.ts';

export {
  type IngredientReadingSummary,
  KJ_PER_KCAL,
  NON_NUTRITIVE_SWEETENER_CODES,
  type ProductAnalysis,
  WATER_MAX_KCAL,
  analyseProduct,
  isPlainWater,
  fruitsVegetablesLegumesPercent,
  hasScoreInputs,
  missingScoreInputs,
  type ScoreInputId,
  toNutriscoreInput,
} from './analyse-product.ts';
export { missingPackParts, PACK_PARTS, type PackPart, type PackPartsInput } from './pack-parts.ts';

export {
  BARCODE_CHECK_MESSAGE,
  BARCODE_DIGITS_MESSAGE,
  BARCODE_EMPTY_MESSAGE,
  BARCODE_LENGTH_MESSAGE,
  TYPED_BARCODE_LENGTHS,
  type TypedBarcode,
  gs1CheckDigit,
  hasValidCheckDigit,
  readTypedBarcode,
  withCheckDigit,
} from './barcode/typed-barcode.ts';

export {
  type ExplanationLine,
  type ExplanationSection,
  type ExplanationSectionId,
  type ScoreExplanation,
  explainScore,
} from './score/score-explanation.ts';
export type { ScoreExplanationInput } from './score/score-facts.ts';
export { type ScoreHighlight, scoreHighlights } from './score/score-highlights.ts';

export {
  ADDITIVE_CLASS_NAMES,
  NOVA_MEANINGS,
  NUTRISCORE_MEANINGS,
  type NutriscoreLetter,
  additiveFunctionName,
  novaMeaning,
  nutriscoreLetter,
} from './text/shopper-labels.ts';

export {
  BETTER_REASON_IDS,
  BETTER_SCORE_MARGIN,
  type BetterReason,
  type BetterReasonId,
  type ComparableProduct,
  type RankableProduct,
  betterReason,
  isClearlyBetter,
  nameWords,
  rankAlternatives,
} from './alternatives/better-alternatives.ts';

export {
  ALLERGEN_IDS,
  ALLERGEN_STATUSES,
  ALLERGENS,
  type AllergenId,
  type AllergenStatus,
  DIET_ANSWERS,
  DIET_IDS,
  DIETS,
  type DietAnswer,
  type DietId,
  NOT_ALWAYS_DECLARED_IN_CHILE,
  type ProductAllergens,
  type ProductDiets,
  UNKNOWN_ALLERGENS,
  UNKNOWN_DIETS,
} from './allergens/allergen-list.ts';
export {
  type AllergenInput,
  type AllergenReading,
  type OffAllergenTags,
  allergensInText,
  offAllergenId,
  readAllergens,
} from './allergens/read-allergens.ts';
