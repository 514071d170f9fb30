/**
 * Nutri-Score 2023 against Open Food Facts' unit-test vectors (../shared/data/nutriscore), read directly.
 * Every vector must match its expected_2023 score, grade and each component's points.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { computeNutriscore2023, type NutriscoreInput } from '../src/index.ts';
import type { NutriscoreCategory } from '../src/types.ts';

type Vector = {
  id: string;
  source: { commit: string };
  nutriments_100g: Record<
    'energy_kj' | 'fat' | 'saturated_fat' | 'sugars' | 'salt' | 'sodium' | 'fiber' | 'proteins',
    number | null
  >;
  fruits_vegetables_legumes_percent_used_2023: number | null;
  non_nutritive_sweeteners_n: number | null;
  expected_2023: {
    score: number;
    grade: string;
    negative_points: number;
    positive_points: number;
    count_proteins: number;
    flags: Record<
      'is_beverage' | 'is_water' | 'is_cheese' | 'is_fat_oil_nuts_seeds' | 'is_red_meat_product',
      number
    >;
    components: { negative: { id: string; points: number }[]; positive: { id: string; points: number }[] };
  };
};

/**
 * One stored expectation contradicts the Nutri-Score 2023 table, and no single rule can satisfy it together with
 * the sunflower-oil vector: OFF commit 01fe6f8e recorded the olive oil's saturated-fat ratio *value* as 0
 * (14 g / 92 g is 15.2 %), so it gave 0 points, while the sunflower-oil vector (10 %) gets 1 point and OFF's own
 * 2021 output in the same file reads 15.2 % → 1 point. We follow the table (15.2 % ≥ 10 → 1 point). The test
 * pins the exact difference, so any other change still fails. See docs/scoring.md "Donde las fuentes no coinciden".
 */
const KNOWN_UPSTREAM_ERRORS: Record<
  string,
  { component: string; storedPoints: number; tablePoints: number }
> = {
  'olive-oil@01fe6f8eb393ea6234119bc6018f2577926a4605': {
    component: 'saturated_fat_ratio',
    storedPoints: 0,
    tablePoints: 1,
  },
};

const vectorsUrl = new URL('../../../../shared/data/nutriscore/off_unit_test_vectors.jsonl', import.meta.url);
const vectors = readFileSync(vectorsUrl, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as Vector);

function categoryOf(flags: Vector['expected_2023']['flags']): NutriscoreCategory {
  if (flags.is_beverage) return 'beverage';
  if (flags.is_fat_oil_nuts_seeds) return 'added_fat';
  if (flags.is_cheese) return 'cheese';
  return 'solid';
}

function inputOf(v: Vector): NutriscoreInput {
  const n = v.nutriments_100g;
  return {
    category: categoryOf(v.expected_2023.flags),
    energyKj: n.energy_kj,
    sugarsG: n.sugars,
    saturatedFatG: n.saturated_fat,
    fatG: n.fat,
    saltG: n.salt,
    fiberG: n.fiber,
    proteinsG: n.proteins,
    fruitsVegetablesLegumesPercent: v.fruits_vegetables_legumes_percent_used_2023,
    isWater: v.expected_2023.flags.is_water === 1,
    isRedMeat: v.expected_2023.flags.is_red_meat_product === 1,
    hasNonNutritiveSweeteners: (v.non_nutritive_sweeteners_n ?? 0) > 0,
  };
}

describe('Nutri-Score 2023 reproduces every OFF vector', () => {
  it('reads at least the 10 shared vectors', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(10);
  });

  it.each(vectors.map((v) => [v.id, v] as const))('%s: score, grade and component points', (_id, v) => {
    const result = computeNutriscore2023(inputOf(v));
    const expected = structuredClone(v.expected_2023);
    const correction = KNOWN_UPSTREAM_ERRORS[`${v.id}@${v.source.commit}`];
    if (correction) {
      const component = expected.components.negative.find((c) => c.id === correction.component);
      expect(component?.points).toBe(correction.storedPoints);
      const delta = correction.tablePoints - correction.storedPoints;
      if (component) component.points = correction.tablePoints;
      expected.score += delta;
      expected.negative_points += delta;
    }
    const points = (list: { id: string; points: number }[]) =>
      Object.fromEntries(list.map((c) => [c.id, c.points]));
    expect({
      score: result.score,
      grade: result.grade,
      negative: points(result.components.negative),
      positive: points(result.components.positive),
      countProteins: result.countProteins ? 1 : 0,
    }).toEqual({
      score: expected.score,
      grade: expected.grade,
      negative: points(expected.components.negative),
      positive: points(expected.components.positive),
      countProteins: expected.count_proteins,
    });
    expect(result.negativePoints).toBe(expected.negative_points);
    expect(result.positivePoints).toBe(expected.positive_points);
  });
});
