/**
 * Nutrient colours and the product page's nutrient rows (spec §9), per 100 g, and per 100 mL for a
 * product sold by volume, on its own scale whose line between moderate and high is the liquid seal limit.
 * Sodium is shown in mg, as Chilean labels and seals print it, with its salt equivalent (sodium × 2.5) beside it
 * (a departure from the spec's salt row, docs/spec-departures.md).
 */
import { CHILE_SEAL_LIMITS, type SealId } from '../seals/chile-seals.ts';

export type NutrientId =
  'sodium' | 'sugar' | 'saturatedFat' | 'energy' | 'protein' | 'fiber' | 'fruitsVegetables';
/**
 * Limits go good → moderate → high → very-high; targets go good → moderate → low. 'doubtful': the label's
 * values contradict each other ('Datos dudosos'), so the value is shown without a judgement.
 */
export type NutrientLevel = 'good' | 'moderate' | 'high' | 'very-high' | 'low' | 'doubtful';
/** Per 100 g (solids) or per 100 mL (sold by volume): each has its own scale. */
export type NutrientBasis = 'solid' | 'liquid';
export type NutrientBandColour = 'dark-green' | 'green' | 'orange' | 'red' | 'grey';

type LimitRule = { kind: 'limit'; bounds: readonly [number, number, number] };
type TargetRule = { kind: 'target'; bounds: readonly number[] };

/**
 * Colour thresholds per 100 g (spec §9 "Nutrient colour thresholds"; sodium in mg: the spec's salt bounds 0.45,
 * 0.9 and 1.6 g ÷ 2.5). For limits (sodium, sugar, saturated fat, energy): ≤ first bound good, ≤ second moderate,
 * ≤ third high, above very high. For targets (protein, fibre, fruit and vegetables): ≥ first bound good,
 * ≥ second (when given) moderate, below low.
 */
export const NUTRIENT_COLOUR_THRESHOLDS: Record<NutrientId, LimitRule | TargetRule> = {
  sodium: { kind: 'limit', bounds: [180, 360, 640] },
  sugar: { kind: 'limit', bounds: [8, 16, 30] },
  saturatedFat: { kind: 'limit', bounds: [1, 3, 6] },
  energy: { kind: 'limit', bounds: [160, 360, 560] },
  protein: { kind: 'target', bounds: [8, 4] },
  fiber: { kind: 'target', bounds: [4, 2] },
  fruitsVegetables: { kind: 'target', bounds: [80] },
};

const liquidLimit = (limit: number): LimitRule => ({ kind: 'limit', bounds: [limit / 2, limit, limit * 2] });

/**
 * Per 100 mL (ours; the spec has no scale for drinks): the line between moderate and high is the liquid seal
 * limit (DS 13/2015: 5 g sugars, 70 kcal, 3 g saturated fat, 100 mg sodium), good is up to half of it, very high
 * past twice it. So a cola's 10,8 g of sugar is very high, never the solids' "moderado", beside its seal.
 */
export const LIQUID_COLOUR_THRESHOLDS: Record<NutrientId, LimitRule | TargetRule> = {
  ...NUTRIENT_COLOUR_THRESHOLDS,
  sodium: liquidLimit(CHILE_SEAL_LIMITS.liquid.sodiumMg),
  sugar: liquidLimit(CHILE_SEAL_LIMITS.liquid.sugarsG),
  saturatedFat: liquidLimit(CHILE_SEAL_LIMITS.liquid.saturatedFatG),
  energy: liquidLimit(CHILE_SEAL_LIMITS.liquid.energyKcal),
};

const THRESHOLDS: Record<NutrientBasis, Record<NutrientId, LimitRule | TargetRule>> = {
  solid: NUTRIENT_COLOUR_THRESHOLDS,
  liquid: LIQUID_COLOUR_THRESHOLDS,
};

export type NutrientBand = { level: NutrientLevel; colour: NutrientBandColour };

