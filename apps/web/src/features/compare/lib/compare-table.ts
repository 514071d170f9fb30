import type { Product } from '@etiqueta/contracts';
import {
  isLimitNutrient,
  NUTRIENT_ORDER,
  type NutrientId,
  type NutriscoreLetter,
  nutriscoreLetter,
  type Seal,
} from '@etiqueta/domain';

import { roundNutrientValue } from '@/components/food/nutrient-labels';

import { nutrientValues, type NutrientValue } from '@/components/food/product-rows';
import { groupByRisk, type RiskGroup, type RiskGroupId } from '@/components/food/risk-groups';

/*
 * The comparison's rows (issue 16, "Comparar"): products side by side, and in every row the better value
 * marked. Which value is better is decided here, as data, so the screen only draws it.
 */

/** Negative when `a` is better than `b`, zero when neither is. */
export type Comparator<T> = (a: T, b: T) => number;

/** Less is better: sugar, saturated fat, sodium, energy, the NOVA group, seals. */
export const lowerIsBetter: Comparator<number> = (a, b) => a - b;
/** More is better: the score, protein, fibre, fruit and vegetables. */
export const higherIsBetter: Comparator<number> = (a, b) => b - a;

/**
 * Which values of one row are the better ones, one flag per product:
 * - an unknown value (null) is never better, and only known values are compared;
 * - with fewer than two known values there is nothing to compare: no mark;
 * - when every known value is as good as the others (a tie of all), no mark: the row does not tell them apart;
 * - otherwise every value that equals the best is marked (two of three may share it).
 */
export const betterFlags = <T>(values: readonly (T | null)[], compare: Comparator<T>): boolean[] => {
  const known = values.filter((value): value is T => value !== null);
  if (known.length < 2) return values.map(() => false);
  const best = known.reduce((winner, value) => (compare(value, winner) < 0 ? value : winner));
  const tiedWithBest = known.filter((value) => compare(value, best) === 0).length;
  if (tiedWithBest === known.length) return values.map(() => false);
  return values.map((value) => value !== null && compare(value, best) === 0);
};

export type CompareCell<T> = { value: T | null; better: boolean };

type DetectedAdditive = Product['detectedAdditives'][number];

export type CompareSeals = {
  seals: Seal[];
  /** Whether all four values the seals judge are known: only then can "no seal" be compared. */
  complete: boolean;
};

export type CompareRow =
  | { kind: 'score'; cells: CompareCell<number>[] }
  | { kind: 'seals'; cells: CompareCell<CompareSeals>[] }
  | { kind: 'nutrient'; nutrient: NutrientId; cells: CompareCell<NutrientValue>[] }
  | { kind: 'additives'; cells: CompareCell<RiskGroup<DetectedAdditive>[]>[] }
  | { kind: 'nova'; cells: CompareCell<1 | 2 | 3 | 4>[] }
  | { kind: 'nutriscore'; cells: CompareCell<NutriscoreLetter>[] };

const cells = <T, K>(
  values: readonly (T | null)[],
  key: (value: T) => K | null,
  compare: Comparator<K>,
): CompareCell<T>[] => {
  const flags = betterFlags(
    values.map((value) => (value === null ? null : key(value))),
    compare,
  );
  return values.map((value, index) => ({ value, better: flags[index] ?? false }));
};

const identity = <T>(value: T) => value;

/** The score as shown, one decimal: 6,24 and 6,21 both read "6,2" and are a tie. */
const shownScore = (score: number) => Math.round(score * 10) / 10;

const countIn = (groups: readonly RiskGroup<unknown>[], id: RiskGroupId) =>
  groups.find((group) => group.id === id)?.items.length ?? 0;
const totalIn = (groups: readonly RiskGroup<unknown>[]) =>
  groups.reduce((sum, group) => sum + group.items.length, 0);

/** Fewer 'Riesgosos' first, then fewer 'Riesgo posible (Debate)', then fewer additives at all. */
export const additiveRisk: Comparator<readonly RiskGroup<unknown>[]> = (a, b) =>
  countIn(a, 'riesgosos') - countIn(b, 'riesgosos') ||
  countIn(a, 'debate') - countIn(b, 'debate') ||
  totalIn(a) - totalIn(b);

/** A product's additives by risk, or null when it has no ingredient list (then we could not look for any). */
const additivesOf = (product: Product): RiskGroup<DetectedAdditive>[] | null =>
  product.detectedAdditives.length === 0 && !product.ingredients?.trim()
    ? null
    : groupByRisk(product.detectedAdditives);

const SEAL_INPUTS = ['energyKcal100', 'totalSugarsG100', 'saturatedFatG100', 'sodiumMg100'] as const;

const sealsOf = (product: Product): CompareSeals => ({
  seals: product.seals,
  complete: SEAL_INPUTS.every((field) => product[field] !== null),
});

const novaOf = (product: Product): 1 | 2 | 3 | 4 | null => {
  const group = product.novaGroup;
  return group === 1 || group === 2 || group === 3 || group === 4 ? group : null;
};

/** A is better than E. */
const nutriscoreOrder: Comparator<NutriscoreLetter> = (a, b) => a.localeCompare(b);

/**
 * The rows of the comparison, in the order a shopper reads a product page: score, seals, the nutrients that at
 * least one product's label gives, additives by risk, NOVA, Nutri-Score. Seals are compared by their number,
 * but only between products whose four judged values are all known (a product without a nutrition table has
 * no seal because nothing could be judged, which is not a virtue).
 */
export const buildCompareRows = (products: readonly Product[]): CompareRow[] => {
  const nutrients = products.map(nutrientValues);
  const rows: CompareRow[] = [
    { kind: 'score', cells: cells(products.map((p) => p.healthScore), shownScore, higherIsBetter) },
    {
      kind: 'seals',
      cells: cells(
        products.map(sealsOf),
        (value) => (value.complete ? value.seals.length : null),
        lowerIsBetter,
      ),
    },
  ];
  for (const nutrient of NUTRIENT_ORDER) {
    const values = nutrients.map((byNutrient) => byNutrient[nutrient]);
    if (values.every((value) => value === null)) continue;
    rows.push({
      kind: 'nutrient',
      nutrient,
      cells: cells(
        values,
        (value) => roundNutrientValue(nutrient, value.value),
        isLimitNutrient(nutrient) ? lowerIsBetter : higherIsBetter,
      ),
    });
  }
  rows.push(
    { kind: 'additives', cells: cells(products.map(additivesOf), identity, additiveRisk) },
    { kind: 'nova', cells: cells(products.map(novaOf), identity, lowerIsBetter) },
    {
      kind: 'nutriscore',
      cells: cells(
        products.map((p) => nutriscoreLetter(p.nutriscore?.grade)),
        identity,
        nutriscoreOrder,
      ),
    },
  );
  return rows;
};
