import type { Product } from '@etiqueta/contracts';
import { describe, expect, it } from 'vitest';

import { productFixture, wholesomeProductFixture } from '@/testing/product-fixture';
import {
  additiveRisk,
  betterFlags,
  buildCompareRows,
  type CompareRow,
  higherIsBetter,
  lowerIsBetter,
} from './compare-table';
import { groupByRisk } from '@/components/food/risk-groups';

describe('betterFlags', () => {
  it.each([
    { story: 'less is better: the lowest is marked', values: [12, 3, 8], compare: lowerIsBetter, marks: [false, true, false] },
    { story: 'more is better: the highest is marked', values: [12, 3, 8], compare: higherIsBetter, marks: [true, false, false] },
    { story: 'two sharing the best are both marked', values: [3, 3, 8], compare: lowerIsBetter, marks: [true, true, false] },
    { story: 'a tie of all marks none', values: [5, 5, 5], compare: lowerIsBetter, marks: [false, false, false] },
    { story: 'a tie of two marks none', values: [5, 5], compare: higherIsBetter, marks: [false, false] },
    { story: 'an unknown value is never better, even where less is better', values: [null, 4, 9], compare: lowerIsBetter, marks: [false, true, false] },
    { story: 'the known values that tie, beside an unknown one, mark none', values: [4, null, 4], compare: lowerIsBetter, marks: [false, false, false] },
    { story: 'one known value has nothing to be compared with', values: [null, 4, null], compare: lowerIsBetter, marks: [false, false, false] },
    { story: 'nothing known marks nothing', values: [null, null], compare: lowerIsBetter, marks: [false, false] },
    { story: 'zero is a value, not an unknown', values: [0, 2], compare: lowerIsBetter, marks: [true, false] },
  ])('$story', ({ values, compare, marks }) => {
    expect(betterFlags(values, compare)).toEqual(marks);
  });
});

type Additive = Product['detectedAdditives'][number];
const additive = (code: string, riskLevel: Additive['riskLevel']): Additive => ({
  code,
  name: code,
  riskLevel,
  matchedText: code,
  function: null,
  reason: null,
});

describe('additiveRisk', () => {
  const groups = (...levels: Additive['riskLevel'][]) =>
    groupByRisk(levels.map((level, index) => additive(`E${index}`, level)));

  it('counts risky additives before disputed ones, and disputed ones before harmless ones', () => {
    expect(additiveRisk(groups('Riesgo posible (Debate)', 'Riesgo posible (Debate)'), groups('Riesgoso'))).toBeLessThan(0);
    expect(additiveRisk(groups('Sin riesgo conocido', 'Sin riesgo conocido'), groups('Riesgo posible (Debate)'))).toBeLessThan(0);
    expect(additiveRisk(groups(), groups('Sin riesgo conocido'))).toBeLessThan(0);
    expect(additiveRisk(groups('Riesgoso', 'Sin riesgo conocido'), groups('Sin riesgo conocido', 'Riesgoso'))).toBe(0);
  });
});

const row = <K extends CompareRow['kind']>(rows: CompareRow[], kind: K, nutrient?: string) =>
  rows.find((candidate) => candidate.kind === kind && (nutrient === undefined || ('nutrient' in candidate && candidate.nutrient === nutrient))) as Extract<CompareRow, { kind: K }>;
const marks = (found: { cells: { better: boolean }[] }) => found.cells.map((cell) => cell.better);

