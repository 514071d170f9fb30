/**
 * Nutrient colours, warning flags, product-page good/bad rules and scale bars (spec §9), per 100 g.
 * Salt is shown in grams: salt g = sodium mg / 1000, as the spec states for the product page.
 */

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

export type WarningFlags = { salt: boolean; sugar: boolean; energy: boolean; fat: boolean };

/** Warning flags (spec §9): salt ≥ 900 mg sodium-as-salt, sugar ≥ 16 g, energy ≥ 360 kcal, saturated or total fat ≥ 3 g. */
export function warningFlags(input: {
  sodiumMg100: number | null;
  totalSugarsG100: number | null;
  energyKcal100: number | null;
  saturatedFatG100: number | null;
  totalFatG100: number | null;
}): WarningFlags {
  return {
    salt: (input.sodiumMg100 ?? 0) >= 900,
    sugar: (input.totalSugarsG100 ?? 0) >= 16,
    energy: (input.energyKcal100 ?? 0) >= 360,
    fat: (input.saturatedFatG100 ?? 0) >= 3 || (input.totalFatG100 ?? 0) >= 3,
  };
}

/** Salt in grams from sodium in milligrams, as the product page shows it (spec §9: sodium mg / 1000). */
export function saltGramsFromSodiumMg(sodiumMg: number): number {
  return sodiumMg / 1000;
}

export type ProductPageNutrientJudgement = 'good' | 'bad' | 'neutral';

/**
 * Product-page groups (spec §9): sugar bad at 16 g or more; saturated fat bad at 3 g or more, judged on the total
 * fat value as the spec says; protein good at 8 g or more; fibre, fruits and vegetables always good when shown.
 */
export function judgeProductPageNutrient(
  nutrient: 'sugar' | 'saturatedFat' | 'protein' | 'fiber' | 'fruitsVegetables',
  value: number,
  totalFatG100?: number | null,
): ProductPageNutrientJudgement {
  switch (nutrient) {
    case 'sugar':
      return value >= 16 ? 'bad' : 'neutral';
    case 'saturatedFat':
      return (totalFatG100 ?? value) >= 3 ? 'bad' : 'neutral';
    case 'protein':
      return value >= 8 ? 'good' : 'neutral';
    case 'fiber':
    case 'fruitsVegetables':
      return 'good';
  }
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
