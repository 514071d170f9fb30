import { KJ_PER_KCAL } from '@etiqueta/domain';
import type { OffProduct } from './off-product.ts';

/**
 * Per-100 g (or 100 mL) nutrient values of one OFF record, whatever shape OFF served it in:
 * schema ≥ 1003 `nutrition.aggregated_set` first, the legacy flat `nutriments` (`x_100g`, `x_modifier`) as fallback.
 * Values are in g, except energy (kcal / kJ by key) and percentages. Estimated values (`source: estimate`,
 * `modifier: ~`) never land in `declared`: only OFF's energy estimate is kept, apart, so it can be shown as such.
 */
export type OffNutrition = {
  declared: Partial<Record<string, number>>;
  estimatedKcal: number | null;
  /** Fruit/vegetable/legume share, declared or OFF's estimate from the ingredient list (it is one by nature). */
  fruitsVegetables: number | null;
  /** The values are per 100 mL. */
  liquid: boolean;
};

const FRUIT_KEYS = ['fruits-vegetables-legumes', 'fruits-vegetables-nuts'] as const;
const LEGACY_FRUIT_KEYS = [
  'fruits-vegetables-legumes_100g',
  'fruits-vegetables-nuts_100g',
  'fruits-vegetables-legumes-estimate-from-ingredients_100g',
  'fruits-vegetables-nuts-estimate-from-ingredients_100g',
] as const;

type AggregatedNutrient = { value?: unknown; unit?: unknown; source?: unknown; modifier?: unknown };

export function readNutrition(record: OffProduct): OffNutrition {
  const set = record.nutrition?.aggregated_set;
  if (set && typeof set === 'object' && set.nutrients && typeof set.nutrients === 'object') {
    return fromAggregatedSet(set.per, set.nutrients as Record<string, AggregatedNutrient>, record);
  }
  return fromNutriments(record.nutriments ?? {}, record);
}

function fromAggregatedSet(per: unknown, nutrients: Record<string, AggregatedNutrient>, record: OffProduct): OffNutrition {
  const factor = per100Factor(per, record);
  const result: OffNutrition = { declared: {}, estimatedKcal: null, fruitsVegetables: null, liquid: per === '100ml' };
  if (factor === null) return result;
  for (const [key, nutrient] of Object.entries(nutrients)) {
    const raw = readNumber(nutrient?.value);
    if (raw === null) continue;
    const value = toCanonical(key, raw, nutrient.unit) * (nutrient.unit === '%' ? 1 : factor);
    const estimated = nutrient.source === 'estimate' || nutrient.modifier === '~';
    if (FRUIT_KEYS.includes(key as (typeof FRUIT_KEYS)[number])) {
      result.fruitsVegetables ??= value;
    } else if (!estimated) result.declared[key] = value;
    else if (key === 'energy-kcal') result.estimatedKcal = value;
    else if (key === 'energy-kj' || key === 'energy') result.estimatedKcal ??= value / KJ_PER_KCAL;
  }
  return result;
}

/** 1 for per-100 sets; per-serving sets scale by the serving quantity, and without one give nothing. */
function per100Factor(per: unknown, record: OffProduct): number | null {
  if (per === '100g' || per === '100ml') return 1;
  const serving = readNumber(record.serving_quantity);
  return per === 'serving' && serving !== null && serving > 0 ? 100 / serving : null;
}

function fromNutriments(nutriments: Record<string, unknown>, record: OffProduct): OffNutrition {
  const result: OffNutrition = {
    declared: {},
    estimatedKcal: null,
    fruitsVegetables: null,
    liquid: record.nutrition_data_per === '100ml',
  };
  for (const [name, raw] of Object.entries(nutriments)) {
    if (!name.endsWith('_100g')) continue;
    const key = name.slice(0, -'_100g'.length);
    const value = readNumber(raw);
    if (value === null || key.includes('estimate')) continue;
    // `energy_100g` is always kJ in OFF, whatever `energy_unit` says.
    const estimated = nutriments[`${key}_modifier`] === '~';
    if (!estimated) result.declared[key] = value;
    else if (key === 'energy-kcal') result.estimatedKcal = value;
    else if (key === 'energy-kj' || key === 'energy') result.estimatedKcal ??= value / KJ_PER_KCAL;
  }
  for (const key of LEGACY_FRUIT_KEYS) {
    const value = readNumber(nutriments[key]);
    if (value !== null) {
      result.fruitsVegetables = value;
      break;
    }
  }
  return result;
}

/** Mass to grams, energy to the unit its key names (kcal for `energy-kcal`, kJ otherwise). */
function toCanonical(key: string, value: number, unit: unknown): number {
  switch (typeof unit === 'string' ? unit.toLowerCase() : 'g') {
    case 'mg':
      return value / 1000;
    case 'µg':
    case 'μg':
    case 'mcg':
      return value / 1_000_000;
    case 'kcal':
      return key === 'energy-kcal' ? value : value * KJ_PER_KCAL;
    case 'kj':
      return key === 'energy-kcal' ? value / KJ_PER_KCAL : value;
    default:
      return value;
  }
}

/** Numbers arrive as numbers (API, JSONL) or strings (CSV), sometimes with a decimal comma. */
export function readNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim().replace(',', '.');
  if (!text || !/^[-+]?\d*\.?\d+(e[-+]?\d+)?$/i.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/**
 * OFF's barcode normalisation (docs ref-barcode-normalization): leading zeros removed, then ≤ 7 digits padded
 * to 8 and 9–12 digits padded to 13; 8 and 13+ digits stay as they are.
 */
export function normalizeBarcode(code: string): string {
  const stripped = code.replace(/^0+/, '');
  if (stripped.length <= 7) return stripped.padStart(8, '0');
  if (stripped.length <= 12 && stripped.length >= 9) return stripped.padStart(13, '0');
  return stripped;
}
