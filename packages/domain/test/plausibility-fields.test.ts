import { describe, expect, it } from 'vitest';
import { implausibleNutrients, impossibleLabel, NUTRIENT_LIMITS, nutrientIssues } from '../src/index.ts';

const label = {
  energyKcal100: 436,
  totalFatG100: 16,
  saturatedFatG100: 7.2,
  carbohydratesG100: 68,
  totalSugarsG100: 44,
  proteinG100: 5.1,
  sodiumMg100: 709,
  isBeverage: false,
  isWater: false,
};

describe('plausibility rules name the values they involve', () => {
  it('finds nothing wrong in a label that adds up', () => {
    expect(nutrientIssues(label)).toEqual([]);
  });

  it('names the part and its whole, the macronutrients, the energy', () => {
    expect(nutrientIssues({ ...label, totalSugarsG100: 74 }).map((i) => i.fields)).toEqual([['totalSugarsG100', 'carbohydratesG100']]);
    expect(nutrientIssues({ ...label, saturatedFatG100: 27 }).map((i) => i.fields)).toEqual([['saturatedFatG100', 'totalFatG100']]);
    expect(nutrientIssues({ ...label, energyKcal100: 43 }).map((i) => i.fields)).toEqual([
      ['energyKcal100', 'totalFatG100', 'carbohydratesG100', 'proteinG100'],
    ]);
    expect(nutrientIssues({ ...label, carbohydratesG100: 98, totalSugarsG100: 4 }).flatMap((i) => i.fields)).toContain('sodiumMg100');
  });

  it('says the same reasons as before, in Spanish', () => {
    const input = { ...label, totalSugarsG100: 74 };
    expect(implausibleNutrients(input)).toEqual(nutrientIssues(input).map((i) => i.message));
    expect(implausibleNutrients(input)[0]).toMatch(/^azúcares \(74 g\) mayores que los hidratos de carbono/);
  });
});

describe('one table, two levels', () => {
  it('every rule with both levels refuses only what it already doubts', () => {
    const both = Object.entries(NUTRIENT_LIMITS).filter(([, l]) => l.dudoso !== null && l.imposible !== null);
    expect(both.map(([rule]) => rule)).toEqual(['sugarsOverCarbohydratesG', 'saturatedOverFatG', 'maxMacroSumG']);
    for (const [rule, l] of both) expect(l.imposible as number, rule).toBeGreaterThanOrEqual(l.dudoso as number);
  });

  it('a label past an impossible limit is doubtful too, with the same values named', () => {
    const impossible = [
      { ...label, totalSugarsG100: label.carbohydratesG100 + NUTRIENT_LIMITS.sugarsOverCarbohydratesG.imposible + 0.1 },
      { ...label, saturatedFatG100: label.totalFatG100 + NUTRIENT_LIMITS.saturatedOverFatG.imposible + 0.1 },
      { ...label, sodiumMg100: 0, carbohydratesG100: NUTRIENT_LIMITS.maxMacroSumG.imposible, totalSugarsG100: 4 },
    ];
    for (const input of impossible) {
      expect(impossibleLabel(input)).not.toBeNull();
      expect(nutrientIssues(input).length).toBeGreaterThan(0);
    }
  });

  it('keeps the refusals the sync and admin edits have always given', () => {
    expect(impossibleLabel(label)).toBeNull();
    expect(impossibleLabel({ ...label, carbohydratesG100: 10.5, totalSugarsG100: 12.5 })).toBe(
      'Azúcares (12.5 g) mayores que los hidratos de carbono (10.5 g)',
    );
    expect(impossibleLabel({ ...label, carbohydratesG100: 10, totalSugarsG100: 11 })).toBeNull();
    expect(impossibleLabel({ ...label, totalFatG100: 1, saturatedFatG100: 50 })).toBe('Grasas saturadas (50 g) mayores que las grasas totales (1 g)');
    expect(impossibleLabel({ ...label, totalFatG100: 60, carbohydratesG100: 60, proteinG100: 10, sodiumMg100: null })).toBe(
      'Los nutrientes suman 130 g por 100 g',
    );
    expect(impossibleLabel({ ...label, energyKcal100: 1200 })).toBe('Energía imposible: 1200 kcal por 100 g');
    expect(impossibleLabel({ ...label, energyKcal100: -1 })).toBe('Energía imposible: -1 kcal por 100 g');
  });
});
