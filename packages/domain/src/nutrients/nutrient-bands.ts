/**
 * Nutrient colours, the product page's nutrient rows and scale bars (spec §9), per 100 g (100 mL for liquids).
 * Salt is shown in grams of salt: sodium × 2.5 (a departure from the spec's letter, docs/scoring.md).
 */
import type { SealId } from '../seals/chile-seals.ts';

export type NutrientId =
  'salt' | 'sugar' | 'saturatedFat' | 'energy' | 'protein' | 'fiber' | 'fruitsVegetables';
/** Limits go good → moderate → high → very-high; targets go good → moderate → low. */
export type NutrientLevel = 'good' | 'moderate' | 'high' | 'very-high' | 'low';
export type NutrientBandColour = 'dark-green' | 'green' | 'orange' | 'red' | 'grey';

type LimitRule = { kind: 'limit'; bounds: readonly [number, number, number] };
type TargetRule = { kind: 'target'; bounds: readonly number[] };

/**
 * Colour thresholds (spec §9 "Nutrient colour thresholds"). For limits (salt, sugar, saturated fat, energy):
 * ≤ first bound good, ≤ second moderate, ≤ third high, above very high. For targets (protein, fibre, fruit and
 * vegetables): ≥ first bound good, ≥ second (when given) moderate, below low.
 */
export const NUTRIENT_COLOUR_THRESHOLDS: Record<NutrientId, LimitRule | TargetRule> = {
  salt: { kind: 'limit', bounds: [0.45, 0.9, 1.6] },
  sugar: { kind: 'limit', bounds: [8, 16, 30] },
  saturatedFat: { kind: 'limit', bounds: [1, 3, 6] },
  energy: { kind: 'limit', bounds: [160, 360, 560] },
  protein: { kind: 'target', bounds: [8, 4] },
  fiber: { kind: 'target', bounds: [4, 2] },
  fruitsVegetables: { kind: 'target', bounds: [80] },
};

export type NutrientBand = { level: NutrientLevel; colour: NutrientBandColour };

const LEVEL_COLOUR: Record<NutrientLevel, NutrientBandColour> = {
  good: 'dark-green',
  moderate: 'green',
  high: 'orange',
  'very-high': 'red',
  low: 'grey',
};

