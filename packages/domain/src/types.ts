import type { OffAllergenTags } from './allergens/read-allergens.ts';
/** Risk levels an additive can carry (spec §4, "Additive risk levels"), most severe first. */
export const RISK_LEVELS = ['Riesgoso', 'Riesgo posible (Debate)', 'Sin riesgo conocido'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** Ultra-processing suspects may also be 'alto' (spec §4). */
export const SUSPECT_RISKS = [...RISK_LEVELS, 'alto'] as const;
export type SuspectRisk = (typeof SUSPECT_RISKS)[number];

/** Nutri-Score family of a product (spec §4, "Nutriscore category"; default solid). */
export const NUTRISCORE_CATEGORIES = ['solid', 'beverage', 'added_fat', 'cheese'] as const;
export type NutriscoreCategory = (typeof NUTRISCORE_CATEGORIES)[number];

/**
 * The per-100 g (or 100 mL) values a label gives, in the label's order, by the names the whole app uses for them
 * (product columns, the product answer, admin edits, contributions, label reading).
 */
export const NUTRIENT_FIELDS = [
  'energyKcal100',
  'totalFatG100',
  'saturatedFatG100',
  'carbohydratesG100',
  'totalSugarsG100',
  'fiberG100',
  'proteinG100',
  'sodiumMg100',
] as const;
export type NutrientField = (typeof NUTRIENT_FIELDS)[number];

/** What a label's nutrition column, and a seal's limit, is given per. */
export const PER_100_BASES = ['100 g', '100 mL'] as const;
export type Per100Basis = (typeof PER_100_BASES)[number];

/** Functional class of an additive, in our own ids (Spanish display names live in ADDITIVE_CLASS_NAMES). */
export type AdditiveCategory =
  | 'colorante'
  | 'preservante'
  | 'antioxidante'
  | 'acidulante'
  | 'regulador-de-acidez'
  | 'emulsionante'
  | 'estabilizante'
  | 'espesante'
  | 'gelificante'
  | 'edulcorante'
  | 'potenciador-del-sabor'
  | 'antiaglomerante'
  | 'leudante'
  | 'humectante'
  | 'agente-de-recubrimiento'
  | 'mejorador-de-harina'
  | 'secuestrante'
  | 'gas'
  | 'almidon-modificado'
  | 'otro';

export type AdditiveDef = {
  /** E/INS code as printed on labels, e.g. "E330", "E150d", "E322i". In Chile INS = E (Codex). */
  code: string;
  /** Spanish name shown to shoppers. */
  name: string;
  /** Spanish synonyms and Chilean label wording. */
  alternativeNames: string[];
  /** English names, a fallback for imported products. */
  englishNames: string[];
  /** French names, a further fallback for imported products (optional; recall on French labels). */
  frenchNames?: string[];
  category: AdditiveCategory;
  riskLevel: RiskLevel;
  /** One line, Spanish: why this risk level. */
  reason: string;
  /** Where the risk fact comes from (EFSA opinion, EU regulation, IARC monograph, …). */
  source: string;
  /**
   * The policy rule that decided the level (docs/scoring.md §1): 'exception', 'withdrawn-for-safety',
   * 'iarc-1-2a', 'efsa-high', 'withdrawn-no-data', 'iarc-2b', 'eu-warning-colour', 'who-nss-2023',
   * 'efsa-moderate' or 'no-alert'.
   */
  riskRule?: string;
  description?: string;
  /**
   * The name alone is also a vitamin, mineral or everyday ingredient ("carbonato de calcio", "cúrcuma"), so it
   * counts as an additive only after a class word ("colorante: cúrcuma"). Codes always count.
   */
  nameRequiresClassWord?: boolean;
};

/** What the matcher needs from an additive: the catalogue entry or a row of the server's additive table. */
export type AdditiveMatcherEntry = Pick<AdditiveDef, 'code' | 'name' | 'alternativeNames' | 'riskLevel'> & {
  /** Why this risk level; carried to each detected additive for the product page. */
  reason?: string;
  englishNames?: string[];
  frenchNames?: string[];
  nameRequiresClassWord?: boolean;
};

export type DetectedAdditive = {
  code: string;
  name: string;
  riskLevel: RiskLevel;
  /** The label text that matched, exactly as printed. */
  matchedText: string;
  /** Why this risk level, in plain Spanish (absent for an admin-added additive without one). */
  reason?: string;
};

export type DetectedSuspect = {
  /** Stable id of the suspect in SUSPECT_CATALOGUE, e.g. "jarabe-glucosa". */
  id: string;
  name: string;
  riskLevel: SuspectRisk;
  matchedText: string;
};

export type ScoreReason = {
  /** Stable id of the rule, e.g. "nutrition.sugars", "additive.riesgoso", "cap.riesgoso". */
  rule: string;
  /** Spanish sentence for the product page, e.g. "Azúcares 22 g/100 g: −1,4". */
  text: string;
  /** Signed points this rule moved the 0–10 score (one decimal). */
  points: number;
};

export type ProductInput = {
  ingredients: string | null;
  organic: boolean;
  nutriscoreCategory: NutriscoreCategory;
  frutasPercentage: number | null;
  verdurasPercentage: number | null;
  legumesPercentage: number | null;
  nutsPercentage: number | null;
  energyKcal100: number | null;
  totalFatG100: number | null;
  saturatedFatG100: number | null;
  /** Only checked for plausibility (sugars within carbohydrates, energy against Atwater). */
  carbohydratesG100?: number | null;
  totalSugarsG100: number | null;
  fiberG100: number | null;
  proteinG100: number | null;
  sodiumMg100: number | null;
  /**
   * The source says plain water (a water category, or a name that says water). The water rule applies only
   * when the values agree: at most 1 kcal and no additive (analyse-product).
   */
  isWater?: boolean;
  /** Beef, pork, lamb, game…: protein points capped at 2 (Nutri-Score 2023). */
  isRedMeat?: boolean;
  /** Sold by volume: Chilean seals use the per-100 mL limits. Defaults to nutriscoreCategory === 'beverage'. */
  isLiquid?: boolean;
  /** Energy in kJ when the label gives it; otherwise kcal × 4.184 is used. */
  energyKj100?: number | null;
  /** OFF's categories_tags (every ancestor included), when the record has them: NOVA reads its category markers. */
  offCategories?: readonly string[];
  /** OFF's allergens_tags, traces_tags and ingredients_analysis_tags, when the record has them. */
  offAllergenTags?: OffAllergenTags | null;
};

/**
 * A product nobody has read anything of: no list, a solid food, not organic, every value unknown. Spread it and
 * set what is known (the evaluation, the benches and the tests build their inputs from it).
 */
export const UNKNOWN_PRODUCT_INPUT: Readonly<ProductInput> = {
  ingredients: null,
  organic: false,
  nutriscoreCategory: 'solid',
  frutasPercentage: null,
  verdurasPercentage: null,
  legumesPercentage: null,
  nutsPercentage: null,
  energyKcal100: null,
  totalFatG100: null,
  saturatedFatG100: null,
  totalSugarsG100: null,
  fiberG100: null,
  proteinG100: null,
  sodiumMg100: null,
};