const LEVEL_COLOUR: Record<NutrientLevel, NutrientBandColour> = {
  good: 'dark-green',
  moderate: 'green',
  high: 'orange',
  'very-high': 'red',
  low: 'grey',
  doubtful: 'grey',
};

/** The band of a value the label's other values contradict: neutral, never a judgement. */
export const DOUBTFUL_BAND: NutrientBand = { level: 'doubtful', colour: 'grey' };

/** Band of a nutrient value (sodium in mg, energy in kcal, others in g or %), per 100 g or per 100 mL. */
export function nutrientBand(
  nutrient: NutrientId,
  value: number,
  basis: NutrientBasis = 'solid',
): NutrientBand {
  const rule = THRESHOLDS[basis][nutrient];
  let level: NutrientLevel;
  if (rule.kind === 'limit') {
    const [good, moderate, high] = rule.bounds;
    level = value <= good ? 'good' : value <= moderate ? 'moderate' : value <= high ? 'high' : 'very-high';
  } else {
    const [good, moderate] = rule.bounds;
    level =
      value >= (good ?? Infinity) ? 'good' : moderate !== undefined && value >= moderate ? 'moderate' : 'low';
  }
  return { level, colour: LEVEL_COLOUR[level] };
}

/** Salt = sodium × 2.5 (EU Reg. 1169/2011 Annex I; Nutri-Score and the product page use salt in g). */
export const SALT_PER_SODIUM = 2.5;

/**
 * Salt in grams from sodium in milligrams: sodium × 2.5. The spec's §9 letter says sodium mg / 1000, which is
 * the sodium, 2.5 × less than the salt the row names (docs/scoring.md, "Departures").
 */
export function saltGramsFromSodiumMg(sodiumMg: number): number {
  return Math.round(((sodiumMg * SALT_PER_SODIUM) / 1000) * 1e6) / 1e6;
}

const LIMIT_NUTRIENTS: ReadonlySet<NutrientId> = new Set(['sodium', 'sugar', 'saturatedFat', 'energy']);

/** Whether a nutrient is one a label warns about (less is better) rather than one to seek (more is better). */
export function isLimitNutrient(nutrient: NutrientId): boolean {
  return LIMIT_NUTRIENTS.has(nutrient);
}

/** The Chilean seal that speaks of each limit nutrient. */
const SEAL_OF: Partial<Record<NutrientId, SealId>> = {
  energy: 'alto-en-calorias',
  sugar: 'alto-en-azucares',
  saturatedFat: 'alto-en-grasas-saturadas',
  sodium: 'alto-en-sodio',
};

export type ProductNutrientRow = {
  nutrient: NutrientId;
  /** In the unit of the nutrient's scale bar: sodium in mg, energy in kcal, fruit and vegetables in %. */
  value: number;
  /** Sodium's salt equivalent in g (sodium × 2.5), shown beside it; absent for the other nutrients. */
  saltG?: number;
  /** The scale it is judged on: per 100 g, or per 100 mL for a product sold by volume. */
  basis: NutrientBasis;
  band: NutrientBand;
  /**
   * Thumbs-down or thumbs-up: always the band's side (high and very high are negative, the rest positive);
   * 'doubtful' when the label's values contradict each other: shown apart, neutral.
   */
  group: 'negative' | 'positive' | 'doubtful';
  /** The product carries this nutrient's 'ALTO EN' seal (its band is then at least high). */
  sealed: boolean;
};

export type NutrientRowsInput = {
  energyKcal100: number | null;
  totalSugarsG100: number | null;
  saturatedFatG100: number | null;
  sodiumMg100: number | null;
  proteinG100: number | null;
  fiberG100: number | null;
  /** Fruit, vegetables and legumes, % (fruitsVegetablesLegumesPercent). */
  fruitsVegetablesPercent: number | null;
  seals: readonly { id: SealId }[];
  /** Sold by volume: values per 100 mL, judged on the liquid scale (the seals' own basis). */
  isLiquid?: boolean;
  /** The label's values contradict each other ('Datos dudosos'): every value shown neutral. */
  doubtful?: boolean;
};