/** Band of a nutrient value (salt in g, energy in kcal, others in g or %). */
export function nutrientBand(nutrient: NutrientId, value: number): NutrientBand {
  const rule = NUTRIENT_COLOUR_THRESHOLDS[nutrient];
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

const LIMIT_NUTRIENTS: ReadonlySet<NutrientId> = new Set(['salt', 'sugar', 'saturatedFat', 'energy']);

/** Whether a nutrient is one a label warns about (less is better) rather than one to seek (more is better). */
export function isLimitNutrient(nutrient: NutrientId): boolean {
  return LIMIT_NUTRIENTS.has(nutrient);
}

/** The Chilean seal that speaks of each limit nutrient. */
const SEAL_OF: Partial<Record<NutrientId, SealId>> = {
  energy: 'alto-en-calorias',
  sugar: 'alto-en-azucares',
  saturatedFat: 'alto-en-grasas-saturadas',
  salt: 'alto-en-sodio',
};

export type ProductNutrientRow = {
  nutrient: NutrientId;
  /** In the unit of the nutrient's scale bar: salt in g (sodium × 2.5), energy in kcal, fruit and vegetables in %. */
  value: number;
  band: NutrientBand;
  /** Thumbs-down or thumbs-up: always the band's side (high and very high are negative, the rest positive). */
  group: 'negative' | 'positive';
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
};

/** Nutrients in the order a shopper reads a label. */
export const NUTRIENT_ORDER: readonly NutrientId[] = [
  'energy',
  'sugar',
  'saturatedFat',
  'salt',
  'protein',
  'fiber',
  'fruitsVegetables',
];

const RAISED_TO_HIGH: NutrientBand = { level: 'high', colour: LEVEL_COLOUR.high };

/**
 * The product page's nutrient rows, one truth for server and web (docs/scoring.md, "Nutrient rows"):
 * - each value judged on itself (saturated fat on saturated fat, salt as sodium × 2.5) with the spec's colour
 *   thresholds;
 * - a nutrient whose 'ALTO EN' seal the product carries is at least 'high', so "ALTO EN CALORÍAS" never sits
 *   beside "Calorías · Moderado";
 * - the group follows the band: a limit nutrient (energy, sugar, saturated fat, salt) is negative when high or
 *   very high and positive otherwise; a target nutrient (protein, fibre, fruit and vegetables) is shown, as a
 *   positive, only in its good band ("Fibra 0,3 g · Bajo" is no virtue).
 * Unknown values are left out.
 */
export function productNutrientRows(input: NutrientRowsInput): ProductNutrientRow[] {
  const sealIds = new Set(input.seals.map((s) => s.id));
  const values: Record<NutrientId, number | null> = {
    energy: input.energyKcal100,
    sugar: input.totalSugarsG100,
    saturatedFat: input.saturatedFatG100,
    salt: input.sodiumMg100 === null ? null : saltGramsFromSodiumMg(input.sodiumMg100),
    protein: input.proteinG100,
    fiber: input.fiberG100,
    fruitsVegetables: input.fruitsVegetablesPercent,
  };
  const rows: ProductNutrientRow[] = [];
  for (const nutrient of NUTRIENT_ORDER) {
    const value = values[nutrient];
    if (value === null) continue;
    const seal = SEAL_OF[nutrient];
    const sealed = seal !== undefined && sealIds.has(seal);
    let band = nutrientBand(nutrient, value);
    if (isLimitNutrient(nutrient)) {
      if (sealed && (band.level === 'good' || band.level === 'moderate')) band = RAISED_TO_HIGH;
      const negative = band.level === 'high' || band.level === 'very-high';
      rows.push({ nutrient, value, band, group: negative ? 'negative' : 'positive', sealed });
    } else if (band.level === 'good') {
      rows.push({ nutrient, value, band, group: 'positive', sealed: false });
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

export type ScaleBar = { stops: readonly number[]; unit: 'g' | 'kcal' | '%'; openEnded: boolean };

/** Scale-bar stops (spec §9); the last stop is open-ended ("2.3+ g") except fruit and vegetables (0–100 %). */
export const SCALE_BARS: Record<NutrientId, ScaleBar> = {
  salt: { stops: [0, 0.45, 0.9, 1.6, 2.3], unit: 'g', openEnded: true },
  energy: { stops: [0, 160, 360, 560, 800], unit: 'kcal', openEnded: true },
  saturatedFat: { stops: [0, 1, 3, 6, 10], unit: 'g', openEnded: true },
  sugar: { stops: [0, 8, 16, 30, 46], unit: 'g', openEnded: true },
  protein: { stops: [0, 8, 16], unit: 'g', openEnded: true },
  fiber: { stops: [0, 4, 9], unit: 'g', openEnded: true },
  fruitsVegetables: { stops: [0, 80, 100], unit: '%', openEnded: false },
};

export function scaleBar(nutrient: NutrientId): ScaleBar {
  return SCALE_BARS[nutrient];
}

/**
 * Position of a value on its scale bar, 0–1, with equal width per segment between stops (values past the last
 * stop sit at the end).
 */
export function scaleBarPosition(nutrient: NutrientId, value: number): number {
  const { stops } = SCALE_BARS[nutrient];
  const segments = stops.length - 1;
  if (value <= (stops[0] ?? 0)) return 0;
  for (let s = 0; s < segments; s++) {
    const from = stops[s] ?? 0;
    const to = stops[s + 1] ?? from;
    if (value <= to) return (s + (to === from ? 1 : (value - from) / (to - from))) / segments;
  }
  return 1;
}
