import type { Seal } from '@etiqueta/domain';
import { describe, expect, it } from 'vitest';

import { productFixture, undeclaredConcentrateList } from '@/testing/product-fixture';
import { buildProductRows, type ProductRow } from './product-rows';

const names = (rows: ProductRow[]) => rows.map((row) => (row.kind === 'nutrient' ? row.nutrient : row.kind));
const NO_SEALS = { seals: [] };

describe('buildProductRows', () => {
  it.each([
    { case: 'sugar 16.1 g (high) is negative', sugar: 16.1, side: 'negative' },
    { case: 'sugar 16 g (moderate) is positive', sugar: 16, side: 'positive' },
  ])('$case', ({ sugar, side }) => {
    const groups = buildProductRows(productFixture({ ...NO_SEALS, totalSugarsG100: sugar }));
    expect(names(groups[side as 'negative' | 'positive'])).toContain('sugar');
  });

  it('judges saturated fat on saturated fat, whatever the total fat', () => {
    const low = buildProductRows(productFixture({ ...NO_SEALS, totalFatG100: 30, saturatedFatG100: 0.6 }));
    expect(names(low.positive)).toContain('saturatedFat');
    const high = buildProductRows(productFixture({ ...NO_SEALS, totalFatG100: 3.2, saturatedFatG100: 3.2 }));
    expect(names(high.negative)).toContain('saturatedFat');
  });

  it('shows sodium in mg as the label prints it, with its salt equivalent (sodium × 2.5)', () => {
    const { positive } = buildProductRows(productFixture({ ...NO_SEALS, sodiumMg100: 259.84 }));
    const sodium = positive.find((row) => row.kind === 'nutrient' && row.nutrient === 'sodium');
    expect(sodium?.kind === 'nutrient' && sodium.value).toBe(259.84);
    expect(sodium?.kind === 'nutrient' && sodium.saltG).toBeCloseTo(0.6496, 6);
  });

  it('judges a drink per 100 mL: 10,8 g of sugar beside its seal is very high, on the bad side', () => {
    const seal = {
      id: 'alto-en-azucares',
      label: 'ALTO EN AZÚCARES',
      value: 10.8,
      limit: 5,
      unit: 'g',
      basis: '100 mL',
    } satisfies Seal;
    const { negative } = buildProductRows(
      productFixture({
        isLiquid: true,
        nutriscoreCategory: 'beverage',
        totalSugarsG100: 10.8,
        seals: [seal],
      }),
    );
    expect(negative).toContainEqual(
      expect.objectContaining({
        nutrient: 'sugar',
        basis: 'liquid',
        band: { level: 'very-high', colour: 'red' },
      }),
    );
  });

  it('puts doubtful values apart, neutral, never on a side', () => {
    const groups = buildProductRows(
      productFixture({
        reasons: [
          { rule: 'data.dubious', text: 'Datos dudosos: azúcares mayores que los hidratos', points: 0 },
        ],
        healthScore: null,
      }),
    );
    expect(groups.doubtful.map((row) => row.band.level)).toEqual([
      'doubtful',
      'doubtful',
      'doubtful',
      'doubtful',
      'doubtful',
    ]);
    expect(names(groups.negative).filter((n) => !['additives', 'suspects'].includes(n))).toEqual([]);
    expect(names(groups.positive)).toEqual([]);
  });

  it("puts a sealed nutrient on the negative side, at least 'high' (never 'ALTO EN CALORÍAS' beside 'Moderado')", () => {
    const seal = {
      id: 'alto-en-calorias',
      label: 'ALTO EN CALORÍAS',
      value: 289,
      limit: 275,
      unit: 'kcal',
      basis: '100 g',
    } satisfies Seal;
    const { negative, positive } = buildProductRows(productFixture({ energyKcal100: 289, seals: [seal] }));
    expect(names(positive)).not.toContain('energy');
    expect(negative).toContainEqual(
      expect.objectContaining({ nutrient: 'energy', band: { level: 'high', colour: 'orange' } }),
    );
  });

  it.each([
    { case: 'fibre 0.3 g (low) is not a positive', fiber: 0.3, shown: false },
    { case: 'fibre 4 g (good) is', fiber: 4, shown: true },
    { case: 'unknown fibre is not shown', fiber: null, shown: false },
  ])('$case', ({ fiber, shown }) => {
    const groups = buildProductRows(productFixture({ fiberG100: fiber }));
    expect(names(groups.positive).includes('fiber')).toBe(shown);
    expect(names(groups.negative)).not.toContain('fiber');
  });

  it('adds fruit, vegetables and legumes into one good row', () => {
    const { positive } = buildProductRows(
      productFixture({ frutasPercentage: 50, verdurasPercentage: 20, legumesPercentage: 10 }),
    );
    expect(positive).toContainEqual(expect.objectContaining({ nutrient: 'fruitsVegetables', value: 80 }));
  });

  it("puts additives and suspects on the bad side, 'Aditivos 0' and 'Ecológico' on the good side", () => {
    expect(names(buildProductRows(productFixture()).negative).slice(0, 2)).toEqual(['additives', 'suspects']);
    const readWell = {
      readWell: true,
      ingredientCount: 3,
      recognisedCount: 3,
      unrecognised: [],
      undeclared: [],
    };
    const clean = buildProductRows(
      productFixture({
        detectedAdditives: [],
        ultraprocessed: [],
        organic: true,
        ingredientReading: readWell,
      }),
    );
    expect(names(clean.positive)[0]).toBe('no-additives');
    expect(names(clean.positive).at(-1)).toBe('organic');
    expect(names(clean.negative)).not.toContain('suspects');
  });

  it.each([
    ['a missing list', { ingredients: null, ingredientReading: null }],
    [
      'a list with a word we cannot read',
      {
        ingredientReading: {
          readWell: false,
          ingredientCount: 3,
          recognisedCount: 2,
          unrecognised: ['xqz'],
          undeclared: [],
        },
      },
    ],
    ['the Coca-Cola concentrate', undeclaredConcentrateList],
  ])("never claims 'Aditivos 0' from %s", (_case, overrides) => {
    const groups = buildProductRows(
      productFixture({ detectedAdditives: [], ultraprocessed: [], ...overrides }),
    );
    expect(names(groups.positive)).not.toContain('no-additives');
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