describe('buildCompareRows', () => {
  // The fixture: Galletas (score 1,5, sugar 37,2 g, NOVA 4, Nutri-Score E, 3 seals, 2 harmless additives).
  const cookies = productFixture();
  const oats = wholesomeProductFixture({ novaGroup: 1, nutriscore: { grade: 'a', score: -3 } });

  it('marks the better product in each row, in the direction of that row', () => {
    const rows = buildCompareRows([cookies, oats]);
    expect(row(rows, 'score').cells.map((cell) => cell.value)).toEqual([1.5, 9.1]);
    expect(marks(row(rows, 'score'))).toEqual([false, true]);
    expect(marks(row(rows, 'nutrient', 'sugar'))).toEqual([false, true]);
    expect(marks(row(rows, 'additives'))).toEqual([false, true]);
    expect(marks(row(rows, 'nova'))).toEqual([false, true]);
    expect(marks(row(rows, 'nutriscore'))).toEqual([false, true]);
  });

  it('prefers more protein and fibre, less sodium, energy and saturated fat', () => {
    const a = productFixture({ id: 1, proteinG100: 12, fiberG100: 2, sodiumMg100: 600, energyKcal100: 400, saturatedFatG100: 1 });
    const b = productFixture({ id: 2, proteinG100: 6, fiberG100: 7, sodiumMg100: 100, energyKcal100: 300, saturatedFatG100: 5 });
    const rows = buildCompareRows([a, b]);
    expect(marks(row(rows, 'nutrient', 'protein'))).toEqual([true, false]);
    expect(marks(row(rows, 'nutrient', 'fiber'))).toEqual([false, true]);
    expect(marks(row(rows, 'nutrient', 'sodium'))).toEqual([false, true]);
    expect(marks(row(rows, 'nutrient', 'energy'))).toEqual([false, true]);
    expect(marks(row(rows, 'nutrient', 'saturatedFat'))).toEqual([true, false]);
  });

  it('keeps a target nutrient the product page leaves out, with its own band', () => {
    const rows = buildCompareRows([productFixture({ fiberG100: 0.3 }), oats]);
    const fibre = row(rows, 'nutrient', 'fiber');
    expect(fibre.cells[0]?.value).toMatchObject({ value: 0.3, band: { level: 'low' } });
  });

  it('compares values as they are shown: 104 mg and 104,4 mg of sodium are a tie', () => {
    const rows = buildCompareRows([productFixture({ sodiumMg100: 104 }), productFixture({ sodiumMg100: 104.4 })]);
    expect(marks(row(rows, 'nutrient', 'sodium'))).toEqual([false, false]);
  });

  it('leaves out a nutrient no label gives, and never marks an unknown value', () => {
    const rows = buildCompareRows([
      productFixture({ frutasPercentage: null, proteinG100: null }),
      productFixture({ frutasPercentage: null, proteinG100: 1 }),
      productFixture({ frutasPercentage: null, proteinG100: 5 }),
    ]);
    expect(rows.some((candidate) => candidate.kind === 'nutrient' && candidate.nutrient === 'fruitsVegetables')).toBe(false);
    expect(marks(row(rows, 'nutrient', 'protein'))).toEqual([false, false, true]);
  });

  it('an unscored product is never the better score', () => {
    const rows = buildCompareRows([productFixture({ healthScore: null }), productFixture({ healthScore: 0.5 }), oats]);
    expect(marks(row(rows, 'score'))).toEqual([false, false, true]);
  });

  it('a product without an ingredient list has unknown additives, not zero', () => {
    const rows = buildCompareRows([
      productFixture({ ingredients: null, detectedAdditives: [] }),
      productFixture({ detectedAdditives: [additive('E250', 'Riesgoso')] }),
      cookies,
    ]);
    const additives = row(rows, 'additives');
    expect(additives.cells[0]?.value).toBeNull();
    expect(additives.cells[1]?.value?.[0]?.items.map((item) => item.code)).toEqual(['E250']);
    expect(marks(additives)).toEqual([false, false, true]);
  });

  it('compares seals only between products whose four judged values are known', () => {
    const noTable = productFixture({ seals: [], energyKcal100: null, totalSugarsG100: null, saturatedFatG100: null, sodiumMg100: null });
    const rows = buildCompareRows([noTable, cookies, oats]);
    expect(row(rows, 'seals').cells.map((cell) => cell.value?.complete)).toEqual([false, true, true]);
    expect(marks(row(rows, 'seals'))).toEqual([false, false, true]);
  });

  it('Nutri-Score A is better than B, and NOVA 1 better than 3', () => {
    const rows = buildCompareRows([
      productFixture({ nutriscore: { grade: 'b', score: 1 }, novaGroup: 3 }),
      productFixture({ nutriscore: { grade: 'a', score: -2 }, novaGroup: 1 }),
      productFixture({ nutriscore: null, novaGroup: null }),
    ]);
    expect(row(rows, 'nutriscore').cells.map((cell) => cell.value)).toEqual(['B', 'A', null]);
    expect(marks(row(rows, 'nutriscore'))).toEqual([false, true, false]);
    expect(marks(row(rows, 'nova'))).toEqual([false, true, false]);
  });

  it('reads the rows in the order of a product page', () => {
    const kinds = buildCompareRows([cookies, oats]).map((candidate) =>
      candidate.kind === 'nutrient' ? candidate.nutrient : candidate.kind,
    );
    expect(kinds).toEqual(['score', 'seals', 'energy', 'sugar', 'saturatedFat', 'sodium', 'protein', 'fiber', 'fruitsVegetables', 'additives', 'nova', 'nutriscore']);
  });
});
