import { describe, expect, it } from 'vitest';

import { productFixture } from '../testing/product-fixture';
import { buildProductRows, type ProductRow } from './product-rows';

const names = (rows: ProductRow[]) => rows.map((row) => (row.kind === 'nutrient' ? row.nutrient : row.kind));

describe('buildProductRows', () => {
  it.each([
    { case: 'sugar exactly 16 g is bad', sugar: 16, side: 'negative' },
    { case: 'sugar 15.9 g is not bad', sugar: 15.9, side: 'positive' },
  ])('$case', ({ sugar, side }) => {
    const groups = buildProductRows(productFixture({ totalSugarsG100: sugar }));
    expect(names(groups[side as 'negative' | 'positive'])).toContain('sugar');
  });

  it.each([
    {
      case: 'saturated fat is bad when total fat is 3 g, even with 1 g saturated',
      total: 3,
      saturated: 1,
      side: 'negative',
    },
    { case: 'saturated fat is not bad when total fat is 2.9 g', total: 2.9, saturated: 1, side: 'positive' },
  ])('$case', ({ total, saturated, side }) => {
    const groups = buildProductRows(productFixture({ totalFatG100: total, saturatedFatG100: saturated }));
    expect(names(groups[side as 'negative' | 'positive'])).toContain('saturatedFat');
  });

  it.each([
    { case: 'sodium 900 mg (salt 0.9 g) is bad', sodium: 900, side: 'negative' },
    { case: 'sodium 899 mg is not bad', sodium: 899, side: 'positive' },
  ])('$case', ({ sodium, side }) => {
    const groups = buildProductRows(productFixture({ sodiumMg100: sodium }));
    expect(names(groups[side as 'negative' | 'positive'])).toContain('salt');
  });

  it.each([
    { case: 'energy 360 kcal is bad', kcal: 360, side: 'negative' },
    { case: 'energy 359 kcal is not bad', kcal: 359, side: 'positive' },
  ])('$case', ({ kcal, side }) => {
    const groups = buildProductRows(productFixture({ energyKcal100: kcal }));
    expect(names(groups[side as 'negative' | 'positive'])).toContain('energy');
  });

  it.each([
    { case: 'protein 8 g is good', protein: 8, shown: true },
    { case: 'protein 7.9 g is not shown', protein: 7.9, shown: false },
  ])('$case', ({ protein, shown }) => {
    const { positive, negative } = buildProductRows(productFixture({ proteinG100: protein }));
    expect(names(positive).includes('protein')).toBe(shown);
    expect(names(negative)).not.toContain('protein');
  });

  it.each([
    { case: 'any fibre is good', fiber: 0.5, shown: true },
    { case: 'no fibre is not shown', fiber: 0, shown: false },
    { case: 'unknown fibre is not shown', fiber: null, shown: false },
  ])('$case', ({ fiber, shown }) => {
    expect(names(buildProductRows(productFixture({ fiberG100: fiber })).positive).includes('fiber')).toBe(
      shown,
    );
  });

  it('adds fruit, vegetables and legumes into one good row', () => {
    const { positive } = buildProductRows(
      productFixture({ frutasPercentage: 30, verdurasPercentage: 20, legumesPercentage: 10 }),
    );
    expect(positive).toContainEqual(expect.objectContaining({ nutrient: 'fruitsVegetables', value: 60 }));
  });

  it('converts sodium in mg to salt in g', () => {
    const { positive } = buildProductRows(productFixture({ sodiumMg100: 259.84 }));
    const salt = positive.find((row) => row.kind === 'nutrient' && row.nutrient === 'salt');
    expect(salt?.kind === 'nutrient' && salt.value).toBeCloseTo(0.25984, 10);
  });

  it("puts additives and suspects on the bad side, 'Aditivos 0' and 'Ecológico' on the good side", () => {
    expect(names(buildProductRows(productFixture()).negative).slice(0, 2)).toEqual(['additives', 'suspects']);
    const clean = buildProductRows(
      productFixture({ detectedAdditives: [], ultraprocessed: [], organic: true }),
    );
    expect(names(clean.positive)[0]).toBe('no-additives');
    expect(names(clean.positive).at(-1)).toBe('organic');
    expect(names(clean.negative)).not.toContain('suspects');
  });

  it('leaves out nutrients the product does not give', () => {
    const groups = buildProductRows(
      productFixture({
        energyKcal100: null,
        totalSugarsG100: null,
        saturatedFatG100: null,
        sodiumMg100: null,
        proteinG100: null,
        fiberG100: null,
      }),
    );
    expect(names(groups.negative)).toEqual(['additives', 'suspects']);
    expect(names(groups.positive)).toEqual([]);
  });
});