/** Nutrients in the order a shopper reads a label. */
export const NUTRIENT_ORDER: readonly NutrientId[] = [
  'energy',
  'sugar',
  'saturatedFat',
  'sodium',
  'protein',
  'fiber',
  'fruitsVegetables',
];

const RAISED_TO_HIGH: NutrientBand = { level: 'high', colour: LEVEL_COLOUR.high };

/**
 * The product page's nutrient rows, one truth for server and web (docs/scoring.md, "Nutrient rows"):
 * - each value judged on itself (saturated fat on saturated fat, sodium in mg as the label prints it), per
 *   100 g with the spec's colour thresholds, or per 100 mL on the liquid scale for a product sold by volume;
 * - a nutrient whose 'ALTO EN' seal the product carries is at least 'high', so "ALTO EN CALORÍAS" never sits
 *   beside "Calorías · Moderado";
 * - the group follows the band: a limit nutrient (energy, sugar, saturated fat, sodium) is negative when high or
 *   very high and positive otherwise; a target nutrient (protein, fibre, fruit and vegetables) is shown, as a
 *   positive, only in its good band ("Fibra 0,3 g · Bajo" is no virtue);
 * - when the label's values contradict each other ('Datos dudosos'), every known value is shown neutral, in its
 *   own group, never red or green.
 * Unknown values are left out.
 */
export function productNutrientRows(input: NutrientRowsInput): ProductNutrientRow[] {
  const sealIds = new Set(input.seals.map((s) => s.id));
  const basis: NutrientBasis = input.isLiquid === true ? 'liquid' : 'solid';
  const values: Record<NutrientId, number | null> = {
    energy: input.energyKcal100,
    sugar: input.totalSugarsG100,
    saturatedFat: input.saturatedFatG100,
    sodium: input.sodiumMg100,
    protein: input.proteinG100,
    fiber: input.fiberG100,
    fruitsVegetables: input.fruitsVegetablesPercent,
  };
  const rows: ProductNutrientRow[] = [];
  for (const nutrient of NUTRIENT_ORDER) {
    const value = values[nutrient];
    if (value === null) continue;
    const extra = nutrient === 'sodium' ? { saltG: saltGramsFromSodiumMg(value) } : {};
    if (input.doubtful === true) {
      rows.push({ nutrient, value, ...extra, basis, band: DOUBTFUL_BAND, group: 'doubtful', sealed: false });
      continue;
    }
    const seal = SEAL_OF[nutrient];
    const sealed = seal !== undefined && sealIds.has(seal);
    let band = nutrientBand(nutrient, value, basis);
    if (isLimitNutrient(nutrient)) {
      if (sealed && (band.level === 'good' || band.level === 'moderate')) band = RAISED_TO_HIGH;
      const negative = band.level === 'high' || band.level === 'very-high';
      rows.push({
        nutrient,
        value,
        ...extra,
        basis,
        band,
        group: negative ? 'negative' : 'positive',
        sealed,
      });
    } else if (band.level === 'good') {
      rows.push({ nutrient, value, basis, band, group: 'positive', sealed: false });
    }
  }
  return rows;
}

/** Ingredient count shown red when above 6 and any additive or suspect carries a risk label (spec §9). */
export const INGREDIENT_COUNT_WARNING_ABOVE = 6;

export function ingredientCountWarning(
  ingredientCount: number,
  riskLabels: readonly (string | null | undefined)[],
): boolean {
  return (
    ingredientCount > INGREDIENT_COUNT_WARNING_ABOVE &&
    riskLabels.some((r) => r !== null && r !== undefined && r !== '')
  );
}
